/** API paths shared by the server and the console; all sit under /api. */
export const API_PREFIX = '/api';

/** Headers of the spec's client: the tenant at sign-in, the user's token afterwards. */
export const TENANT_HEADER = 'tenant-id';
export const AUTH_HEADER = 'macro-auth';

export const AUTH_PATHS = {
  publicKey: '/macro-auth/oauth/public-key',
  token: '/macro-auth/oauth/token',
  userInfo: '/macro-user/info',
  menuRoutes: '/macro-system/menu/routes',
  permissionList: '/macro-system/api-scope/user-permission-list',
  logout: '/user/logout',
} as const;

/** Both dictionary families share one set of operations. */
export const DICT_BASES = { system: '/macro-system/dict', biz: '/dict-biz' } as const;
