import { join, resolve } from 'node:path';
import { outboundPolicy } from './outbound.ts';
import { dataKeyOf } from './secrets.ts';
import { SERVER_ROOT } from './paths.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Folder of uploaded files (stamp images, annexes): one sub-folder per tenant. */
  filesDir: string;
  databaseUrl: string | undefined;
  /** Where request connections log in as the request role (DATABASE_REQUEST_URL; platform/db.ts). */
  requestDatabaseUrl: string | undefined;
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
  /** The providers of `grant_type=social` (any number; the grant's `source` picks one). */
  social: SocialProviderConfig[];
  /** The legacy signed sign-in (loginid, sign, time, Type), when a shared secret is configured. */
  signedLogin: SignedLoginConfig | null;
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
  /** Origins the console's frame page may show besides the menu's own links (MACRO_FRAME_ORIGINS). */
  frameOrigins: string[];
  /** Seconds between runs of the workflow's due timers (MACRO_WORKFLOW_TIMER_SECONDS); 0 turns them off. */
  workflowTimerSeconds: number;
  /**
   * Where service tasks may call (MACRO_SERVICE_HOSTS, comma-separated host names, IP addresses
   * and CIDR ranges). Empty: any public address. Set: a listed name, or an address in a listed
   * range. An internal address (loopback, private, link-local, …) is reached only when an address
   * or range entry covers it: a listed name that resolves to one is still refused.
   */
  serviceHosts: string[];
  /** How long a service task's HTTP call may take (MACRO_SERVICE_TIMEOUT_MS). */
  serviceTimeoutMs: number;
  /**
   * Where database links may connect (MACRO_LINK_HOSTS, comma-separated host names, IP addresses
   * and CIDR ranges). Empty: public addresses and the company's own networks (private ranges),
   * never loopback, link-local or the cloud metadata address. Set: only what it lists.
   */
  linkHosts: string[];
  /** How long one statement on a database link may run (MACRO_LINK_STATEMENT_MS, 10 s). */
  linkStatementMs: number;
  /** The data key secrets are sealed with (MACRO_DATA_KEY: 32 bytes, hex or base64); blank: `<dataDir>/data.key`. */
  dataKey: string;
  /** Keys of before a rotation, still opened (MACRO_DATA_KEY_PREVIOUS, comma-separated). */
  previousDataKeys: string[];
  /** The enterprise directories the organisation can be synced from (absent: not configured). */
  directory: DirectoryConfig;
  /** The map picker's addresses, handed to the console in its page (off when blank). */
  map: MapConfig;
  /** Outgoing e-mail of messages (null: none is sent, and users cannot turn it on). */
  mail: MailConfig | null;
}

/** The mail server messages go out through, and how often the outbox is read. */
export interface MailConfig {
  /** MACRO_SMTP_URL: smtp://user:password@host:port (STARTTLS when offered) or smtps:// (TLS from the start). */
  url: string;
  /** MACRO_MAIL_FROM: the sender, e.g. "Macro Console <no-reply@example.com>". */
  from: string;
  /** MACRO_PUBLIC_URL: the console's address, so that a message's link works from a mail client ('' leaves the path). */
  publicUrl: string;
  /** MACRO_MAIL_SECONDS: seconds between reads of the outbox (5). */
  seconds: number;
}

/** Credentials of the two enterprise directories' server APIs (contacts read). */
export interface DirectoryConfig {
  /**
   * WeChat Work: `baseUrl` + `/cgi-bin/…`, the corporation id and a secret allowed to read
   * contacts; with the application's agent id and secret, work notifications are sent as it.
   */
  wecom?: { baseUrl: string; corpId: string; secret: string; agent?: { agentId: string; secret: string } };
  /**
   * DingTalk: the legacy open API (`https://oapi.dingtalk.com`: gettoken, topapi/v2/…) with the
   * app's key and secret; with its agent id, work notifications are sent as it.
   */
  dingtalk?: { baseUrl: string; appKey: string; appSecret: string; agentId?: string };
}

/** Where the console's map picker reads tiles and searches places. */
export interface MapConfig {
  /** Tile address template with `{z}`, `{x}`, `{y}` and optionally `{s}` (MACRO_MAP_TILE_URL). */
  tileUrl: string;
  /** Attribution the tiles require (MACRO_MAP_ATTRIBUTION). */
  attribution: string;
  /** Nominatim-compatible search address (MACRO_MAP_GEOCODER_URL). */
  geocoderUrl: string;
}

/** What every social provider has: the `source` the console sends, and where the browser goes and comes back. */
interface ProviderBase {
  source: string;
  /** The provider's authorization page the sign-in page sends the browser to. */
  authorizeUrl: string;
  /** Where the provider sends the browser back (the console's /authredirect). */
  redirectUri: string;
}

/** A generic OAuth 2.0 provider (RFC 6749 §4.1). */
export interface OAuth2ProviderConfig extends ProviderBase {
  kind: 'oauth2';
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** Field of the provider's user info that is the user's external id. */
  accountField: string;
}

/** WeChat Work (企业微信): a self-built application of one corporation. */
export interface WecomProviderConfig extends ProviderBase {
  kind: 'wecom';
  /** API base, `https://qyapi.weixin.qq.com` (the calls are under `/cgi-bin/`). */
  baseUrl: string;
  corpId: string;
  corpSecret: string;
  agentId: string;
}

/** DingTalk (钉钉): an application signing in with the new OAuth 2.0 (api.dingtalk.com v1.0). */
export interface DingtalkProviderConfig extends ProviderBase {
  kind: 'dingtalk';
  /** API base, `https://api.dingtalk.com`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Field of `/v1.0/contact/users/me` that is the user's external id (`unionId` or `openId`). */
  idField: string;
}

export type SocialProviderConfig = OAuth2ProviderConfig | WecomProviderConfig | DingtalkProviderConfig;

export interface SignedLoginConfig {
  /** Shared secret of HMAC-SHA256 over the signed fields. */
  secret: string;
  /** How far `time` may be from now, seconds, either way. */
  windowSeconds: number;
}

function oauth2From(env: NodeJS.ProcessEnv): OAuth2ProviderConfig | null {
  const { MACRO_OAUTH_TOKEN_URL: tokenUrl, MACRO_OAUTH_USERINFO_URL: userInfoUrl, MACRO_OAUTH_CLIENT_ID: clientId } = env;
  if (!tokenUrl || !userInfoUrl || !clientId) return null;
  return {
    kind: 'oauth2',
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

function wecomFrom(env: NodeJS.ProcessEnv): WecomProviderConfig | null {
  const { MACRO_WECOM_CORP_ID: corpId, MACRO_WECOM_CORP_SECRET: corpSecret } = env;
  if (!corpId || !corpSecret) return null;
  return {
    kind: 'wecom',
    source: env.MACRO_WECOM_SOURCE || 'wechat_enterprise',
    baseUrl: trimSlash(env.MACRO_WECOM_BASE_URL || 'https://qyapi.weixin.qq.com'),
    authorizeUrl: env.MACRO_WECOM_AUTHORIZE_URL || 'https://login.work.weixin.qq.com/wwlogin/sso/login',
    corpId,
    corpSecret,
    agentId: env.MACRO_WECOM_AGENT_ID ?? '',
    redirectUri: env.MACRO_WECOM_REDIRECT_URI || env.MACRO_SOCIAL_REDIRECT_URI || '',
  };
}

function dingtalkFrom(env: NodeJS.ProcessEnv): DingtalkProviderConfig | null {
  const { MACRO_DINGTALK_CLIENT_ID: clientId, MACRO_DINGTALK_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) return null;
  return {
    kind: 'dingtalk',
    source: env.MACRO_DINGTALK_SOURCE || 'dingtalk',
    apiUrl: trimSlash(env.MACRO_DINGTALK_API_URL || 'https://api.dingtalk.com'),
    authorizeUrl: env.MACRO_DINGTALK_AUTHORIZE_URL || 'https://login.dingtalk.com/oauth2/auth',
    clientId,
    clientSecret,
    idField: env.MACRO_DINGTALK_ID_FIELD || 'unionId',
    redirectUri: env.MACRO_DINGTALK_REDIRECT_URI || env.MACRO_SOCIAL_REDIRECT_URI || '',
  };
}

/** Every configured social provider; two with one `source` is a configuration error. */
function socialFrom(env: NodeJS.ProcessEnv): SocialProviderConfig[] {
  const providers = [oauth2From(env), wecomFrom(env), dingtalkFrom(env)].filter((p) => p !== null);
  const sources = new Set(providers.map((p) => p.source));
  if (sources.size !== providers.length) throw new Error('two social sign-in providers share one source name');
  return providers;
}

function signedLoginFrom(env: NodeJS.ProcessEnv): SignedLoginConfig | null {
  const secret = env.MACRO_SIGNED_LOGIN_SECRET;
  if (!secret) return null;
  return { secret, windowSeconds: Number(env.MACRO_SIGNED_LOGIN_WINDOW ?? 300) };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Directory sync reuses the sign-in credentials unless a contacts secret is given
 * (MACRO_WECOM_CONTACT_SECRET: WeChat Work's address-book secret, which may read every member).
 */
function directoryFrom(env: NodeJS.ProcessEnv): DirectoryConfig {
  const directory: DirectoryConfig = {};
  const wecomSecret = env.MACRO_WECOM_CONTACT_SECRET || env.MACRO_WECOM_CORP_SECRET;
  if (env.MACRO_WECOM_CORP_ID && wecomSecret) {
    const agent =
      env.MACRO_WECOM_AGENT_ID && env.MACRO_WECOM_CORP_SECRET ? { agentId: env.MACRO_WECOM_AGENT_ID, secret: env.MACRO_WECOM_CORP_SECRET } : undefined;
    directory.wecom = {
      baseUrl: trimSlash(env.MACRO_WECOM_BASE_URL || 'https://qyapi.weixin.qq.com'),
      corpId: env.MACRO_WECOM_CORP_ID,
      secret: wecomSecret,
      ...(agent ? { agent } : {}),
    };
  }
  if (env.MACRO_DINGTALK_CLIENT_ID && env.MACRO_DINGTALK_CLIENT_SECRET) {
    directory.dingtalk = {
      baseUrl: trimSlash(env.MACRO_DINGTALK_OAPI_URL || 'https://oapi.dingtalk.com'),
      appKey: env.MACRO_DINGTALK_CLIENT_ID,
      appSecret: env.MACRO_DINGTALK_CLIENT_SECRET,
      ...(env.MACRO_DINGTALK_AGENT_ID ? { agentId: env.MACRO_DINGTALK_AGENT_ID } : {}),
    };
  }
  return directory;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    filesDir: resolve(env.MACRO_FILES_DIR ?? join(env.DATA_DIR ?? './data', 'files')),
    databaseUrl: env.DATABASE_URL || undefined,
    requestDatabaseUrl: env.DATABASE_REQUEST_URL || undefined,
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
    signedLogin: signedLoginFrom(env),
    webDist: resolve(env.MACRO_WEB_DIST ?? join(SERVER_ROOT, '../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: env.LOG_REQUESTS === 'true',
    trustProxy: list(env.MACRO_TRUST_PROXY, /,/),
    directory: directoryFrom(env),
    workflowTimerSeconds: Math.max(0, Number(env.MACRO_WORKFLOW_TIMER_SECONDS ?? 5) || 0),
    serviceHosts: allowList('MACRO_SERVICE_HOSTS', list(env.MACRO_SERVICE_HOSTS, /,/)),
    linkHosts: allowList('MACRO_LINK_HOSTS', list(env.MACRO_LINK_HOSTS, /,/)),
    linkStatementMs: Math.min(300_000, Math.max(100, Number(env.MACRO_LINK_STATEMENT_MS ?? 10_000) || 10_000)),
    dataKey: dataKey('MACRO_DATA_KEY', env.MACRO_DATA_KEY),
    previousDataKeys: list(env.MACRO_DATA_KEY_PREVIOUS, /,/).map((key) => dataKey('MACRO_DATA_KEY_PREVIOUS', key)),
    serviceTimeoutMs: Math.min(60_000, Math.max(100, Number(env.MACRO_SERVICE_TIMEOUT_MS ?? 10_000) || 10_000)),
    frameAncestors: list(env.MACRO_FRAME_ANCESTORS, /\s+/, ["'self'"]),
    mail: env.MACRO_SMTP_URL
      ? {
          url: env.MACRO_SMTP_URL,
          from: env.MACRO_MAIL_FROM || 'Macro Console <no-reply@localhost>',
          publicUrl: trimSlash(env.MACRO_PUBLIC_URL ?? ''),
          seconds: Math.max(1, Number(env.MACRO_MAIL_SECONDS ?? 5) || 5),
        }
      : null,
    map: {
      tileUrl: httpAddress(env.MACRO_MAP_TILE_URL),
      attribution: (env.MACRO_MAP_ATTRIBUTION ?? '').trim(),
      geocoderUrl: httpAddress(env.MACRO_MAP_GEOCODER_URL),
    },
    frameOrigins: list(env.MACRO_FRAME_ORIGINS, /[\s,]+/).flatMap((origin) => {
      try {
        const url = new URL(origin);
        return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
      } catch {
        return [];
      }
    }),
  };
}

/** An http(s) address (a tile template's `{…}` placeholders allowed); anything else is ignored. */
function httpAddress(value: string | undefined): string {
  const address = (value ?? '').trim();
  try {
    const url = new URL(address.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? address : '';
  } catch {
    return '';
  }
}

/**
 * The CSP source of a configured address: its origin, with a `{s}` subdomain placeholder as a
 * wildcard (`https://{s}.tile.example.com/…` → `https://*.tile.example.com`); null for none.
 */
export function sourceOf(address: string): string | null {
  if (!address) return null;
  const url = new URL(address.replace(/\{s\}/g, 'subdomain').replace(/\{[a-z]\}/g, '0'));
  return `${url.protocol}//${url.host.replace(/^subdomain\./, '*.')}`;
}

/** An outbound allow-list, refused at start when an entry is no host name, address or range. */
function allowList(variable: string, entries: string[]): string[] {
  try {
    outboundPolicy(entries);
  } catch (error) {
    throw new Error(`${variable}: ${(error as Error).message}`);
  }
  return entries;
}

/** A data key, refused at start when it is not 32 bytes. */
function dataKey(variable: string, value: string | undefined): string {
  if (!value?.trim()) return '';
  try {
    dataKeyOf(value);
  } catch (error) {
    throw new Error(`${variable}: ${(error as Error).message}`);
  }
  return value.trim();
}

/** A separated list from the environment; unset or blank gives the fallback. */
function list(value: string | undefined, separator: RegExp, fallback: string[] = []): string[] {
  const items = (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}
