import type { ScopeMenuNode } from '@macro/contract/scopes';
import { Card, Col, Empty, Row, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A menu as the scope screens show it: its translated label. */
export function useMenuLabel() {
  const { t } = useTranslation('menu');
  return (node: { i18n: string; name: string }) => (node.i18n ? t(node.i18n, { defaultValue: node.name }) : node.name);
}

interface MenuPickerProps {
  title: string;
  menus: { data?: ScopeMenuNode[]; isLoading: boolean };
  selected: ScopeMenuNode | null;
  onSelect: (node: ScopeMenuNode | null) => void;
  testId: string;
}

/** The menus scopes hang on, as a keyboard-navigable tree (arrows, Enter): the left side of a scope screen. */
export function MenuPicker({ title, menus, selected, onSelect, testId }: MenuPickerProps) {
  const label = useMenuLabel();
  const byId = useMemo(() => {
    const map = new Map<number, ScopeMenuNode>();
    const walk = (list: readonly ScopeMenuNode[]) => {
      for (const node of list) {
        map.set(node.id, node);
        walk(node.children);
      }
    };
    walk(menus.data ?? []);
    return map;
  }, [menus.data]);
  const treeData = useMemo(() => {
    const toData = (node: ScopeMenuNode): DataNode => ({ key: node.id, title: label(node), children: node.children.map(toData) });
    return (menus.data ?? []).map(toData);
  }, [menus.data, label]);
  return (
    <Card title={title} className="crud-card" data-testid={testId}>
      {menus.isLoading ? (
        <Spin />
      ) : treeData.length ? (
        <Tree
          treeData={treeData}
          defaultExpandAll
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(keys) => onSelect(keys.length ? (byId.get(Number(keys[0])) ?? null) : null)}
          aria-label={title}
          data-testid={`${testId}-tree`}
        />
      ) : (
        <Empty />
      )}
    </Card>
  );
}

/** The menu a scope list belongs to, named as the screen shows it. */
export interface PickedMenu {
  id: number;
  name: string;
}

interface ScopeScreenProps {
  /** Test id of the page; the menu tree is `${testId}-menus`. */
  testId: string;
  menus: MenuPickerProps['menus'];
  /** The chosen menu's scopes (remounted when the menu changes). */
  list: (menu: PickedMenu | null) => ReactNode;
}

/** Both scope screens: pick a menu on the left, manage its scopes on the right. */
export function ScopeScreen({ testId, menus, list }: ScopeScreenProps) {
  const { t } = useTranslation('scopes');
  const label = useMenuLabel();
  const [menu, setMenu] = useState<ScopeMenuNode | null>(null);
  return (
    <div data-testid={`${testId}-page`}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7} xxl={6}>
          <MenuPicker title={t('scopes:menus')} menus={menus} selected={menu} onSelect={setMenu} testId={`${testId}-menus`} />
        </Col>
        <Col xs={24} lg={16} xl={17} xxl={18} key={menu?.id ?? 'none'}>
          {list(menu ? { id: menu.id, name: label(menu) } : null)}
        </Col>
      </Row>
    </div>
  );
}
