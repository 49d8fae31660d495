import { DIRECTORY_ENDPOINTS, DIRECTORY_PERMISSIONS, DIRECTORY_PROVIDERS } from '@macro/contract/directory';
import { defineModule, route } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { remoteDepartments, saveSettings, settingsOf, syncDepartments, syncUser } from './service.ts';
import { directoryLinks, directorySettings } from './tables.ts';

export { type WorkNotifier, workNotifier } from './clients.ts';
export { linkedMembers } from './service.ts';

/** Enterprise directory sync: WeChat Work and DingTalk, the same calls under each. */
export const module = defineModule({
  name: 'directory',
  uses: ['auth', 'identity', 'org', 'users'],
  after: ['org', 'users', 'auth'],
  tables: [directorySettings, directoryLinks],
  routes: ({ config }) =>
    DIRECTORY_PROVIDERS.flatMap((provider) => {
      const E = DIRECTORY_ENDPOINTS[provider];
      return [
        route(E.settings, (_, { tx }) => settingsOf(tx, provider, config)),
        route(E.saveSettings, ({ body }, ctx) => saveSettings(ctx, provider, body, config)),
        route(E.syncDepartments, (_, ctx) => syncDepartments(ctx, provider, config)),
        route(E.departments, (_, { tx }) => remoteDepartments(tx, provider, config)),
        route(E.syncUser, ({ params }, ctx) => syncUser(ctx, provider, config, params.id)),
      ];
    }),
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: DIRECTORY_PERMISSIONS.view,
      name: '通讯录同步',
      path: '/controller/directory',
      source: 'SyncOutlined',
      i18n: 'directory',
      sort: 90,
      children: [
        { code: DIRECTORY_PERMISSIONS.edit, name: '同步设置', category: 2, i18n: 'directorySettings' },
        { code: DIRECTORY_PERMISSIONS.sync, name: '同步', category: 2, i18n: 'directorySync' },
      ],
    },
  ],
});
