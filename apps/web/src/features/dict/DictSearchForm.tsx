import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictSearch } from '../../api/dict';

interface DictSearchFormProps {
  onSearch: (search: DictSearch) => void;
  testId: string;
}

/** Search by dictionary code and name (spec §2), shared by both tables. */
export function DictSearchForm({ onSearch, testId }: DictSearchFormProps) {
  const { t } = useTranslation('dict');
  const [form] = Form.useForm<DictSearch>();
  const submit = ({ code, dictValue }: DictSearch) => onSearch({ code: code?.trim(), dictValue: dictValue?.trim() });
  return (
    <Form form={form} layout="inline" onFinish={submit} className="dict-search" data-testid={testId}>
      <Form.Item name="code" label={t('field.code')}>
        <Input allowClear placeholder={t('search.codePlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="dictValue" label={t('field.dictValue')}>
        <Input allowClear placeholder={t('search.namePlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('common:search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('common:reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
