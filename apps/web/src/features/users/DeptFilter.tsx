import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeptTree } from '../../components/DeptTree';

interface DeptFilterProps {
  value: number | undefined;
  onChange: (deptId: number | undefined) => void;
}

/** The department the user list is narrowed to, picked from the organisation's department tree. */
export function DeptFilter({ value, onChange }: DeptFilterProps) {
  const { t } = useTranslation('users');
  return (
    <Card title={t('dept.title')} className="crud-card" data-testid="user-dept-panel">
      <DeptTree
        value={value}
        onChange={onChange}
        label={t('dept.title')}
        allLabel={t('dept.all')}
        searchPlaceholder={t('dept.search')}
        emptyLabel={t('dept.empty')}
        testId="user-dept-tree"
      />
    </Card>
  );
}
