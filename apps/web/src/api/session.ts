import type { MenuRoute, TokenResponse, UserInfo } from '@macro/contract';
import { AUTH_PATHS } from '@macro/contract';
import { i18next } from '../i18n';
import { useSession } from '../session/store';
import { request } from './http';

/*
 * Sign-in, token refresh and sign-out as plain calls. The sign-in page uses them directly, so it
 * loads neither TanStack Query nor the shell; the shell's hooks live in ./auth.ts.
 */

export const DEFAULT_TENANT = '000000';

/** OAuth client id:secret, from <meta name="macro-client"> so the server can set it per deployment. */
function basicAuthorization(): string {
  const client = document.querySelector<HTMLMetaElement>('meta[name="macro-client"]')?.content ?? '';
  return `Basic ${btoa(client)}`;
}

function base64(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** RSA-OAEP (SHA-256) with the server's SPKI public key; the ciphertext travels as base64. */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const body = publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const message = new TextEncoder().encode(password);
  // WebCrypto exists only in secure contexts (https, or http on localhost).
  if (globalThis.crypto?.subtle) {
    const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    return base64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, message));
  }
  // Elsewhere (plain http on an intranet address) a small pure-TypeScript RSA-OAEP does the same job;
  // it is a separate chunk, fetched only here. It still needs a secure random source for the seed.
  if (typeof globalThis.crypto?.getRandomValues !== 'function') throw new Error(i18next.t('login:insecureContext'));
  const { rsaOaepEncrypt } = await import('./rsaOaep');
  return base64(rsaOaepEncrypt(der, message));
}

function tokenRequest(form: Record<string, string>, tenantId: string): Promise<TokenResponse> {
  return request<TokenResponse>(AUTH_PATHS.token, {
    method: 'POST',
    form,
    headers: { Authorization: basicAuthorization(), 'Tenant-Id': tenantId },
    envelope: false,
    handleUnauthorized: false,
  });
}

export interface Credentials {
  tenantId: string;
  username: string;
  password: string;
}

export const fetchUserInfo = () => request<UserInfo>(AUTH_PATHS.userInfo);
export const fetchMenuRoutes = () => request<MenuRoute[]>(AUTH_PATHS.menuRoutes);
export const fetchPermissions = () => request<string[]>(AUTH_PATHS.permissionList);

/** Loads what the shell needs after a sign-in: user details, menus and button permissions. */
export async function loadSessionData(): Promise<void> {
  const [info, menus, permissions] = await Promise.all([fetchUserInfo(), fetchMenuRoutes(), fetchPermissions()]);
  const session = useSession.getState();
  session.setUserInfo(info);
  session.setMenus(menus);
  session.setPermissions(permissions);
}

export async function signIn({ tenantId, username, password }: Credentials): Promise<void> {
  const { publicKey } = await request<{ publicKey: string }>(AUTH_PATHS.publicKey, { handleUnauthorized: false });
  const encrypted = await encryptPassword(publicKey, password);
  const token = await tokenRequest(
    { grant_type: 'password', username, password: encrypted, scope: 'all', type: 'account' },
    tenantId,
  );
  useSession.getState().signIn(token);
  try {
    await loadSessionData();
  } catch (error) {
    useSession.getState().clear();
    throw error;
  }
}

/** One refresh_token grant; false when there is nothing to refresh or the server refuses. */
export async function refreshSession(): Promise<boolean> {
  const { refreshToken, user } = useSession.getState();
  if (!refreshToken) return false;
  try {
    const token = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
      user?.tenant_id ?? DEFAULT_TENANT,
    );
    useSession.getState().signIn(token);
    return true;
  } catch {
    return false;
  }
}

export async function signOut(): Promise<void> {
  try {
    await request<unknown>(AUTH_PATHS.logout, { method: 'POST', handleUnauthorized: false });
  } finally {
    useSession.getState().clear();
  }
}
