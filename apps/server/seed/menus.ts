import { dictMenu } from '../src/modules/dict/menu.ts';
import type { MenuSeed } from '../src/modules/menus/service.ts';

/** The sidebar of the console: each domain contributes its own menu entry. */
export const platformMenus: MenuSeed[] = [
  {
    code: 'system',
    name: '系统管理',
    path: '/controller',
    source: 'SettingOutlined',
    i18n: 'system',
    children: [dictMenu],
  },
];
