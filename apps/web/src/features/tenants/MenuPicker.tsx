import { MENU_ENDPOINTS, type MenuRoute } from '@macro/contract/menus';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint';
import type { WidgetProps } from '../../components/crud/SchemaForm';

interface MenuNode {
  title: string;
  value: number;
  children: MenuNode[];
}

/** The platform's menus (pages and folders) as a tree to choose from, labelled in the console's language. */
export function MenuPicker({ widget, id, value, onChange }: { widget: WidgetProps; id?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation('menu');
  const menus = useEndpointQuery(MENU_ENDPOINTS.routes, {});
  const treeData = useMemo(() => {
    const toNode = (menu: MenuRoute): MenuNode => ({
      title: menu.meta.i18n ? t(menu.meta.i18n, { defaultValue: menu.name }) : menu.name,
      value: menu.id,
      children: menu.children.map(toNode),
    });
    return (menus.data ?? []).map(toNode);
  }, [menus.data, t]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeDefaultExpandAll
      disabled={widget.disabled}
      placeholder={widget.placeholder}
      loading={menus.isFetching}
      style={{ width: '100%' }}
      data-testid={widget.testId}
    />
  );
}
