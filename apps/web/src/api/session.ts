import type { AUTH_ENDPOINTS, TokenResponse } from '@macro/contract/auth';
import type { MENU_ENDPOINTS, MenuRoute } from '@macro/contract/menus';
import type { USER_ENDPOINTS, UserInfo } from '@macro/contract/users';
import { i18next } from '../i18n';
import { useSession } from '../session/store';
import { request } from './http';

type PathOf<E> = E extends { path: infer P } ? P : never;

/*
 * The sign-in page loads this file: it names the endpoints' paths (checked against the
 * contract's endpoint types) rather than importing the endpoints, whose zod schemas would
 * then ride along into that page's bundle.
 */
const AUTH_PATHS = {
  publicKey: '/macro-auth/oauth/public-key' satisfies PathOf<typeof AUTH_ENDPOINTS.publicKey>,
  token: '/macro-auth/oauth/token' satisfies PathOf<typeof AUTH_ENDPOINTS.token>,
  logout: '/user/logout' satisfies PathOf<typeof AUTH_ENDPOINTS.logout>,
  updatePassword: '/macro-user/update-password' satisfies PathOf<typeof AUTH_ENDPOINTS.updatePassword>,
  socialProviders: '/macro-auth/oauth/social-providers' satisfies PathOf<typeof AUTH_ENDPOINTS.socialProviders>,
  platformToken: '/macro-auth/validPlatformToken' satisfies PathOf<typeof AUTH_ENDPOINTS.platformToken>,
  userInfo: '/macro-user/info' satisfies PathOf<typeof USER_ENDPOINTS.info>,
  menuRoutes: '/macro-system/menu/routes' satisfies PathOf<typeof MENU_ENDPOINTS.routes>,
  permissionList: '/macro-system/api-scope/user-permission-list' satisfies PathOf<typeof MENU_ENDPOINTS.permissions>,
};

/*
 * Sign-in, token refresh and sign-out as plain calls. The sign-in page uses them directly, so it
 * loads neither TanStack Query nor the shell; the shell's hooks live in ./auth.ts.
 */

export const DEFAULT_TENANT = '000000';

/**
 * The console is a public OAuth client (RFC 6749 §2.1): HTTP Basic with its id and an empty
 * secret. The id comes from <meta name="macro-client"> so the server can set it per deployment;
 * an older page's `id:secret` still works.
 */
function basicAuthorization(): string {
  const client = document.querySelector<HTMLMetaElement>('meta[name="macro-client"]')?.content ?? '';
  const id = client.includes(':') ? client : `${encodeURIComponent(client)}:`;
  return `Basic ${btoa(id)}`;
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
  // Elsewhere (plain http on an intranet address) node-forge does the same job; it is a
  // separate chunk, fetched only here. It still needs a secure random source for the seed.
  if (typeof globalThis.crypto?.getRandomValues !== 'function') throw new Error(i18next.t('login:insecureContext'));
  const { rsaOaepEncrypt } = await import('./rsaOaep');
  return base64(rsaOaepEncrypt(der, message));
}

/**
 * Every password the console sends travels as sign-in's does: encrypted with the server's public
 * key, fetched once for all of `passwords`. The same names come back, each value encrypted.
 */
export async function encryptPasswords<K extends string>(passwords: Record<K, string>): Promise<Record<K, string>> {
  const { publicKey } = await request<{ publicKey: string }>(AUTH_PATHS.publicKey, { handleUnauthorized: false });
  const encrypted = await Promise.all(Object.entries<string>(passwords).map(async ([name, value]) => [name, await encryptPassword(publicKey, value)]));
  return Object.fromEntries(encrypted) as Record<K, string>;
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
  const encrypted = await encryptPasswords({ password });
  const token = await tokenRequest({ grant_type: 'password', username, password: encrypted.password, scope: 'all', type: 'account' }, tenantId);
  useSession.getState().signIn(token);
  try {
    await loadSessionData();
  } catch (error) {
    useSession.getState().clear();
    throw error;
  }
}

/**
 * Token login: a host shell opens the console with a token this platform issued
 * (`/login?token=…`); the server answers with a session of that token's user.
 */
export async function signInWithPlatformToken(token: string): Promise<void> {
  const tokens = await request<TokenResponse>(AUTH_PATHS.platformToken, { method: 'POST', json: { token }, handleUnauthorized: false });
  useSession.getState().signIn(tokens);
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
    const token = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' }, user?.tenant_id ?? DEFAULT_TENANT);
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

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** Changes the signed-in user's password; the server ends their other sessions and clears the must-change mark. */
export async function changePassword(change: PasswordChange): Promise<void> {
  const { oldPassword, newPassword, newPassword1 } = change;
  await request<null>(AUTH_PATHS.updatePassword, { method: 'POST', json: await encryptPasswords({ oldPassword, newPassword, newPassword1 }) });
  const { user } = useSession.getState();
  if (user) useSession.setState({ user: { ...user, must_change_password: false } });
}

export interface SocialProvider {
  source: string;
  authorizeUrl: string;
}

export const fetchSocialProviders = () => request<SocialProvider[]>(AUTH_PATHS.socialProviders, { handleUnauthorized: false });

/** What the sign-in page remembers while the browser visits the provider (session storage). */
const SOCIAL_PENDING = 'macro-social-pending';

interface PendingSocial {
  source: string;
  state: string;
  tenantId: string;
  /** Where to land once signed in (a same-site path, checked again on the way back). */
  redirect: string;
}

/** Sends the browser to the provider with a fresh `state`, remembered to check on the way back. */
export function startSocialSignIn(provider: SocialProvider, tenantId: string, redirect = ''): void {
  const state = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const pending: PendingSocial = { source: provider.source, state, tenantId, redirect };
  sessionStorage.setItem(SOCIAL_PENDING, JSON.stringify(pending));
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('state', state);
  window.location.assign(url.toString());
}

/** What the provider put in the /authredirect address. */
export interface SocialReturn {
  /** The authorization code (DingTalk calls it `authCode`). */
  code: string;
  state: string;
  /** The provider, when its return address names it; else the one this tab went to. */
  source: string;
  /** The provider's own refusal (RFC 6749 §4.1.2.1 `error`, e.g. the user cancelled). */
  error: string;
}

export function socialReturnOf(params: URLSearchParams): SocialReturn {
  return {
    code: params.get('code') || params.get('authCode') || params.get('auth_code') || '',
    state: params.get('state') ?? '',
    source: params.get('source') ?? '',
    error: params.get('error') ?? '',
  };
}

/**
 * Completes a social sign-in on /authredirect: the `state` must be the one this tab sent (else
 * the code is refused unread), then the code goes to the token endpoint with `grant_type=social`.
 * Answers where to land (the path the sign-in page was asked for, if any).
 */
export async function completeSocialSignIn({ code, state, source, error }: SocialReturn): Promise<string> {
  const raw = sessionStorage.getItem(SOCIAL_PENDING);
  sessionStorage.removeItem(SOCIAL_PENDING);
  const pending = raw ? (JSON.parse(raw) as PendingSocial) : null;
  if (!pending || pending.state !== state || (source && source !== pending.source)) {
    throw new Error(i18next.t('login:socialStateMismatch'));
  }
  if (error) throw new Error(i18next.t('login:socialDenied'));
  if (!code) throw new Error(i18next.t('login:socialMissingCode'));
  const token = await tokenRequest({ grant_type: 'social', source: pending.source, code, state, scope: 'all' }, pending.tenantId);
  useSession.getState().signIn(token);
  try {
    await loadSessionData();
  } catch (failure) {
    useSession.getState().clear();
    throw failure;
  }
  return pending.redirect;
}
