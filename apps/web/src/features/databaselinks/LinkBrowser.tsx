import type { DatabaseLink, LinkedColumn } from '@macro/contract/databaselinks';
import { Alert, Drawer, Empty, Grid, Input, Spin, Table, Tabs, Tag, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkedRows, useLinkedTree } from './api';
import './linkBrowser.css';

const PAGE = 20;

/** A link's tables as a tree (table → columns), and the chosen table's columns and rows. */
export function LinkBrowser({ link, onClose }: { link: DatabaseLink | null; onClose: () => void }) {
  const { t } = useTranslation('databaselinks');
  const narrow = Grid.useBreakpoint().md === false;
  const tree = useLinkedTree(link?.id);
  const [filter, setFilter] = useState('');
  const [table, setTable] = useState<string>();
  const [current, setCurrent] = useState(1);
  const rows = useLinkedRows(link?.id, table, current, PAGE);
  const chosen = tree.data?.find((entry) => entry.name === table);

  const nodes = useMemo<DataNode[]>(
    () =>
      (tree.data ?? [])
        .filter((entry) => entry.name.toLowerCase().includes(filter.trim().toLowerCase()))
        .map((entry) => ({
          key: entry.name,
          title: (
            <span>
              <span>{entry.name}</span>
              {entry.comment ? <span className="link-browser-comment"> {entry.comment}</span> : null}
              {entry.kind === 'view' ? <Tag className="link-browser-tag">{t('browse.view')}</Tag> : null}
            </span>
          ),
          children: entry.columns.map((column) => ({
            key: `${entry.name}\u0000${column.name}`,
            title: `${column.name} · ${column.type}${column.length ? `(${column.length})` : ''}${column.primaryKey ? ' · PK' : ''}`,
            isLeaf: true,
            selectable: false,
          })),
        })),
    [tree.data, filter, t],
  );

  const columnColumns: ColumnsType<LinkedColumn> = [
    { dataIndex: 'name', title: t('browse.columnName'), render: (name: string, row) => (row.primaryKey ? <strong>{name} 🔑</strong> : name) },
    { key: 'type', title: t('browse.type'), render: (_, row) => `${row.type}${row.length ? `(${row.length})` : ''}` },
    { dataIndex: 'nullable', title: t('browse.nullable'), render: (nullable: boolean) => (nullable ? t('browse.yes') : t('browse.no')) },
    { dataIndex: 'defaultValue', title: t('browse.default'), ellipsis: true },
    { dataIndex: 'comment', title: t('browse.comment'), ellipsis: true },
  ];

  const failure = tree.error ?? rows.error;
  return (
    <Drawer
      open={link !== null}
      title={link ? t('browse.title', { name: link.name }) : ''}
      onClose={onClose}
      size={narrow ? '100%' : 1000}
      destroyOnHidden
      data-testid="database-link-browser"
    >
      {failure ? <Alert type="error" showIcon title={failure.message} data-testid="database-link-browser-error" /> : null}
      {tree.isLoading ? <Spin /> : null}
      {tree.data ? (
        <div className={narrow ? 'link-browser link-browser-narrow' : 'link-browser'}>
          <nav className="link-browser-tables" aria-label={t('browse.tables')}>
            <Input
              type="search"
              placeholder={t('browse.filter')}
              aria-label={t('browse.filter')}
              onChange={(event) => setFilter(event.target.value)}
              data-testid="database-link-browser-filter"
            />
            {nodes.length ? (
              <Tree
                treeData={nodes}
                selectedKeys={table ? [table] : []}
                onSelect={(keys) => {
                  const key = keys[0];
                  if (typeof key === 'string') {
                    setTable(key);
                    setCurrent(1);
                  }
                }}
                data-testid="database-link-browser-tree"
              />
            ) : (
              <Empty description={t('browse.noTables')} />
            )}
          </nav>
          <section className="link-browser-table" aria-label={table ?? t('browse.pick')}>
            {chosen ? (
              <Tabs
                items={[
                  {
                    key: 'rows',
                    label: t('browse.rows'),
                    children: (
                      <Table
                        size="small"
                        rowKey="position"
                        loading={rows.isFetching}
                        // Rows of a table without a key can repeat: each is told apart by its place on the page.
                        dataSource={(rows.data?.records ?? []).map((values, position) => ({ position, values }))}
                        columns={(rows.data?.columns ?? []).map((name) => ({
                          key: name,
                          title: name,
                          ellipsis: true,
                          render: (_: unknown, row: { values: Record<string, unknown> }) =>
                            row.values[name] === null ? <span className="link-browser-null">NULL</span> : String(row.values[name]),
                        }))}
                        scroll={{ x: 'max-content' }}
                        pagination={{
                          current,
                          pageSize: PAGE,
                          total: rows.data?.total ?? 0,
                          showSizeChanger: false,
                          showTotal: (total) => (rows.data?.totalExact === false ? t('browse.totalMore', { total }) : t('browse.total', { total })),
                          onChange: setCurrent,
                        }}
                        data-testid="database-link-browser-rows"
                      />
                    ),
                  },
                  {
                    key: 'columns',
                    label: t('browse.columns'),
                    children: (
                      <Table
                        size="small"
                        rowKey="name"
                        dataSource={chosen.columns}
                        columns={columnColumns}
                        pagination={false}
                        scroll={{ x: 'max-content' }}
                        data-testid="database-link-browser-columns"
                      />
                    ),
                  },
                ]}
              />
            ) : (
              <Empty description={t('browse.pick')} />
            )}
          </section>
        </div>
      ) : null}
    </Drawer>
  );
}
