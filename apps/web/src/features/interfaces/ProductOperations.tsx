import { INTERFACE_ENDPOINTS as E, type ProductOperation } from '@macro/contract/interfaces';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { type CrudListState, useCrudList } from '../../components/crud/useCrudList';

interface OperationSearch extends Record<string, string | undefined> {
  keyword?: string;
  tag?: string;
}

/** An operation as a list row: operations have no id, so a row is keyed by its place in the whole list. */
type OperationRow = ProductOperation & { id: number };

/** The product's own operations with the code each needs: what API scopes grant from. */
export function ProductOperations() {
  const { t } = useTranslation('interfaces');
  const list = useCrudList<typeof E.cataloguePage, OperationSearch>(E.cataloguePage);
  const records = list.records.map((operation, index) => ({ ...operation, id: list.offset + index + 1 }));
  const rows: CrudListState<OperationRow, OperationSearch> = { ...list, records, data: list.data && { ...list.data, records } };
  const search: SearchField[] = [
    { name: 'keyword', label: t('catalogue.keyword'), placeholder: t('catalogue.keywordPlaceholder') },
    { name: 'tag', label: t('catalogue.tag'), placeholder: t('catalogue.tagPlaceholder') },
  ];
  const columns: ColumnsType<OperationRow> = [
    { dataIndex: 'method', title: t('field.method'), width: 100, render: (method: string) => <Tag>{method}</Tag> },
    { dataIndex: 'path', title: t('catalogue.path'), ellipsis: true, render: (path: string) => <code className="interface-mono">{path}</code> },
    { dataIndex: 'summary', title: t('catalogue.summary'), ellipsis: true },
    { dataIndex: 'tag', title: t('catalogue.tag'), width: 140, ellipsis: true },
    {
      dataIndex: 'permission',
      title: t('field.permission'),
      width: 200,
      ellipsis: true,
      render: (code: string) => (code ? <code className="interface-mono">{code}</code> : t('catalogue.noCode')),
    },
  ];
  return (
    <CrudList<OperationRow, OperationSearch>
      testId="interface-catalogue"
      title={t('tab.catalogue')}
      list={rows}
      search={search}
      columns={columns}
      rowLabel={(row) => `${row.method} ${row.path}`}
      scrollX={1000}
    />
  );
}
