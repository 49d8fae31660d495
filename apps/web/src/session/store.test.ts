import type { TokenResponse } from '@macro/contract/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { getContent, getStore, setStore } from './storage';
import { TAGS_STORAGE_KEY, useSession } from './store';

const token: TokenResponse = {
  access_token: 'a1',
  token_type: 'bearer',
  expires_in: 3600,
  refresh_token: 'r1',
  scope: 'all',
  user_id: 1,
  tenant_id: '000000',
  dept_id: '',
  dept_name: '',
  nick_name: '管理员',
  real_name: '管理员',
  avatar: '',
  role_name: 'administrator',
  account: 'admin',
  must_change_password: false,
};

describe('session store', () => {
  afterEach(() => {
    useSession.getState().clear();
    window.localStorage.clear();
  });

  it('keeps the session in wrapped storage entries', () => {
    useSession.getState().signIn(token);
    useSession.getState().setPermissions(['dict:view']);
    useSession.getState().setLanguage('en');
    expect(getStore('token')).toMatchObject({ dataType: 'string', content: 'a1', type: 'local' });
    expect(getContent('refreshToken', '')).toBe('r1');
    expect(getContent('user', { nick_name: '' }).nick_name).toBe('管理员');
    expect(getContent<string[]>('permissions', [])).toEqual(['dict:view']);
  });

  it('logout clears token, user, menus, permissions and tags but keeps the language', () => {
    const session = useSession.getState();
    session.signIn(token);
    session.setMenus([]);
    session.setPermissions(['dict:add']);
    session.setLanguage('ja');
    setStore(TAGS_STORAGE_KEY, [{ key: '/controller/dictionaries' }]);
    session.clear();
    const state = useSession.getState();
    expect(state).toMatchObject({ token: '', refreshToken: '', user: null, permissions: [], menus: [], language: 'ja' });
    for (const key of ['token', 'refreshToken', 'user', TAGS_STORAGE_KEY]) expect(getStore(key)).toBeUndefined();
    expect(getContent('language', '')).toBe('ja');
  });
});
