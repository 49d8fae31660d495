import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  clientId: string;
  clientSecret: string;
  defaultTenantId: string;
  /** Seconds an access token lives; refresh tokens live refreshTtl seconds. */
  accessTtl: number;
  refreshTtl: number;
  /** Failed sign-ins in a row before an account locks. */
  maxLoginFailures: number;
  /** Seconds the first lock lasts; each further lock of the same account lasts twice the one before. */
  lockSeconds: number;
  /** Password a reset sets (to be changed at next sign-in). */
  resetPassword: string;
  /** Sign-in attempts allowed per account, and per client address, within each window of `signInRateWindow` seconds. */
  signInRatePerAccount: number;
  signInRatePerAddress: number;
  signInRateWindow: number;
  /** A generic OAuth 2.0 provider for `grant_type=social`, when configured. */
  social: SocialProviderConfig | null;
  webDist: string;
  logLevel: string;
  /** Log every request (off by default: at full load it costs a fifth of the server's time). */
  logRequests: boolean;
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed (addresses, CIDRs, or proxy-addr's
   * names loopback, linklocal, uniquelocal). Empty: the socket's peer is the client.
   */
  trustProxy: string[];
  /** CSP frame-ancestors: origins allowed to embed the console in a frame. */
  frameAncestors: string[];
}

export interface SocialProviderConfig {
  /** The `source` the console sends with the grant. */
  source: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back (the console's /authredirect). */
  redirectUri: string;
  /** Field of the provider's user info that names the account in the tenant. */
  accountField: string;
}

function socialFrom(env: NodeJS.ProcessEnv): SocialProviderConfig | null {
  const { MACRO_OAUTH_TOKEN_URL: tokenUrl, MACRO_OAUTH_USERINFO_URL: userInfoUrl, MACRO_OAUTH_CLIENT_ID: clientId } = env;
  if (!tokenUrl || !userInfoUrl || !clientId) return null;
  return {
    source: env.MACRO_OAUTH_SOURCE || 'oauth2',
    authorizeUrl: env.MACRO_OAUTH_AUTHORIZE_URL ?? '',
    tokenUrl,
    userInfoUrl,
    clientId,
    clientSecret: env.MACRO_OAUTH_CLIENT_SECRET ?? '',
    redirectUri: env.MACRO_OAUTH_REDIRECT_URI ?? '',
    accountField: env.MACRO_OAUTH_ACCOUNT_FIELD || 'preferred_username',
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.MACRO_ADMIN_PASSWORD || undefined,
    clientId: env.MACRO_CLIENT_ID ?? 'macro',
    clientSecret: env.MACRO_CLIENT_SECRET ?? 'macro_secret',
    defaultTenantId: env.MACRO_DEFAULT_TENANT ?? '000000',
    accessTtl: Number(env.MACRO_ACCESS_TTL ?? 3600),
    refreshTtl: Number(env.MACRO_REFRESH_TTL ?? 7 * 24 * 3600),
    maxLoginFailures: Number(env.MACRO_MAX_LOGIN_FAILURES ?? 5),
    lockSeconds: Number(env.MACRO_LOCK_SECONDS ?? 900),
    resetPassword: env.MACRO_RESET_PASSWORD || 'Macro@123456',
    signInRatePerAccount: Number(env.MACRO_SIGNIN_RATE_ACCOUNT ?? 30),
    signInRatePerAddress: Number(env.MACRO_SIGNIN_RATE_ADDRESS ?? 120),
    signInRateWindow: Number(env.MACRO_SIGNIN_RATE_WINDOW ?? 60),
    social: socialFrom(env),
    webDist: resolve(env.MACRO_WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: env.LOG_REQUESTS === 'true',
    trustProxy: list(env.MACRO_TRUST_PROXY, /,/),
    frameAncestors: list(env.MACRO_FRAME_ANCESTORS, /\s+/, ["'self'"]),
  };
}

/** A separated list from the environment; unset or blank gives the fallback. */
function list(value: string | undefined, separator: RegExp, fallback: string[] = []): string[] {
  const items = (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}
