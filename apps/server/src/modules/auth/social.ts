import type { DingtalkProviderConfig, OAuth2ProviderConfig, SocialProviderConfig, WecomProviderConfig } from '../../platform/config.ts';

/**
 * A social sign-in provider: sends the browser to its authorization page and turns the code the
 * browser brought back into the provider's id of the user. It answers null when the provider
 * refuses the code (wrong, used, expired, not a member) and throws `ProviderUnavailable` when the
 * provider cannot be asked (unreachable, misconfigured): the person can retry the first, only an
 * administrator can mend the second.
 */
export interface SocialProvider {
  source: string;
  /** The authorization address with everything but `state` filled in (the console adds its own). */
  authorizeUrl(): string | null;
  externalIdFor(code: string): Promise<string | null>;
}

export class ProviderUnavailable extends Error {}

const TIMEOUT_MS = 10_000;

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderUnavailable(`provider unreachable: ${(error as Error).message}`);
  }
  if (response.status >= 500) throw new ProviderUnavailable(`provider answered ${response.status}`);
  const body = await response.json().catch(() => null);
  if (!body || typeof body !== 'object') throw new ProviderUnavailable('provider answered no JSON object');
  return { status: response.status, body: body as Record<string, unknown> };
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function withParams(base: string, params: Record<string, string>): string | null {
  if (!base) return null;
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * A generic OAuth 2.0 provider (RFC 6749 §4.1): the code is exchanged at the token URL with the
 * client's credentials, then the user info URL names the user; one of its fields is the id.
 */
export function genericOAuth2Provider(config: OAuth2ProviderConfig): SocialProvider {
  return {
    source: config.source,
    authorizeUrl: () => withParams(config.authorizeUrl, { response_type: 'code', client_id: config.clientId, redirect_uri: config.redirectUri }),
    async externalIdFor(code) {
      const token = await call(config.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          ...(config.redirectUri ? { redirect_uri: config.redirectUri } : {}),
          client_id: config.clientId,
        }),
      });
      const accessToken = token.status === 200 ? textOf(token.body.access_token) : null;
      if (!accessToken) return null;
      const info = await call(config.userInfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
      return info.status === 200 ? textOf(info.body[config.accountField]) : null;
    },
  };
}

/** WeChat Work's `errcode`s that mean the application's access token is no longer good. */
const WECOM_TOKEN_STALE = new Set([40001, 40014, 42001]);
/** WeChat Work's `errcode`s that refuse the user's code: invalid, already used, or from another application. */
const WECOM_CODE_REFUSED = new Set([40029, 40163, 50001, 40031, 42009]);
/** Renew the cached access token this long before WeChat Work says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * WeChat Work (企业微信): the application's access token comes from `gettoken` (corpid and
 * corpsecret; cached until shortly before it expires, fetched again when WeChat Work says it went
 * stale), then `auth/getuserinfo` turns the user's code into the member's `userid`. Visitors who
 * are not members of the corporation (only an `openid`) are refused.
 */
export function wecomProvider(config: WecomProviderConfig): SocialProvider {
  let cached: { token: string; expiresAt: number } | null = null;
  const api = (path: string, params: Record<string, string>) => `${config.baseUrl}/cgi-bin/${path}?${new URLSearchParams(params)}`;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const { body } = await call(api('gettoken', { corpid: config.corpId, corpsecret: config.corpSecret }));
    const token = textOf(body.access_token);
    if (body.errcode !== 0 || !token) throw new ProviderUnavailable(`gettoken errcode ${String(body.errcode)}: ${String(body.errmsg)}`);
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 7_200_000;
    cached = { token, expiresAt: Date.now() + Math.max(lifetime - TOKEN_MARGIN_MS, 0) };
    return token;
  }

  return {
    source: config.source,
    authorizeUrl: () =>
      withParams(config.authorizeUrl, {
        login_type: 'CorpApp',
        appid: config.corpId,
        agentid: config.agentId,
        redirect_uri: config.redirectUri,
      }),
    async externalIdFor(code) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const { body } = await call(api('auth/getuserinfo', { access_token: await accessToken(), code }));
        const errcode = Number(body.errcode ?? 0);
        if (errcode === 0) return textOf(body.userid) ?? textOf(body.UserId);
        if (WECOM_TOKEN_STALE.has(errcode)) {
          cached = null;
          continue;
        }
        if (WECOM_CODE_REFUSED.has(errcode)) return null;
        throw new ProviderUnavailable(`getuserinfo errcode ${errcode}: ${String(body.errmsg)}`);
      }
      throw new ProviderUnavailable('getuserinfo refused a freshly fetched access token');
    },
  };
}

/**
 * DingTalk (钉钉), new OAuth 2.0: `POST /v1.0/oauth2/userAccessToken` exchanges the code for the
 * user's access token, `GET /v1.0/contact/users/me` (header `x-acs-dingtalk-access-token`)
 * names the user; `idField` (`unionId` by default) is the id. Failures are `{code, message}`
 * with a 4xx status: a refused code or an expired token.
 */
export function dingtalkProvider(config: DingtalkProviderConfig): SocialProvider {
  return {
    source: config.source,
    authorizeUrl: () =>
      withParams(config.authorizeUrl, {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        scope: 'openid',
        prompt: 'consent',
      }),
    async externalIdFor(code) {
      const token = await call(`${config.apiUrl}/v1.0/oauth2/userAccessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ clientId: config.clientId, clientSecret: config.clientSecret, code, grantType: 'authorization_code' }),
      });
      const accessToken = token.status === 200 ? textOf(token.body.accessToken) : null;
      if (!accessToken) return null;
      const me = await call(`${config.apiUrl}/v1.0/contact/users/me`, {
        headers: { 'x-acs-dingtalk-access-token': accessToken, accept: 'application/json' },
      });
      return me.status === 200 ? textOf(me.body[config.idField]) : null;
    },
  };
}

export function socialProviderOf(config: SocialProviderConfig): SocialProvider {
  if (config.kind === 'wecom') return wecomProvider(config);
  if (config.kind === 'dingtalk') return dingtalkProvider(config);
  return genericOAuth2Provider(config);
}
