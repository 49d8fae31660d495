import { DEPT_PERMISSIONS as P, type Dept, type DeptNode } from '@macro/contract/org';
import { Empty } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import { useCompanyDeptTree, useRemoveDepts } from './api';
import type { DeptDialogState } from './DeptDialog';
import { useTreeList } from './useTreeList';

interface DeptListProps {
  company: { id: number; name: string } | null;
  onOpenDialog: (state: DeptDialogState, depts: readonly DeptNode[]) => void;
}

/** The departments of the chosen company, as a tree table. Keyed by company: another company starts with nothing selected. */
export function DeptList({ company, onOpenDialog }: DeptListProps) {
  const { t } = useTranslation('org');
  const query = useCompanyDeptTree(company?.id);
  const list = useTreeList<DeptNode>(query, company !== null);
  const confirmRemove = useRemoveDepts();
  const depts = query.data ?? [];
  const open = (state: DeptDialogState) => onOpenDialog(state, depts);
  const columns: ColumnsType<Dept> = [
    { dataIndex: 'deptName', title: t('dept.field.deptName'), width: 180, ellipsis: true },
    { dataIndex: 'deptTypeName', title: t('dept.field.deptType'), width: 110 },
    { dataIndex: 'sort', title: t('dept.field.sort'), width: 72, align: 'right' },
  ];
  const rowActions: RowAction<Dept>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'add-child', label: t('dept.addChild'), permission: P.add, onClick: (parent) => open({ mode: 'create', parentId: parent.id }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <CrudList<DeptNode>
      testId="dept"
      title={company ? t('dept.titleOf', { name: company.name }) : t('dept.title')}
      list={list}
      columns={columns}
      rowLabel={(row) => row.deptName}
      add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
      batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list, true), list.forget) }}
      rowActions={rowActions}
      tree
      toolbarDisabled={company === null}
      idleText={<Empty description={t('dept.pickCompany')} />}
      // Fits beside the company tree at 1440 px, so an empty table does not scroll sideways.
      scrollX={760}
    />
  );
}
