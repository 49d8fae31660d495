import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionCheck } from '../../session/store';

/** A button above a list; shown only to users holding `permission` (when given). */
export interface ToolbarAction {
  /** Test id suffix: `${testId}-${key}`. */
  key: string;
  label: string;
  icon?: ReactNode;
  permission?: string;
  primary?: boolean;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

export interface ToolbarButton {
  permission?: string;
  onClick: () => void;
}

interface CrudToolbarProps {
  /** Prefix of the buttons' test ids: `${testId}-add`, `${testId}-batch-delete`, `${testId}-<key>`. */
  testId: string;
  add?: ToolbarButton;
  batchDelete?: ToolbarButton;
  extra?: readonly ToolbarAction[];
  /** Disables every button (e.g. a child list before its parent is chosen). */
  disabled?: boolean;
}

/** Add, batch delete and the domain's own buttons; those the user may not use are not shown. */
export function CrudToolbar({ testId, add, batchDelete, extra = [], disabled = false }: CrudToolbarProps) {
  const { t } = useTranslation('common');
  const permitted = usePermissionCheck();
  const actions: ToolbarAction[] = [
    ...(add ? [{ key: 'add', label: t('add'), icon: <PlusOutlined />, primary: true, ...add }] : []),
    ...(batchDelete ? [{ key: 'batch-delete', label: t('batchDelete'), icon: <DeleteOutlined />, danger: true, ...batchDelete }] : []),
    ...extra,
  ].filter((action) => permitted(action.permission));
  if (actions.length === 0) return null;
  return (
    <Space className="crud-toolbar" wrap>
      {actions.map((action) => (
        <Button
          key={action.key}
          type={action.primary ? 'primary' : 'default'}
          danger={action.danger}
          icon={action.icon}
          disabled={disabled || action.disabled}
          onClick={action.onClick}
          data-testid={`${testId}-${action.key}`}
        >
          {action.label}
        </Button>
      ))}
    </Space>
  );
}
