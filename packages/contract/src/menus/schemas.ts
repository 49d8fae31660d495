import { z } from 'zod';

/** Category of a menu row: a page or folder, or a button. */
export const MENU_CATEGORY = { menu: 1, button: 2 } as const;

export const menuRoute: z.ZodType<MenuRoute> = z.object({
  id: z.number(),
  parentId: z.number(),
  code: z.string(),
  name: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.union([z.literal(1), z.literal(2)]),
  isOpen: z.boolean(),
  meta: z.object({ i18n: z.string(), keepAlive: z.boolean() }),
  get children() {
    return z.array(menuRoute);
  },
}).meta({ id: 'MenuRoute' });

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
  meta: { i18n: string; keepAlive: boolean };
  children: MenuRoute[];
}
