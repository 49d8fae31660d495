import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { INTERFACE_PERMISSIONS as P } from '@macro/contract/interfaces';
import { Button, Card, Empty, Space, Spin, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { usePermissionCheck } from '../../session/store';
import { useCategoryTree, useRemoveCategory } from './api';
import { CategoryDialog, type CategoryDialogState } from './CategoryDialog';
import { categoryOptions, findCategory } from './categoryTree';

interface CategoryPanelProps {
  /** The chosen category; undefined for all of them. */
  value: number | undefined;
  onChange: (categoryId: number | undefined) => void;
}

/** The interface categories as a tree to narrow the list by; a new category goes under the chosen one. */
export function CategoryPanel({ value, onChange }: CategoryPanelProps) {
  const { t } = useTranslation('interfaces');
  const can = usePermissionCheck();
  const tree = useCategoryTree();
  const confirmRemove = useRemoveCategory();
  const { dialog, dialogKey, open, close } = useKeyedDialog<CategoryDialogState>();
  const treeData = useMemo(() => categoryOptions(tree.data), [tree.data]);
  const chosen = value === undefined ? undefined : findCategory(tree.data, value);
  return (
    <Card title={t('category.title')} className="crud-card" data-testid="interface-category-panel">
      <Space wrap size={[8, 8]} className="interface-category-actions">
        {can(P.add) ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => open({ mode: 'create', parentId: chosen?.id })} data-testid="interface-category-add">
            {t('common:add')}
          </Button>
        ) : null}
        {can(P.edit) ? (
          <Button
            size="small"
            icon={<EditOutlined />}
            disabled={!chosen}
            onClick={() => chosen && open({ mode: 'edit', record: chosen })}
            data-testid="interface-category-edit"
          >
            {t('common:edit')}
          </Button>
        ) : null}
        {can(P.delete) ? (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!chosen}
            onClick={() => chosen && confirmRemove([chosen], () => onChange(undefined))}
            data-testid="interface-category-remove"
          >
            {t('common:delete')}
          </Button>
        ) : null}
      </Space>
      <Button
        type={value === undefined ? 'primary' : 'text'}
        ghost={value === undefined}
        block
        className="interface-category-all"
        aria-pressed={value === undefined}
        onClick={() => onChange(undefined)}
        data-testid="interface-category-all"
      >
        {t('category.all')}
      </Button>
      <Spin spinning={tree.isFetching}>
        {treeData.length ? (
          <nav aria-label={t('category.title')}>
            <Tree
              // Read again, the tree opens whole: a new category shows under its parent.
              key={tree.dataUpdatedAt}
              treeData={treeData}
              defaultExpandAll
              blockNode
              selectedKeys={value === undefined ? [] : [value]}
              onSelect={(keys) => {
                if (keys.length) onChange(Number(keys[0]));
              }}
              data-testid="interface-category-tree"
            />
          </nav>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('category.empty')} />
        )}
      </Spin>
      <CategoryDialog key={dialogKey} state={dialog} onClose={close} />
    </Card>
  );
}
