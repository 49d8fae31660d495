import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface CrudToolbarProps {
  /** Prefix of the buttons' test ids: `${testId}-add`, `${testId}-batch-delete`. */
  testId: string;
  /** Absent when the user may not add: the button is then not shown. */
  onAdd?: () => void;
  /** Absent when the user may not delete. */
  onBatchDelete?: () => void;
  disabled?: boolean;
}

/** The add and batch-delete buttons above a list. */
export function CrudToolbar({ testId, onAdd, onBatchDelete, disabled = false }: CrudToolbarProps) {
  const { t } = useTranslation('common');
  return (
    <Space className="crud-toolbar">
      {onAdd ? (
        <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={onAdd} data-testid={`${testId}-add`}>
          {t('add')}
        </Button>
      ) : null}
      {onBatchDelete ? (
        <Button danger icon={<DeleteOutlined />} disabled={disabled} onClick={onBatchDelete} data-testid={`${testId}-batch-delete`}>
          {t('batchDelete')}
        </Button>
      ) : null}
    </Space>
  );
}
