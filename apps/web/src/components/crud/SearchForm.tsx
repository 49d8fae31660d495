import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListSearch } from './useCrudList';

/** One text filter of a list (the domain names the field; the kit lays it out). */
export interface SearchField {
  name: string;
  label: string;
  placeholder?: string;
}

interface SearchFormProps<S extends ListSearch> {
  /** Also the form's name, so its field ids (`${testId}_${name}`) are unique on the page. */
  testId: string;
  fields: readonly SearchField[];
  onSearch: (search: S) => void;
}

/** Search and reset above a list; values are trimmed, blanks dropped. */
export function SearchForm<S extends ListSearch>({ testId, fields, onSearch }: SearchFormProps<S>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<S>();
  const submit = (values: S) => {
    const search: ListSearch = {};
    for (const { name } of fields) {
      const value = values[name]?.trim();
      if (value) search[name] = value;
    }
    onSearch(search as S);
  };
  return (
    <Form<S> form={form} name={testId} layout="inline" onFinish={submit} className="crud-search" data-testid={testId}>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} className="crud-search-field">
          <Input allowClear placeholder={field.placeholder} className="crud-search-input" />
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({} as S);
          }}
        >
          {t('reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
