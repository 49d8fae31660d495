import { DICT_PERMISSIONS as P, type DictTreeNode } from '@macro/contract/dict';
import { App, Button, Card, Col, Empty, Input, Menu, Row, Space, Spin, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionCheck } from '../../session/store';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useDataItemTree, useDetailTree, useRemoveEntry } from './api';
import { DataItemDialog, type DataItemDialogState } from './DataItemDialog';

interface AntTreeNode {
  key: number;
  title: string;
  children: AntTreeNode[];
}
const toAntTree = (nodes: DictTreeNode[]): AntTreeNode[] => nodes.map((n) => ({ key: n.id, title: n.title, children: toAntTree(n.children) }));
const find = (nodes: DictTreeNode[], id: number): DictTreeNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inside = find(node.children, id);
    if (inside) return inside;
  }
  return undefined;
};

/** Data items: each system dictionary with its details as a tree, searched by keyword. */
export function DataItemsPage() {
  const { t } = useTranslation('dataitems');
  const { modal, message } = App.useApp();
  const can = usePermissionCheck();
  const items = useDataItemTree();
  const [code, setCode] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [detailId, setDetailId] = useState<number>();
  const details = useDetailTree(code, keyword);
  const remove = useRemoveEntry();
  const { dialog, dialogKey, open, close } = useKeyedDialog<DataItemDialogState>();
  const item = items.data?.find((node) => node.code === code);
  const detail = detailId === undefined ? undefined : find(details.data ?? [], detailId);

  const confirmRemove = (name: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: t('remove', { name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await run();
        void message.success(t('removed'));
      },
    });

  return (
    <div data-testid="data-items-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card
            title={t('items')}
            extra={
              can(P.add) ? (
                <Button type="primary" size="small" onClick={() => open({ target: 'item' })} data-testid="data-item-add">
                  {t('addItem')}
                </Button>
              ) : null
            }
          >
            {items.isLoading ? (
              <Spin />
            ) : (
              <Menu
                mode="inline"
                selectedKeys={code ? [code] : []}
                onClick={({ key }) => {
                  setCode(key);
                  setDetailId(undefined);
                }}
                items={(items.data ?? []).map((node) => ({ key: node.code, label: `${node.title} (${node.code})` }))}
                data-testid="data-item-list"
                style={{ borderInlineEnd: 'none' }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={item ? t('detailsOf', { name: item.title }) : t('details')}>
            {item ? (
              <>
                <div style={{ marginBottom: 12 }}>
                  <Space wrap>
                    {can(P.edit) ? (
                      <Button size="small" onClick={() => open({ target: 'item', record: item })}>
                        {t('editItem')}
                      </Button>
                    ) : null}
                    {can(P.delete) ? (
                      <Button size="small" danger onClick={() => confirmRemove(item.title, () => remove.item.mutateAsync({ params: { id: String(item.id) } }))}>
                        {t('removeItem')}
                      </Button>
                    ) : null}
                    {can(P.add) ? (
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => open({ target: 'detail', code: item.code, parent: detail })}
                        data-testid="data-item-detail-add"
                      >
                        {detail ? t('addChild', { name: detail.title }) : t('addDetail')}
                      </Button>
                    ) : null}
                  </Space>
                </div>
                <Input.Search
                  allowClear
                  placeholder={t('keyword')}
                  aria-label={t('keyword')}
                  onSearch={setKeyword}
                  style={{ marginBottom: 12, maxWidth: 320 }}
                  data-testid="data-item-keyword"
                />
                {details.isLoading ? (
                  <Spin />
                ) : details.data?.length ? (
                  <Tree
                    defaultExpandAll
                    blockNode
                    selectedKeys={detailId === undefined ? [] : [detailId]}
                    onSelect={(keys) => setDetailId(keys.length ? Number(keys[0]) : undefined)}
                    treeData={toAntTree(details.data)}
                    data-testid="data-item-details"
                  />
                ) : (
                  <Empty description={t('noDetails')} />
                )}
                {detail && can(P.delete) ? (
                  <Button
                    danger
                    size="small"
                    style={{ marginTop: 12 }}
                    onClick={() =>
                      confirmRemove(detail.title, async () => {
                        await remove.detail.mutateAsync({ params: { id: String(detail.id) } });
                        setDetailId(undefined);
                      })
                    }
                  >
                    {t('removeDetail', { name: detail.title })}
                  </Button>
                ) : null}
              </>
            ) : (
              <Empty description={t('pickItem')} />
            )}
          </Card>
        </Col>
      </Row>
      <DataItemDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
