import { constants, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from '../pages/login.ts';

const BASIC = `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`;

async function publicKeyOf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/macro-auth/oauth/public-key')).json()).data as { publicKey: string }).publicKey;
}

const encryptWith = (publicKey: string, text: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');

/** The tenant administrator's calls through the API (set-up a test needs but does not test), each expected to succeed. */
export async function adminApi(request: APIRequestContext) {
  const publicKey = await publicKeyOf(request);
  const token = await request.post('/api/macro-auth/oauth/token', {
    headers: { authorization: BASIC, 'tenant-id': ADMIN.tenant },
    form: { grant_type: 'password', username: ADMIN.account, password: encryptWith(publicKey, ADMIN.password), scope: 'all' },
  });
  const { access_token, user_id } = (await token.json()) as { access_token: string; user_id: number };
  return {
    /** The administrator's user id. */
    userId: user_id,
    /** The administrator's access token, for calls the helpers do not cover. */
    token: access_token,
    encrypt: (text: string) => encryptWith(publicKey, text),
    async get<T = unknown>(path: string): Promise<T> {
      const response = await request.get(path, { headers: { 'macro-auth': `bearer ${access_token}` } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: T }).data;
    },
    async post<T = unknown>(path: string, data: object): Promise<T> {
      const response = await request.post(path, { headers: { 'macro-auth': `bearer ${access_token}` }, data });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: T }).data;
    },
    async put<T = unknown>(path: string, data: object): Promise<T> {
      const response = await request.put(path, { headers: { 'macro-auth': `bearer ${access_token}` }, data });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: T }).data;
    },
    async remove<T = unknown>(path: string): Promise<T> {
      const response = await request.delete(path, { headers: { 'macro-auth': `bearer ${access_token}` } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: T }).data;
    },
  };
}

/** Another user of the tenant, made through the API as an administrator would (an entrusted person, an approver to assign), holding `roleIds`. */
export async function createUserByApi(request: APIRequestContext, account: string, name: string, password: string, roleIds: number[] = []): Promise<number> {
  const api = await adminApi(request);
  const secret = api.encrypt(password);
  return (await api.post<{ id: number }>('/api/macro-user/submit', { account, name, password: secret, password2: secret, roleIds })).id;
}

type MenuNode = { id: number; code: string; children?: MenuNode[] };

/** A role of the tenant that opens exactly the menus and buttons with these codes, made and granted through the API. */
export async function createRoleByApi(request: APIRequestContext, roleName: string, roleAlias: string, menuCodes: string[]): Promise<number> {
  const api = await adminApi(request);
  const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
  const menus = flat(await api.get<MenuNode[]>('/api/macro-system/menu/list'));
  const menuIds = menuCodes.map((code) => {
    const menu = menus.find((m) => m.code === code);
    expect(menu, `menu ${code}`).toBeDefined();
    return menu!.id;
  });
  const { id } = await api.post<{ id: number }>('/api/macro-system/role/submit', { roleName, roleAlias, sort: 1 });
  await api.post('/api/macro-system/role/grant', { roleIds: [id], menuIds });
  return id;
}
