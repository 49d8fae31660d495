import { PrinterOutlined } from '@ant-design/icons';
import type { TaskRecord } from '@macro/contract/workflow';
import { WORKFLOW_PERMISSIONS as P } from '@macro/contract/workflow';
import { App, Button, Descriptions, Drawer, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundForm } from '../../components/forms/BoundForm';
import { ProcessDiagram } from '../../components/bpmn/ProcessDiagram';
import type { FormData, FormViewHandle } from '../../components/forms/FormView';
import { ProcessHistory } from '../../components/workflow/ProcessHistory';
import { useHasPermission } from '../../session/store';
// What only some decisions need loads when chosen: the people picker, the print preview.
const LazyUserPicker = lazy(() => import('../../components/UserPicker').then((m) => ({ default: m.UserPicker })));
const PrintPreview = lazy(() => import('./PrintPreview').then((m) => ({ default: m.PrintPreview })));
import { useAddSigners, useCarbonCopy, useHandleTask, useHistory, useRejectTargets, useTaskDetail, useTransferTask, useUsableStamps } from './api';

/**
 * The people picker inside a form item: the item (and its rule) is there at once, the picker
 * itself loads the first time a decision needs it.
 */
function UserPicker(props: ComponentProps<typeof LazyUserPicker>) {
  return (
    <Suspense fallback={<Select loading disabled placeholder={props.placeholder} />}>
      <LazyUserPicker {...props} />
    </Suspense>
  );
}

type Decision = 'approve' | 'reject' | 'transfer' | 'cc' | 'addSigners';

interface DecisionValues {
  comment?: string;
  rejectTo?: string;
  userId?: number;
  userIds?: number[];
  stampId?: number;
  stampPassword?: string;
}

interface TaskDrawerProps {
  task: TaskRecord | null;
  /** Handling an open task (the to-do list) or only reading one (done). */
  handling: boolean;
  onClose: () => void;
}

/** One task: its form data as the node shows them, the history, and the decisions the node allows. */
export function TaskDrawer({ task, handling, onClose }: TaskDrawerProps) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const mayHandle = useHasPermission(P.taskHandle) && handling;
  const detail = useTaskDetail(task?.taskId);
  const history = useHistory(task?.processInstanceId);
  const targets = useRejectTargets(mayHandle ? task?.taskId : undefined);
  const handle = useHandleTask();
  const transfer = useTransferTask();
  const carbonCopy = useCarbonCopy();
  const addSigners = useAddSigners();
  const stamps = useUsableStamps(mayHandle && task !== null);
  const [decision, setDecision] = useState<Decision>('approve');
  const [printing, setPrinting] = useState(false);
  const [form] = Form.useForm<DecisionValues>();
  const stampChosen = Form.useWatch('stampId', form) !== undefined;
  const counterSign = detail.data?.node.counterSign ?? false;

  const submit = async (values: DecisionValues) => {
    if (!task) return;
    const comment = values.comment?.trim() ?? '';
    if (decision === 'transfer') await transfer.mutateAsync({ body: { taskId: task.taskId, userId: values.userId!, comment } });
    else if (decision === 'cc') await carbonCopy.mutateAsync({ body: { processInstanceId: task.processInstanceId, taskId: task.taskId, userIds: values.userIds! } });
    else if (decision === 'addSigners') await addSigners.mutateAsync({ body: { taskId: task.taskId, userIds: values.userIds! } });
    else {
      if (decision === 'approve' && formKey && mayHandle && !filled.current?.validateForm()) return;
      const changed = decision === 'approve' ? changedFields() : {};
      const stamp = decision === 'approve' && values.stampId !== undefined ? { stampId: values.stampId, stampPassword: values.stampPassword ?? '' } : {};
      await handle.mutateAsync({ body: { taskId: task.taskId, action: decision, comment, ...stamp, ...(decision === 'reject' ? { rejectTo: values.rejectTo } : {}), ...(Object.keys(changed).length ? { variables: changed } : {}) } });
    }
    message.success(t(`done.${decision}`));
    // Copies and added signers leave the task open.
    if (decision === 'cc' || decision === 'addSigners') form.resetFields(['userIds']);
    else onClose();
  };
  const pending = handle.isPending || transfer.isPending || carbonCopy.isPending || addSigners.isPending;
  const choose = (next: Decision) => {
    setDecision(next);
    // Validate after the state change, so the rules of the chosen decision apply.
    setTimeout(() => form.submit(), 0);
  };
  const variables = Object.entries(detail.data?.variables ?? {});
  const formKey = detail.data?.node.formKey ?? null;
  const access = detail.data?.node.fields;
  const [formData, setFormData] = useState<FormData | null>(null);
  const filled = useRef<FormViewHandle>(null);
  // Each task starts clean: no comment, stamp, choice or form edits carried over from the last one.
  const taskId = task?.taskId;
  useEffect(() => {
    if (taskId === undefined) return;
    form.resetFields();
    setFormData(null);
    setDecision('approve');
  }, [taskId, form]);
  /** The editable fields the approver changed: what approving sends (the server checks them against the form). */
  const changedFields = () => {
    if (!formKey || !formData) return {};
    const locked = new Set((access ?? []).filter((f) => f.permission !== 'edit').map((f) => f.name));
    const before = detail.data?.variables ?? {};
    return Object.fromEntries(Object.entries(formData).filter(([name, value]) => !locked.has(name) && JSON.stringify(value) !== JSON.stringify(before[name])));
  };

  return (
    <Drawer
      open={task !== null}
      onClose={onClose}
      title={task?.title || t('untitled')}
      size="large"
      destroyOnHidden
      data-testid="task-drawer"
      extra={
        <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="task-print">
          {t('print.open')}
        </Button>
      }
    >
      {printing && task ? (
        <Suspense fallback={null}>
          <PrintPreview task={task} onClose={() => setPrinting(false)} />
        </Suspense>
      ) : null}
      {task ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'node', label: t('field.node'), children: task.nodeName },
              { key: 'status', label: t('field.status'), children: t(`status.${task.status}`, { defaultValue: task.status }) },
              { key: 'createTime', label: t('field.createTime'), children: task.createTime.slice(0, 16).replace('T', ' ') },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('formData')}</Typography.Title>
            {detail.isLoading ? (
              <Spin />
            ) : formKey ? (
              <BoundForm
                formKey={formKey}
                value={formData ?? detail.data?.variables ?? {}}
                onChange={setFormData}
                access={access}
                readOnly={!mayHandle}
                formRef={filled}
                testId="task-bound-form"
              />
            ) : variables.length ? (
              <Descriptions size="small" bordered column={1} items={variables.map(([key, value]) => ({ key, label: key, children: String(value) }))} data-testid="task-variables" />
            ) : (
              <Typography.Text type="secondary">{t('noFormData')}</Typography.Text>
            )}
          </div>
          <div>
            <Typography.Title level={5}>{t('diagram.title')}</Typography.Title>
            <ProcessDiagram instanceId={task.processInstanceId} />
          </div>
          <div>
            <Typography.Title level={5}>{t('history')}</Typography.Title>
            <ProcessHistory records={history.data ?? []} testId="task-history" />
          </div>
          {mayHandle ? (
            <Form form={form} layout="vertical" onFinish={submit} name="task-decision" data-testid="task-form">
              {decision === 'reject' ? (
                <Form.Item name="rejectTo" label={t('field.rejectTo')} rules={[{ required: true, message: t('rule.rejectTo') }]}>
                  <Select
                    placeholder={t('form.rejectToPlaceholder')}
                    options={(targets.data ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName }))}
                    data-testid="task-reject-to"
                  />
                </Form.Item>
              ) : null}
              {decision === 'transfer' ? (
                <Form.Item name="userId" label={t('field.transferTo')} rules={[{ required: true, message: t('rule.transferTo') }]}>
                  <UserPicker placeholder={t('form.transferPlaceholder')} testId="task-transfer-to" />
                </Form.Item>
              ) : null}
              {decision === 'cc' || decision === 'addSigners' ? (
                <Form.Item name="userIds" label={t(`field.${decision}`)} rules={[{ required: true, message: t(`rule.${decision}`) }]}>
                  <UserPicker multiple placeholder={t('form.usersPlaceholder')} testId="task-users" />
                </Form.Item>
              ) : null}
              {stamps.data?.length ? (
                <Space wrap align="start">
                  <Form.Item name="stampId" label={t('field.stamp')}>
                    <Select
                      allowClear
                      style={{ minWidth: 200 }}
                      placeholder={t('form.stampPlaceholder')}
                      options={stamps.data.map((s) => ({ value: s.id, label: s.stampName }))}
                      data-testid="task-stamp"
                    />
                  </Form.Item>
                  {stampChosen ? (
                    <Form.Item name="stampPassword" label={t('field.stampPassword')} rules={[{ required: true, message: t('rule.stampPassword') }]}>
                      <Input.Password autoComplete="off" data-testid="task-stamp-password" />
                    </Form.Item>
                  ) : null}
                </Space>
              ) : null}
              <Form.Item name="comment" label={t('field.comment')}>
                <Input.TextArea rows={3} placeholder={t('form.commentPlaceholder')} data-testid="task-comment" />
              </Form.Item>
              <Space wrap>
                <Button type="primary" onClick={() => choose('approve')} loading={handle.isPending && decision === 'approve'} disabled={pending && decision !== 'approve'} data-testid="task-approve">
                  {t('action.approve')}
                </Button>
                <Button danger onClick={() => choose('reject')} loading={handle.isPending && decision === 'reject'} data-testid="task-reject">
                  {t('action.reject')}
                </Button>
                <Button onClick={() => choose('transfer')} loading={transfer.isPending} data-testid="task-transfer">
                  {t('action.transfer')}
                </Button>
                <Button onClick={() => choose('cc')} loading={carbonCopy.isPending} data-testid="task-cc">
                  {t('action.cc')}
                </Button>
                {counterSign ? (
                  <Button onClick={() => choose('addSigners')} loading={addSigners.isPending} data-testid="task-add-signers">
                    {t('action.addSigners')}
                  </Button>
                ) : null}
              </Space>
            </Form>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}
