import { POST_ENDPOINTS } from '@macro/contract/posts';
import { SPECIAL_POST_ENDPOINTS as S, SPECIAL_POST_PERMISSIONS as P, SPECIAL_POST_TYPE } from '@macro/contract/org';
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { DIALOG_WIDTH } from '../../components/crud/SchemaDialog';
import { usePermissionCheck } from '../../session/store';

const TYPES = [
  { type: SPECIAL_POST_TYPE.company, key: 'company' },
  { type: SPECIAL_POST_TYPE.department, key: 'department' },
] as const;

interface Values {
  company: number[];
  department: number[];
}

/** Which posts are special for companies (F_Type 1) and for departments (F_Type 2). */
export function SpecialPostsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('org');
  const { message } = App.useApp();
  const editable = usePermissionCheck()(P.edit);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const posts = useEndpointQuery(POST_ENDPOINTS.select, {}, { enabled: open });
  const company = useEndpointQuery(S.get, { query: { type: String(SPECIAL_POST_TYPE.company) } }, { enabled: open });
  const department = useEndpointQuery(S.get, { query: { type: String(SPECIAL_POST_TYPE.department) } }, { enabled: open });
  const save = useEndpointMutation(S.save);
  useEffect(() => {
    if (company.data && department.data) {
      form.setFieldsValue({ company: company.data.postList.map((p) => p.id), department: department.data.postList.map((p) => p.id) });
    }
  }, [company.data, department.data, form]);
  const options = (posts.data ?? []).map((p) => ({ value: p.id, label: p.postName }));

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      for (const { type, key } of TYPES) await save.mutateAsync({ body: { F_Type: type, postList: values[key] ?? [] } });
      message.success(t('common:updated'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('specialPost.title')}
      width={DIALOG_WIDTH}
      maskClosable={false}
      onCancel={onClose}
      onOk={editable ? submit : onClose}
      okText={editable ? t('common:save') : t('common:close')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'special-post-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="special-post" disabled={!editable}>
        {TYPES.map(({ key }) => (
          <Form.Item key={key} name={key} label={t(`specialPost.${key}`)}>
            <Select mode="multiple" options={options} loading={posts.isFetching} optionFilterProp="label" data-testid={`special-post-${key}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
