import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateProcess, useStartable } from './api';

interface LaunchValues {
  code: string;
  title: string;
}

/** Starts a process from an enabled template with its title; the first node's task goes to its approvers. */
export function LaunchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const startable = useStartable(open);
  const create = useCreateProcess();
  const [form] = Form.useForm<LaunchValues>();
  const submit = async (values: LaunchValues) => {
    await create.mutateAsync({ body: { code: values.code, title: values.title.trim() } });
    message.success(t('launch.done'));
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('launch.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('launch.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'launch-ok' }}
      destroyOnHidden
      data-testid="launch-dialog"
    >
      <Form form={form} layout="vertical" name="launch" onFinish={submit} preserve={false}>
        <Form.Item name="code" label={t('launch.template')} rules={[{ required: true, message: t('launch.templateRequired') }]}>
          <Select
            placeholder={t('launch.templatePlaceholder')}
            loading={startable.isLoading}
            options={(startable.data?.records ?? []).map((s) => ({ value: s.code, label: s.name }))}
            data-testid="launch-template"
          />
        </Form.Item>
        <Form.Item name="title" label={t('launch.processTitle')} rules={[{ required: true, whitespace: true, message: t('launch.titleRequired') }]}>
          <Input placeholder={t('launch.titlePlaceholder')} maxLength={50} data-testid="launch-title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
