import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Stand-ins for the social providers, on 127.0.0.1, speaking the providers' documented APIs
 * (paths, parameters, success and error bodies) closely enough to test the server against.
 * Used by the server's tests only.
 */

export interface StandIn {
  url: string;
  /** Every request: `METHOD path?query body`. */
  seen: string[];
  /** Answers every request with 500 while true (a provider that is down). */
  down: boolean;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, url: URL, body: string, json: (status: number, value: unknown) => void) => void;

export function standIn(handle: Handler, extra: Record<string, unknown> = {}): Promise<StandIn> {
  const state = { seen: [] as string[], down: false };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      state.seen.push(`${request.method} ${url.pathname}${url.search} ${body}`);
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (state.down) return json(500, { message: 'down' });
      handle(request, url, body, json);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(
        Object.assign(state, extra, {
          url: `http://127.0.0.1:${port}`,
          close: () => new Promise<void>((done) => server.close(() => done())),
        }),
      );
    }),
  );
}

export const WECOM = { corpId: 'ww-test-corp', corpSecret: 'wecom-secret' };

/**
 * WeChat Work: `GET /cgi-bin/gettoken?corpid&corpsecret` issues application tokens (40013 for
 * an unknown corpid, 40001 for a wrong secret); `GET /cgi-bin/auth/getuserinfo?access_token&code`
 * answers the member of code `member-<userid>` or `member-<userid>~<anything>` (`userid`), a visitor for `visitor` (only
 * `openid`), 40029 for any other code, 40163 for a code used before, 40014 for an unknown
 * token and 42001 for an expired one. `expireTokens()` expires every token issued so far.
 */
export async function wecomStandIn(): Promise<StandIn & { tokensIssued: () => number; expireTokens: () => void }> {
  const live = new Set<string>();
  const expired = new Set<string>();
  const usedCodes = new Set<string>();
  let issued = 0;
  const server = await standIn((_, url, __, json) => {
    const q = url.searchParams;
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== WECOM.corpId) return json(200, { errcode: 40013, errmsg: 'invalid corpid' });
      if (q.get('corpsecret') !== WECOM.corpSecret) return json(200, { errcode: 40001, errmsg: 'invalid credential' });
      issued += 1;
      const token = `wecom-token-${issued}`;
      live.add(token);
      return json(200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      const token = q.get('access_token') ?? '';
      if (expired.has(token)) return json(200, { errcode: 42001, errmsg: 'access_token expired' });
      if (!live.has(token)) return json(200, { errcode: 40014, errmsg: 'invalid access_token' });
      const code = q.get('code') ?? '';
      if (usedCodes.has(code)) return json(200, { errcode: 40163, errmsg: 'oauth_code already used' });
      if (code === 'visitor') return json(200, { errcode: 0, errmsg: 'ok', openid: 'o-visitor' });
      if (!code.startsWith('member-')) return json(200, { errcode: 40029, errmsg: 'invalid code' });
      usedCodes.add(code);
      return json(200, { errcode: 0, errmsg: 'ok', userid: code.slice('member-'.length).split('~')[0], user_ticket: 't' });
    }
    json(404, { errcode: 404, errmsg: 'not found' });
  });
  return Object.assign(server, {
    tokensIssued: () => issued,
    expireTokens: () => {
      for (const token of live) expired.add(token);
      live.clear();
    },
  });
}

export const DINGTALK = { clientId: 'ding-client', clientSecret: 'ding-secret' };

/**
 * DingTalk: `POST /v1.0/oauth2/userAccessToken` ({clientId, clientSecret, code, grantType})
 * gives `dt-<unionId>` codes a user token (400 `{code, message}` for other codes and for wrong
 * client credentials); `dt-expired` gets a token that `GET /v1.0/contact/users/me` refuses as
 * expired (401); users/me answers `{nick, unionId, openId, …}` for the header
 * `x-acs-dingtalk-access-token`.
 */
export async function dingtalkStandIn(): Promise<StandIn> {
  return standIn((request, url, body, json) => {
    if (url.pathname === '/v1.0/oauth2/userAccessToken' && request.method === 'POST') {
      const form = JSON.parse(body || '{}') as Record<string, string>;
      if (form.clientId !== DINGTALK.clientId || form.clientSecret !== DINGTALK.clientSecret) {
        return json(400, { code: 'invalidClientIdOrSecret', message: '无效的clientId或者clientSecret' });
      }
      if (form.grantType !== 'authorization_code' || !form.code?.startsWith('dt-')) {
        return json(400, { code: 'invalidAuthCode', message: '不合法的临时授权码' });
      }
      return json(200, { accessToken: `dat-${form.code.slice(3)}`, refreshToken: 'r', expireIn: 7200, corpId: 'ding-corp' });
    }
    if (url.pathname === '/v1.0/contact/users/me' && request.method === 'GET') {
      const token = String(request.headers['x-acs-dingtalk-access-token'] ?? '');
      if (token === 'dat-expired') return json(401, { code: 'InvalidAuthentication', message: '不合法的access_token' });
      if (!token.startsWith('dat-')) return json(401, { code: 'MissingAuthentication', message: 'missing token' });
      const unionId = token.slice(4);
      return json(200, { nick: `Nick ${unionId}`, unionId, openId: `open-${unionId}`, mobile: '13800000000', stateCode: '86' });
    }
    json(404, { code: 'NotFound', message: 'not found' });
  });
}

/** A generic OAuth 2.0 provider: code `good-<account>` vouches for that account (`preferred_username`). */
export async function oauth2StandIn(): Promise<StandIn> {
  return standIn((request, url, body, json) => {
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      const expected = `Basic ${Buffer.from('console:provider-secret').toString('base64')}`;
      if (request.headers.authorization !== expected || form.get('grant_type') !== 'authorization_code') {
        return json(401, { error: 'invalid_client' });
      }
      const code = form.get('code') ?? '';
      if (!code.startsWith('good-')) return json(400, { error: 'invalid_grant' });
      return json(200, { access_token: `at-${code.slice(5)}`, token_type: 'bearer' });
    }
    if (url.pathname === '/userinfo') {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!token.startsWith('at-')) return json(401, { error: 'invalid_token' });
      return json(200, { sub: `id-${token}`, preferred_username: token.slice(3) });
    }
    json(404, {});
  });
}
