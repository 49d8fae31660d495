import { type DictEntry, PERMISSIONS } from '@macro/contract';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DictBase, type DictSearch, useDictParentList } from '../../api/dict';
import { CrudToolbar } from '../../components/crud/CrudToolbar';
import { useCrudTable } from '../../components/crud/useCrudTable';
import { useHasPermission } from '../../session/store';
import { parentColumns } from './columns';
import { DictSearchForm } from './DictSearchForm';
import type { DictDialogState } from './types';
import { useDictRemoval } from './useDictRemoval';

interface ParentDictTableProps {
  base: DictBase;
  selected: DictEntry | null;
  onSelect: (entry: DictEntry | null) => void;
  onOpenDialog: (state: DictDialogState) => void;
}

export function ParentDictTable({ base, selected, onSelect, onOpenDialog }: ParentDictTableProps) {
  const { t } = useTranslation('dict');
  const table = useCrudTable<DictSearch>();
  const { data, isFetching } = useDictParentList(base, { ...table.search, ...table.page });
  const confirmRemove = useDictRemoval(base);
  const canAdd = useHasPermission(PERMISSIONS.dictAdd);
  const canEdit = useHasPermission(PERMISSIONS.dictEdit);
  const canDelete = useHasPermission(PERMISSIONS.dictDelete);

  const afterRemove = (ids: number[]) => {
    table.forget(ids);
    if (selected && ids.includes(selected.id)) onSelect(null);
  };
  const records = data?.records ?? [];
  const columns = parentColumns(t, (_, index) => table.offset + index + 1, {
    onView: (record) => onOpenDialog({ mode: 'view', kind: 'parent', record }),
    onEdit: canEdit ? (record) => onOpenDialog({ mode: 'edit', kind: 'parent', record }) : undefined,
    onRemove: canDelete ? (record) => confirmRemove([record], afterRemove) : undefined,
  });

  return (
    <Card title={t('parent.title')} className="dict-card" data-testid="dict-parent-panel">
      <DictSearchForm testId="dict-parent-search" onSearch={table.onSearch} />
      <CrudToolbar
        testId="dict-parent"
        onAdd={canAdd ? () => onOpenDialog({ mode: 'create', kind: 'parent' }) : undefined}
        onBatchDelete={
          canDelete
            ? () => confirmRemove(records.filter((r) => table.selectedKeys.includes(r.id)), afterRemove)
            : undefined
        }
      />
      <Table<DictEntry>
        rowKey="id"
        size="middle"
        bordered
        loading={isFetching}
        columns={columns}
        dataSource={records}
        scroll={{ x: 640 }}
        rowSelection={table.rowSelection}
        rowClassName={(record) => (record.id === selected?.id ? 'dict-row-active' : '')}
        onRow={(record) => ({ onClick: () => onSelect(record), style: { cursor: 'pointer' } })}
        pagination={table.pagination(data?.total ?? 0)}
        data-testid="dict-parent-table"
      />
    </Card>
  );
}
