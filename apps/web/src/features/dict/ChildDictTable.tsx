import { type DictEntry, type DictNode, PERMISSIONS } from '@macro/contract';
import { Card, Empty, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictBase, type DictSearch, useDictChildList } from '../../api/dict';
import { CrudToolbar } from '../../components/crud/CrudToolbar';
import { useCrudTable } from '../../components/crud/useCrudTable';
import { useHasPermission } from '../../session/store';
import { childColumns } from './columns';
import { DictSearchForm } from './DictSearchForm';
import type { DictDialogState } from './types';
import { useDictRemoval } from './useDictRemoval';

interface ChildDictTableProps {
  base: DictBase;
  parent: DictEntry | null;
  onOpenDialog: (state: DictDialogState) => void;
}

/** antd shows an expander for any `children` array, so leaves must not carry an empty one. */
type ChildRow = Omit<DictNode, 'children'> & { children?: ChildRow[] };
function toRows(nodes: readonly DictNode[]): ChildRow[] {
  return nodes.map(({ children, ...node }) => (children?.length ? { ...node, children: toRows(children) } : node));
}

function flatten(rows: readonly ChildRow[]): ChildRow[] {
  return rows.flatMap((row) => [row, ...flatten(row.children ?? [])]);
}

/** Keyed by the parent in DictPage, so another parent starts on page 1 with nothing selected. */
export function ChildDictTable({ base, parent, onOpenDialog }: ChildDictTableProps) {
  const { t } = useTranslation('dict');
  const table = useCrudTable<DictSearch>();
  const query = parent ? { parentId: parent.id, ...table.search, ...table.page } : null;
  const { data, isFetching } = useDictChildList(base, query);
  const confirmRemove = useDictRemoval(base);
  const canAdd = useHasPermission(PERMISSIONS.dictAdd);
  const canEdit = useHasPermission(PERMISSIONS.dictEdit);
  const canDelete = useHasPermission(PERMISSIONS.dictDelete);

  const rows = useMemo(() => toRows(parent ? (data?.records ?? []) : []), [data, parent]);
  const topLevel = useMemo(() => new Map(rows.map((row, i) => [row.id, i])), [rows]);
  const afterRemove = table.forget;
  const columns = childColumns<ChildRow>(
    t,
    (row) => {
      const position = topLevel.get(row.id);
      return position === undefined ? null : table.offset + position + 1;
    },
    {
      onView: (record) => onOpenDialog({ mode: 'view', kind: 'child', record }),
      onEdit: canEdit ? (record) => onOpenDialog({ mode: 'edit', kind: 'child', record }) : undefined,
      onAddChild: canAdd ? (row) => onOpenDialog({ mode: 'create', kind: 'child', parent: row }) : undefined,
      onRemove: canDelete ? (record) => confirmRemove([record], afterRemove) : undefined,
    },
  );

  const title = parent ? t('child.title', { name: parent.dictValue }) : t('child.titleEmpty');
  return (
    <Card title={title} className="dict-card" data-testid="dict-child-panel">
      <DictSearchForm testId="dict-child-search" onSearch={table.onSearch} />
      <CrudToolbar
        testId="dict-child"
        disabled={!parent}
        onAdd={canAdd ? () => parent && onOpenDialog({ mode: 'create', kind: 'child', parent }) : undefined}
        onBatchDelete={
          canDelete
            ? () => confirmRemove(flatten(rows).filter((r) => table.selectedKeys.includes(r.id)), afterRemove)
            : undefined
        }
      />
      <Table<ChildRow>
        rowKey="id"
        size="middle"
        bordered
        loading={isFetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={parent ? undefined : { emptyText: <Empty description={t('child.pickParent')} /> }}
        rowSelection={table.rowSelection}
        pagination={table.pagination(parent ? (data?.total ?? 0) : 0)}
        data-testid="dict-child-table"
      />
    </Card>
  );
}
