import { z } from 'zod';
import { id, idList, idParam, parentId, parentIdParam } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { isUrl } from '../validators.ts';

/** Category of a menu row: a page or folder, or a button. */
export const MENU_CATEGORY = { menu: 1, button: 2 } as const;
export type MenuCategory = (typeof MENU_CATEGORY)[keyof typeof MENU_CATEGORY];

/** Where a button acts: the toolbar, each row, or both. */
export const MENU_ACTION = { toolbar: 0, row: 1, both: 2 } as const;
export type MenuAction = (typeof MENU_ACTION)[keyof typeof MENU_ACTION];

/** Top-level menus sit under parent 0. */
export const MENU_ROOT = 0;

export const menuRoute: z.ZodType<MenuRoute> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    code: z.string(),
    name: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.union([z.literal(1), z.literal(2)]),
    isOpen: z.boolean(),
    meta: z.object({
      i18n: z.string(),
      keepAlive: z.boolean(),
      roles: z.array(z.string()).describe("Aliases of the reader's roles that grant this menu"),
    }),
    get children() {
      return z.array(menuRoute);
    },
  })
  .meta({ id: 'MenuRoute' });

export interface MenuRoute {
  id: number;
  parentId: number;
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  isOpen: boolean;
  meta: { i18n: string; keepAlive: boolean; roles: string[] };
  children: MenuRoute[];
}

/** A permission code: letters, digits and `: _ - .` (e.g. `menu:add`). */
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:_.-]*$/;

/** A path inside the console (`/controller/menusetting`) or an external http(s) link. */
export function isMenuPath(value: string): boolean {
  if (value === '') return true;
  if (/^https?:\/\//i.test(value)) return isUrl(value);
  return /^\/[^\s]*$/.test(value);
}

const category = z.union([z.literal(MENU_CATEGORY.menu), z.literal(MENU_CATEGORY.button)], { message: 'menus.categoryRequired' });
const action = z.union([z.literal(MENU_ACTION.toolbar), z.literal(MENU_ACTION.row), z.literal(MENU_ACTION.both)], {
  message: 'menus.actionInvalid',
});

/** Create (no id) or update (with id) a menu or a button. */
export const menuSubmit = z.object({
  id: id.optional(),
  parentId: parentId.default(MENU_ROOT),
  name: requiredText('standard', 'menus.nameRequired'),
  code: requiredText('standard', 'menus.codeRequired').refine((v) => CODE_PATTERN.test(v), { message: 'menus.codeInvalid' }),
  alias: text('standard').default(''),
  path: text('description').refine(isMenuPath, { message: 'menus.pathInvalid' }).default(''),
  source: text('short').default(''),
  sort: z
    .number({ message: 'menus.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  category: category.default(MENU_CATEGORY.menu),
  action: action.default(MENU_ACTION.row),
  isOpen: z.boolean({ message: 'common.badRequest' }).default(false),
  keepAlive: z.boolean({ message: 'common.badRequest' }).default(false),
  i18n: text('short').default(''),
  remark: text('description').default(''),
});
export type MenuSubmit = z.input<typeof menuSubmit>;

/** A menu or button as the administration screens read it. */
export const menu = z
  .object({
    id: z.number(),
    parentId: z.number(),
    parentName: z.string(),
    name: z.string(),
    code: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.union([z.literal(1), z.literal(2)]),
    action: z.number(),
    isOpen: z.boolean(),
    keepAlive: z.boolean(),
    i18n: z.string(),
    remark: z.string(),
    /** Contributed by a module of the server: its code is what the module's routes check, so it is fixed. */
    builtIn: z.boolean(),
    hasChildren: z.boolean(),
  })
  .meta({ id: 'Menu' });
export type Menu = z.infer<typeof menu>;

export interface MenuNode extends Menu {
  children: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = menu
  .extend({
    get children() {
      return z.array(menuNode);
    },
  })
  .meta({ id: 'MenuNode' });

/** A node of the tree select (parent picker). */
export interface MenuTreeNode {
  id: number;
  parentId: number;
  title: string;
  key: number;
  value: number;
  code: string;
  category: 1 | 2;
  i18n: string;
  children: MenuTreeNode[];
}
export const menuTreeNode: z.ZodType<MenuTreeNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    title: z.string(),
    key: z.number(),
    value: z.number(),
    code: z.string(),
    category: z.union([z.literal(1), z.literal(2)]),
    i18n: z.string(),
    get children() {
      return z.array(menuTreeNode);
    },
  })
  .meta({ id: 'MenuTreeNode' });

export const menuSearch = z.object({ name: searchText, code: searchText, alias: searchText });
export const menuListQuery = menuSearch;
export const menuLazyQuery = menuSearch.extend({ parentId: parentIdParam.default(MENU_ROOT) });
export const menuDetailQuery = z.object({ id: idParam });
export const menuRemoveQuery = z.object({ ids: idList });
export const menuRemoved = z.object({ removed: z.number().int(), grantsRemoved: z.number().int() });
