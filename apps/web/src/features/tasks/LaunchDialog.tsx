import { App, Form, Input, Modal, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundForm } from '../../components/forms/BoundForm';
import type { FormData, FormViewHandle } from '../../components/forms/FormView';
import { useCreateProcess, useStartable, useStartForm } from './api';

interface LaunchValues {
  code: string;
  title: string;
}

/**
 * Starts a process from an enabled template with its title and, when the start node binds a
 * form, that form filled in (checked here and again by the server); the first node's task goes
 * to its approvers.
 */
export function LaunchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const startable = useStartable(open);
  const create = useCreateProcess();
  const [form] = Form.useForm<LaunchValues>();
  const code = Form.useWatch('code', form);
  const startForm = useStartForm(code);
  const formKey = startForm.data?.formKey ?? null;
  const [data, setData] = useState<FormData>({});
  const filled = useRef<FormViewHandle>(null);
  const submit = async (values: LaunchValues) => {
    if (formKey && !filled.current?.validateForm()) return;
    await create.mutateAsync({ body: { code: values.code, title: values.title.trim(), variables: formKey ? data : {} } });
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
      width={formKey ? 760 : undefined}
      destroyOnHidden
      data-testid="launch-dialog"
    >
      <Form form={form} layout="vertical" name="launch" onFinish={submit} onValuesChange={(changed) => 'code' in changed && setData({})} preserve={false}>
        <Form.Item name="code" label={t('launch.template')} rules={[{ required: true, message: t('launch.templateRequired') }]}>
          <Select
            // A tenant may have many templates: typing narrows them by name.
            showSearch={{ optionFilterProp: 'label' }}
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
      {formKey ? (
        <BoundForm key={formKey} formKey={formKey} value={data} onChange={setData} access={startForm.data?.fields} formRef={filled} testId="launch-form" />
      ) : null}
    </Modal>
  );
}
