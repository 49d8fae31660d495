import type { DictEntry } from '@macro/contract/dict';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** Spec §2: the action column is 250 wide in the parent table and 300 in the child table. */

export function SealedTag({ value, t }: { value: number; t: TFunction }) {
  return value === 1 ? <Tag color="red">{t('common:yes')}</Tag> : <Tag color="green">{t('common:no')}</Tag>;
}

function sealedColumn<T extends DictEntry>(t: TFunction): ColumnsType<T>[number] {
  return {
    dataIndex: 'isSealed',
    title: t('dict:field.isSealed'),
    width: 80,
    align: 'center',
    render: (value: number) => <SealedTag value={value} t={t} />,
  };
}

export function parentColumns<T extends DictEntry>(t: TFunction): ColumnsType<T> {
  return [
    { dataIndex: 'code', title: t('dict:field.code'), ellipsis: true },
    { dataIndex: 'dictValue', title: t('dict:field.dictValue'), ellipsis: true },
    sealedColumn(t),
  ];
}

/** The child tree table adds the key and the sort order. */
export function childColumns<T extends DictEntry>(t: TFunction): ColumnsType<T> {
  return [
    { dataIndex: 'code', title: t('dict:field.code'), ellipsis: true },
    { dataIndex: 'dictValue', title: t('dict:field.dictValue'), ellipsis: true },
    { dataIndex: 'dictKey', title: t('dict:field.dictKey'), ellipsis: true },
    { dataIndex: 'sort', title: t('dict:field.sort'), width: 96, align: 'right' },
    sealedColumn(t),
  ];
}
