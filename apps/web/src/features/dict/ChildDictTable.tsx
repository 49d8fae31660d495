import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DictEntry, type DictNode, PAGE_SIZE_DEFAULT, PERMISSIONS } from '@macro/contract';
import { Button, Card, Empty, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictBase, type DictSearch, useDictChildList } from '../../api/dict';
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
  const [search, setSearch] = useState<DictSearch>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);
  const query = parent ? { parentId: parent.id, ...search, ...page } : null;
  const { data, isFetching } = useDictChildList(base, query);
  const confirmRemove = useDictRemoval(base);
  const canAdd = useHasPermission(PERMISSIONS.dictAdd);
  const canEdit = useHasPermission(PERMISSIONS.dictEdit);
  const canDelete = useHasPermission(PERMISSIONS.dictDelete);

  const rows = useMemo(() => toRows(parent ? (data?.records ?? []) : []), [data, parent]);
  const offset = (page.current - 1) * page.size;
  const topLevel = useMemo(() => new Map(rows.map((row, i) => [row.id, i])), [rows]);
  const afterRemove = (ids: number[]) => setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key)));
  const columns = childColumns<ChildRow>(
    t,
    (row) => {
      const position = topLevel.get(row.id);
      return position === undefined ? null : offset + position + 1;
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
      <DictSearchForm
        testId="dict-child-search"
        onSearch={(next) => {
          setSearch(next);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      />
      <Space className="dict-toolbar">
        {canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!parent}
            onClick={() => parent && onOpenDialog({ mode: 'create', kind: 'child', parent })}
            data-testid="dict-child-add"
          >
            {t('common:add')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!parent}
            onClick={() => confirmRemove(flatten(rows).filter((r) => selectedKeys.includes(r.id)), afterRemove)}
            data-testid="dict-child-batch-delete"
          >
            {t('common:batchDelete')}
          </Button>
        ) : null}
      </Space>
      <Table<ChildRow>
        rowKey="id"
        size="middle"
        bordered
        loading={isFetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={parent ? undefined : { emptyText: <Empty description={t('child.pickParent')} /> }}
        rowSelection={{ selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys as number[]) }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: parent ? (data?.total ?? 0) : 0,
          showSizeChanger: true,
          showTotal: (total) => t('common:total', { total }),
          onChange: (current, size) => setPage({ current, size }),
        }}
        data-testid="dict-child-table"
      />
    </Card>
  );
}
