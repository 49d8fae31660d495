import { Button, Card, Form, InputNumber, Menu, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DeptFilterProps {
  value: number | undefined;
  onChange: (deptId: number | undefined) => void;
}

/**
 * The department the list is narrowed to. Until the organisation module serves the department
 * tree this is "all" or a department id typed in; the list filters by `deptId` either way.
 */
export function DeptFilter({ value, onChange }: DeptFilterProps) {
  const { t } = useTranslation('users');
  const [typed, setTyped] = useState<number | null>(value ?? null);
  const items = [
    { key: 'all', label: t('dept.all') },
    ...(value === undefined ? [] : [{ key: String(value), label: t('dept.current', { id: value }) }]),
  ];
  return (
    <Card title={t('dept.title')} className="crud-card" data-testid="user-dept-panel">
      <Menu
        mode="inline"
        selectedKeys={[value === undefined ? 'all' : String(value)]}
        items={items}
        onClick={({ key }) => onChange(key === 'all' ? undefined : Number(key))}
        aria-label={t('dept.title')}
      />
      <Form
        layout="vertical"
        name="user-dept-filter"
        onFinish={() => onChange(typed && Number.isInteger(typed) && typed > 0 ? typed : undefined)}
        style={{ marginTop: 16 }}
      >
        <Form.Item label={t('dept.byId')} htmlFor="user-dept-id">
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber id="user-dept-id" min={1} precision={0} value={typed} onChange={setTyped} style={{ width: '100%' }} />
            <Button htmlType="submit">{t('dept.apply')}</Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  );
}
