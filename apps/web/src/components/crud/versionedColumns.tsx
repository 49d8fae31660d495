import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/**
 * Columns every list of versioned, enable-able documents with one default shows (form schemes,
 * desktop schemes): the name with its "default" tag, and the enabled state. `t` reads the
 * domain's `field.name`, `field.enabled`, `state.default`, `state.enabled` and `state.disabled`.
 */
export function nameWithDefaultColumn<T extends { name: string; isDefault: boolean }>(t: TFunction): ColumnType<T> {
  return {
    dataIndex: 'name',
    title: t('field.name'),
    ellipsis: true,
    render: (name: string, row) => (
      <Space size={4}>
        {name}
        {row.isDefault ? <Tag color="blue">{t('state.default')}</Tag> : null}
      </Space>
    ),
  };
}

export function enabledColumn<T extends { enabled: boolean }>(t: TFunction): ColumnType<T> {
  return {
    dataIndex: 'enabled',
    title: t('field.enabled'),
    width: 100,
    render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'state.enabled' : 'state.disabled')}</Tag>,
  };
}

/** The saved versions' table columns: number, what it holds (`count`), who saved it and when. */
export function versionColumns<T extends { version: number; createUserName: string; createTime: string }>(t: TFunction, count: ColumnType<T>): ColumnType<T>[] {
  return [
    { dataIndex: 'version', title: t('field.version'), width: 80 },
    count,
    { dataIndex: 'createUserName', title: t('history.savedBy') },
    { dataIndex: 'createTime', title: t('history.savedAt'), render: (time: string) => time.slice(0, 16).replace('T', ' ') },
  ];
}
