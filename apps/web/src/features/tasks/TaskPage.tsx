import { PrinterOutlined } from '@ant-design/icons';
import type { TaskRecord } from '@macro/contract/workflow';
import { WORKFLOW_PERMISSIONS as P } from '@macro/contract/workflow';
import { App, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { encryptPasswords } from '../../api/session';
import { BoundForm } from '../../components/forms/BoundForm';
import { ProcessDiagram } from '../../components/bpmn/ProcessDiagram';
import { WarningBlock } from '../../components/WarningBlock';
import type { FormData, FormViewHandle } from '../../components/forms/FormView';
import { ProcessHistory } from '../../components/workflow/ProcessHistory';
import { MESSAGES_NS } from '../../i18n';
import { useHasPermission, useSession } from '../../session/store';
import { useTabs, useTabTitle } from '../../shell/tabs';
// What only some decisions need loads when chosen: the people picker, the print preview.
const LazyUserPicker = lazy(() => import('../../components/UserPicker').then((m) => ({ default: m.UserPicker })));
const PrintPreview = lazy(() => import('./PrintPreview').then((m) => ({ default: m.PrintPreview })));
import { useAddSigners, useCarbonCopy, useHandleTask, useHistory, useRejectTargets, useTaskDetail, useTransferTask, useUsableStamps } from './api';
import { TASKS_PATH, useIdFromPath } from './paths';
import './tasks.css';

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
  userId?: number;
  userIds?: number[];
  stampId?: number;
  stampPassword?: string;
}

/**
 * /workflow/tasks/{taskId}: one task on a page of its own (a to-do row, a message or a bookmark
 * opens it in a tab): its form data as the node shows them, the diagram, the history, and the
 * decisions the node allows, to the person it is assigned to while it is open.
 */
export function TaskPage() {
  const { t } = useTranslation('tasks');
  const id = useIdFromPath();
  const detail = useTaskDetail(id);
  const task = detail.data?.task;
  useTabTitle(task ? task.title || t('untitled') : undefined);
  return (
    <Card
      title={<h2 className="task-page-title">{task ? task.title || t('untitled') : t('page.title')}</h2>}
      extra={task ? <PrintButton task={task} /> : null}
      data-testid="task-page"
    >
      {id === undefined ? (
        <WarningBlock title={t(`${MESSAGES_NS}:workflow.taskNotFound`)} testId="task-problem" />
      ) : detail.error ? (
        <WarningBlock title={detail.error.message} testId="task-problem" />
      ) : task ? (
        // Keyed: another task's page starts clean (no comment, stamp, choice or form edits carried over).
        <TaskView key={task.taskId} task={task} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

function PrintButton({ task }: { task: TaskRecord }) {
  const { t } = useTranslation('tasks');
  const [printing, setPrinting] = useState(false);
  return (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="task-print">
        {t('print.open')}
      </Button>
      {printing ? (
        <Suspense fallback={null}>
          <PrintPreview task={task} onClose={() => setPrinting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function TaskView({ task }: { task: TaskRecord }) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const me = useSession((s) => s.user?.user_id);
  // The person it is assigned to (or, while nobody holds it, any of its candidates) decides while it is open; others read.
  const mayAct = task.assigneeId === null ? task.candidateIds.includes(me ?? -1) : task.assigneeId === me;
  const mayHandle = useHasPermission(P.taskHandle) && task.state === 'open' && mayAct;
  const detail = useTaskDetail(task.taskId);
  const history = useHistory(task.processInstanceId);
  const targets = useRejectTargets(mayHandle ? task.taskId : undefined);
  const handle = useHandleTask();
  const transfer = useTransferTask();
  const carbonCopy = useCarbonCopy();
  const addSigners = useAddSigners();
  const stamps = useUsableStamps(mayHandle);
  const [decision, setDecision] = useState<Decision>('approve');
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<DecisionValues>();
  const stampChosen = Form.useWatch('stampId', form) !== undefined;
  const counterSign = detail.data?.node.counterSign ?? false;
  /** Decided: this tab closes and the to-do list shows. */
  const leave = () => {
    const here = pathname + search;
    useTabs.getState().close(here, here);
    navigate(TASKS_PATH, { replace: true });
  };

  const submit = async (values: DecisionValues) => {
    const comment = values.comment?.trim() ?? '';
    if (decision === 'transfer') await transfer.mutateAsync({ body: { taskId: task.taskId, userId: values.userId!, comment } });
    else if (decision === 'cc')
      await carbonCopy.mutateAsync({ body: { processInstanceId: task.processInstanceId, taskId: task.taskId, userIds: values.userIds! } });
    else if (decision === 'addSigners') await addSigners.mutateAsync({ body: { taskId: task.taskId, userIds: values.userIds! } });
    else {
      if (decision === 'approve' && ownForm && mayHandle && !filled.current?.validateForm()) return;
      const changed = decision === 'approve' ? changedFields() : {};
      const stamp =
        decision === 'approve' && values.stampId !== undefined
          ? { stampId: values.stampId, stampPassword: (await encryptPasswords({ stampPassword: values.stampPassword ?? '' })).stampPassword }
          : {};
      await handle.mutateAsync({
        body: { taskId: task.taskId, action: 'approve', comment, ...stamp, ...(Object.keys(changed).length ? { variables: changed } : {}) },
      });
    }
    message.success(t(`done.${decision}`));
    // Copies and added signers leave the task open.
    if (decision === 'cc' || decision === 'addSigners') form.resetFields(['userIds']);
    else leave();
  };
  const pending = handle.isPending || transfer.isPending || carbonCopy.isPending || addSigners.isPending;
  const choose = (next: Decision) => {
    setDecision(next);
    // Validate after the state change, so the rules of the chosen decision apply.
    setTimeout(() => form.submit(), 0);
  };
  const variables = Object.entries(detail.data?.variables ?? {});
  // A node with no form of its own shows the start form, read-only: what the starter entered.
  const ownForm = detail.data?.node.formKey ?? null;
  const formKey = ownForm ?? detail.data?.startFormKey ?? null;
  const access = ownForm ? detail.data?.node.fields : undefined;
  const [formData, setFormData] = useState<FormData | null>(null);
  const filled = useRef<FormViewHandle>(null);
  /** The editable fields the approver changed: what approving sends (the server checks them against the form). */
  const changedFields = () => {
    if (!ownForm || !formData) return {};
    const locked = new Set((access ?? []).filter((f) => f.permission !== 'edit').map((f) => f.name));
    const before = detail.data?.variables ?? {};
    return Object.fromEntries(Object.entries(formData).filter(([name, value]) => !locked.has(name) && JSON.stringify(value) !== JSON.stringify(before[name])));
  };

  return (
    // A plain column, not antd's Space: the action bar must be a direct child of the whole page to stay in view (sticky).
    <div className="task-view">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'node', label: t('field.node'), children: task.nodeName },
          { key: 'status', label: t('field.status'), children: t(`status.${task.status}`, { defaultValue: task.status }) },
          { key: 'createTime', label: t('field.createTime'), children: task.createTime.slice(0, 16).replace('T', ' ') },
        ]}
      />
      <div>
        <h3 className="task-section">{t('formData')}</h3>
        {detail.isLoading ? (
          <Spin />
        ) : formKey ? (
          <BoundForm
            formKey={formKey}
            value={formData ?? detail.data?.variables ?? {}}
            onChange={setFormData}
            access={access}
            readOnly={!mayHandle || !ownForm}
            formRef={filled}
            testId="task-bound-form"
          />
        ) : variables.length ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={variables.map(([key, value]) => ({ key, label: key, children: String(value) }))}
            data-testid="task-variables"
          />
        ) : (
          <span className="task-none">{t('noFormData')}</span>
        )}
      </div>
      <div>
        <h3 className="task-section">{t('diagram.title')}</h3>
        <ProcessDiagram instanceId={task.processInstanceId} />
      </div>
      <div>
        <h3 className="task-section">{t('history')}</h3>
        <ProcessHistory records={history.data ?? []} testId="task-history" />
      </div>
      {mayHandle ? (
        <Form form={form} layout="vertical" onFinish={submit} name="task-decision" data-testid="task-form">
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
        </Form>
      ) : null}
      {/* The decisions stay in view at the bottom of the page while the form and history scroll. */}
      {mayHandle ? (
        <Space wrap className="task-actions" data-testid="task-actions">
          <Button
            type="primary"
            onClick={() => choose('approve')}
            loading={handle.isPending && decision === 'approve'}
            disabled={pending && decision !== 'approve'}
            data-testid="task-approve"
          >
            {t('action.approve')}
          </Button>
          <Button danger onClick={() => setRejecting(true)} loading={handle.isPending && decision === 'reject'} disabled={pending} data-testid="task-reject">
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
      ) : null}
      {mayHandle ? (
        <RejectDialog
          open={rejecting}
          targets={targets.data ?? []}
          loadingTargets={targets.isLoading}
          reason={form.getFieldValue('comment') ?? ''}
          pending={handle.isPending}
          onCancel={() => setRejecting(false)}
          onReject={async ({ rejectTo, reason }) => {
            setDecision('reject');
            await handle.mutateAsync({ body: { taskId: task.taskId, action: 'reject', rejectTo, comment: reason.trim() } });
            setRejecting(false);
            message.success(t('done.reject'));
            leave();
          }}
        />
      ) : null}
    </div>
  );
}

interface RejectValues {
  rejectTo: string;
  reason: string;
}

/**
 * Rejecting in one step: where to (the nodes the rule allows, nearest first) and why; the reason
 * is required, since the starter reads it in their bell and on the request's page.
 */
function RejectDialog(props: {
  open: boolean;
  targets: readonly { nodeId: string; nodeName: string }[];
  loadingTargets: boolean;
  reason: string;
  pending: boolean;
  onCancel: () => void;
  onReject: (values: RejectValues) => Promise<void>;
}) {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<RejectValues>();
  const onlyTarget = props.targets.length === 1 ? props.targets[0].nodeId : undefined;
  // The nodes may arrive after the dialog opened: the only one is chosen then, unless a choice was made.
  useEffect(() => {
    if (props.open && onlyTarget && form.getFieldInstance('rejectTo') && !form.getFieldValue('rejectTo')) form.setFieldsValue({ rejectTo: onlyTarget });
  }, [props.open, onlyTarget, form]);
  return (
    <Modal
      open={props.open}
      title={t('reject.title')}
      okText={t('action.reject')}
      okButtonProps={{ danger: true, loading: props.pending, 'data-testid': 'task-reject-confirm' } as ComponentProps<typeof Button>}
      cancelText={t('common:cancel')}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      afterOpenChange={(open) => {
        if (open) form.setFieldsValue({ reason: props.reason, rejectTo: form.getFieldValue('rejectTo') ?? onlyTarget });
      }}
      destroyOnHidden
      data-testid="task-reject-dialog"
    >
      <Form<RejectValues>
        form={form}
        layout="vertical"
        name="task-reject"
        onFinish={(values) => props.onReject(values).catch(() => undefined)}
        preserve={false}
      >
        <Form.Item name="rejectTo" label={t('field.rejectTo')} rules={[{ required: true, message: t('rule.rejectTo') }]}>
          <Select
            placeholder={t('form.rejectToPlaceholder')}
            options={props.targets.map((n) => ({ value: n.nodeId, label: n.nodeName }))}
            loading={props.loadingTargets}
            data-testid="task-reject-to"
          />
        </Form.Item>
        <Form.Item name="reason" label={t('field.rejectReason')} rules={[{ required: true, whitespace: true, message: t('rule.rejectReason') }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('form.rejectReasonPlaceholder')} data-testid="task-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
