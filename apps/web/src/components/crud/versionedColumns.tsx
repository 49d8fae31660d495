import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** Keys every domain using these columns defines in its own namespace (its `t` is passed in). */
const KEYS = {
  name: 'field.name',
  enabled: 'field.enabled',
  version: 'field.version',
  isDefault: 'state.default',
  isEnabled: 'state.enabled',
  isDisabled: 'state.disabled',
  savedBy: 'history.savedBy',
  savedAt: 'history.savedAt',
} as const;

/**
 * Columns every list of versioned, enable-able documents with one default shows (form schemes,
 * desktop schemes): the name with its "default" tag, and the enabled state. `t` reads the
 * domain's `field.name`, `field.enabled`, `state.default`, `state.enabled` and `state.disabled`.
 */
export function nameWithDefaultColumn<T extends { name: string; isDefault: boolean }>(t: TFunction): ColumnType<T> {
  return {
    dataIndex: 'name',
    title: t(KEYS.name),
    ellipsis: true,
    render: (name: string, row) => (
      <Space size={4}>
        {name}
        {row.isDefault ? <Tag color="blue">{t(KEYS.isDefault)}</Tag> : null}
      </Space>
    ),
  };
}

export function enabledColumn<T extends { enabled: boolean }>(t: TFunction): ColumnType<T> {
  return {
    dataIndex: 'enabled',
    title: t(KEYS.enabled),
    width: 100,
    render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? KEYS.isEnabled : KEYS.isDisabled)}</Tag>,
  };
}

/** The saved versions' table columns: number, what it holds (`count`), who saved it and when. */
export function versionColumns<T extends { version: number; createUserName: string; createTime: string }>(t: TFunction, count: ColumnType<T>): ColumnType<T>[] {
  return [
    { dataIndex: 'version', title: t(KEYS.version), width: 80 },
    count,
    { dataIndex: 'createUserName', title: t(KEYS.savedBy) },
    { dataIndex: 'createTime', title: t(KEYS.savedAt), render: (time: string) => time.slice(0, 16).replace('T', ' ') },
  ];
}
