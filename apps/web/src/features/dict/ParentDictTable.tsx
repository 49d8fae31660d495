import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DictEntry, PAGE_SIZE_DEFAULT, PERMISSIONS } from '@macro/contract';
import { Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictBase, type DictSearch, useDictParentList } from '../../api/dict';
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
  const [search, setSearch] = useState<DictSearch>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);
  const { data, isFetching } = useDictParentList(base, { ...search, ...page });
  const confirmRemove = useDictRemoval(base);
  const canAdd = useHasPermission(PERMISSIONS.dictAdd);
  const canEdit = useHasPermission(PERMISSIONS.dictEdit);
  const canDelete = useHasPermission(PERMISSIONS.dictDelete);

  const afterRemove = (ids: number[]) => {
    setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key)));
    if (selected && ids.includes(selected.id)) onSelect(null);
  };
  const records = data?.records ?? [];
  const offset = (page.current - 1) * page.size;
  const columns = parentColumns(t, (_, index) => offset + index + 1, {
    onView: (record) => onOpenDialog({ mode: 'view', kind: 'parent', record }),
    onEdit: canEdit ? (record) => onOpenDialog({ mode: 'edit', kind: 'parent', record }) : undefined,
    onRemove: canDelete ? (record) => confirmRemove([record], afterRemove) : undefined,
  });

  return (
    <Card title={t('parent.title')} className="dict-card" data-testid="dict-parent-panel">
      <DictSearchForm
        testId="dict-parent-search"
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
            onClick={() => onOpenDialog({ mode: 'create', kind: 'parent' })}
            data-testid="dict-parent-add"
          >
            {t('common:add')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmRemove(records.filter((r) => selectedKeys.includes(r.id)), afterRemove)}
            data-testid="dict-parent-batch-delete"
          >
            {t('common:batchDelete')}
          </Button>
        ) : null}
      </Space>
      <Table<DictEntry>
        rowKey="id"
        size="middle"
        bordered
        loading={isFetching}
        columns={columns}
        dataSource={records}
        scroll={{ x: 640 }}
        rowSelection={{ selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys as number[]) }}
        rowClassName={(record) => (record.id === selected?.id ? 'dict-row-active' : '')}
        onRow={(record) => ({ onClick: () => onSelect(record), style: { cursor: 'pointer' } })}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common:total', { total }),
          onChange: (current, size) => setPage({ current, size }),
        }}
        data-testid="dict-parent-table"
      />
    </Card>
  );
}
