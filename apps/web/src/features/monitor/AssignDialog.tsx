import type { InstanceRecord } from '@macro/contract/workflow';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../components/UserPicker';
import { useAssign, useOpenTasks } from './api';
import './assignDialog.css';

interface AssignValues {
  taskId: number;
  userId: number;
}

/** Gives one open task of a running process to another approver. */
export function AssignDialog({ instance, onClose }: { instance: InstanceRecord | null; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const tasks = useOpenTasks(instance?.processInstanceId);
  const assign = useAssign();
  const [form] = Form.useForm<AssignValues>();
  const submit = async (values: AssignValues) => {
    await assign.mutateAsync({ body: values });
    message.success(t('assign.done'));
    onClose();
  };
  return (
    <Modal
      open={instance !== null}
      title={t('assign.title', { title: instance?.title ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('assign.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={assign.isPending}
      okButtonProps={{ 'data-testid': 'assign-ok' }}
      destroyOnHidden
      data-testid="assign-dialog"
    >
      <Form form={form} layout="vertical" name="assign" onFinish={submit} preserve={false}>
        <Form.Item name="taskId" label={t('assign.task')} rules={[{ required: true, message: t('assign.taskRequired') }]}>
          <Select
            placeholder={t('assign.taskPlaceholder')}
            loading={tasks.isLoading}
            options={(tasks.data ?? []).map((task) => ({
              value: task.taskId,
              label: `${task.nodeName} (${task.userId === null ? t('tasks:candidates', { names: task.candidateNames.join(t('tasks:candidateSeparator')) }) : task.userName || `#${task.userId}`})`,
            }))}
            // A task's candidates can be many: its option wraps rather than cutting names off.
            optionRender={(option) => <span className="assign-task-option">{option.label}</span>}
            data-testid="assign-task"
          />
        </Form.Item>
        <Form.Item name="userId" label={t('assign.user')} rules={[{ required: true, message: t('assign.userRequired') }]}>
          <UserPicker placeholder={t('assign.userPlaceholder')} testId="assign-user" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
