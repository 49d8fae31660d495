import type { DictEntry } from '@macro/contract';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** Spec §2: the action column is 250 wide in the parent table and 300 in the child table. */
export const PARENT_ACTION_WIDTH = 250;
export const CHILD_ACTION_WIDTH = 300;

export interface RowActions<T extends DictEntry> {
  onView: (row: T) => void;
  onEdit?: (row: T) => void;
  onRemove?: (row: T) => void;
  /** Child table only: add an entry under this row. */
  onAddChild?: (row: T) => void;
}

export function SealedTag({ value, t }: { value: number; t: TFunction }) {
  return value === 1 ? <Tag color="red">{t('common:yes')}</Tag> : <Tag color="green">{t('common:no')}</Tag>;
}

function actionColumn<T extends DictEntry>(t: TFunction, width: number, actions: RowActions<T>): ColumnsType<T>[number] {
  return {
    key: 'actions',
    title: t('common:actions'),
    width,
    fixed: 'right',
    render: (_, row) => (
      <Space size={0} onClick={(event) => event.stopPropagation()}>
        <Button type="link" size="small" onClick={() => actions.onView(row)}>
          {t('common:view')}
        </Button>
        {actions.onEdit ? (
          <Button type="link" size="small" onClick={() => actions.onEdit?.(row)}>
            {t('common:edit')}
          </Button>
        ) : null}
        {actions.onAddChild ? (
          <Button type="link" size="small" onClick={() => actions.onAddChild?.(row)}>
            {t('dict:action.addChild')}
          </Button>
        ) : null}
        {actions.onRemove ? (
          <Button type="link" size="small" danger onClick={() => actions.onRemove?.(row)}>
            {t('common:delete')}
          </Button>
        ) : null}
      </Space>
    ),
  };
}

/** Row number shown in the index column; null leaves the cell empty (nested rows). */
export type IndexOf<T> = (row: T, index: number) => number | null;

function sealedColumn<T extends DictEntry>(t: TFunction): ColumnsType<T>[number] {
  return {
    dataIndex: 'isSealed',
    title: t('dict:field.isSealed'),
    width: 80,
    align: 'center',
    render: (value: number) => <SealedTag value={value} t={t} />,
  };
}

export function parentColumns(t: TFunction, indexOf: IndexOf<DictEntry>, actions: RowActions<DictEntry>): ColumnsType<DictEntry> {
  return [
    { key: 'index', title: '#', width: 56, align: 'center', render: (_, row, index) => indexOf(row, index) },
    { dataIndex: 'code', title: t('dict:field.code'), ellipsis: true },
    { dataIndex: 'dictValue', title: t('dict:field.dictValue'), ellipsis: true },
    sealedColumn(t),
    actionColumn(t, PARENT_ACTION_WIDTH, actions),
  ];
}

/** The child tree table adds the key and the sort order; its index column leaves nested rows blank. */
export function childColumns<T extends DictEntry>(t: TFunction, indexOf: IndexOf<T>, actions: RowActions<T>): ColumnsType<T> {
  return [
    { key: 'index', title: '#', width: 72, render: (_, row, index) => indexOf(row, index) },
    { dataIndex: 'code', title: t('dict:field.code'), ellipsis: true },
    { dataIndex: 'dictValue', title: t('dict:field.dictValue'), ellipsis: true },
    { dataIndex: 'dictKey', title: t('dict:field.dictKey'), ellipsis: true },
    { dataIndex: 'sort', title: t('dict:field.sort'), width: 96, align: 'right' },
    sealedColumn(t),
    actionColumn(t, CHILD_ACTION_WIDTH, actions),
  ];
}
