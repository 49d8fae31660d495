import type { DirectoryProvider } from '@macro/contract/directory';
import type { DirectoryConfig } from '../../platform/config.ts';

/** A department as a directory describes it. */
export interface DirectoryDept {
  id: string;
  name: string;
  /** The parent's id; null for a top department. */
  parentId: string | null;
  /** Position among its siblings, from 1. */
  order: number;
}

/** A member as a directory describes it. */
export interface DirectoryMember {
  userId: string;
  name: string;
  mobile: string;
  email: string;
  /** Job number (DingTalk) or position (WeChat Work), kept as the user's code. */
  code: string;
  /** The member's main department. */
  deptId: string | null;
  enabled: boolean;
  /** The id the directory's sign-in names the member by (WeChat Work userid, DingTalk unionid). */
  signInId: string | null;
}

/** The read side of an enterprise directory's server API. */
export interface DirectoryClient {
  departments(): Promise<DirectoryDept[]>;
  /** Members whose department list includes `deptId` (not those of sub-departments). */
  members(deptId: string): Promise<DirectoryMember[]>;
  /** One member, or null when the directory has none by that id. */
  member(userId: string): Promise<DirectoryMember | null>;
}

/** The directory could not be asked (unreachable, 5xx, not JSON): the person may retry. */
export class DirectoryUnavailable extends Error {}
/** The directory answered with an error code (wrong credentials, no permission…): an administrator must act. */
export class DirectoryRefused extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`${code} ${reason}`);
  }
}

const TIMEOUT_MS = 10_000;
/** Error codes both directories use for an access token that is no longer good. */
const STALE_TOKEN = new Set([40014, 42001]);

type Body = Record<string, unknown>;

/**
 * One call. Every call of this client only reads (DingTalk's POSTs included), so a connection
 * that breaks before an answer (a kept-alive socket the directory closed meanwhile) is tried once more.
 */
async function call(url: string, init: RequestInit = {}, once = false): Promise<Body> {
  let response: Response | undefined;
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      // A message may have been delivered before the connection broke: it is not sent twice.
      if (timedOut || attempt > 0 || once) throw new DirectoryUnavailable(`unreachable: ${(error as Error).message}`);
    }
  }
  if (response.status >= 500) throw new DirectoryUnavailable(`answered ${response.status}`);
  const body = await response.json().catch(() => null);
  if (!body || typeof body !== 'object') throw new DirectoryUnavailable('answered no JSON object');
  return body as Body;
}

const errcodeOf = (body: Body) => Number(body.errcode ?? 0);
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * The token dance both directories share: an application token from `gettoken`, reused until the
 * directory says it is stale (40014, 42001), then fetched once more and the call retried.
 */
function tokenSession(fetchToken: () => Promise<Body>) {
  let token: string | undefined;
  const current = async () => {
    if (token) return token;
    const body = await fetchToken();
    if (errcodeOf(body) !== 0 || !str(body.access_token)) throw new DirectoryRefused(errcodeOf(body), str(body.errmsg) || 'no access_token');
    token = str(body.access_token);
    return token;
  };
  return async (request: (token: string) => Promise<Body>, notFound?: number): Promise<Body | null> => {
    for (let attempt = 0; ; attempt += 1) {
      const body = await request(await current());
      const code = errcodeOf(body);
      if (code === 0) return body;
      if (notFound !== undefined && code === notFound) return null;
      if (STALE_TOKEN.has(code) && attempt === 0) {
        token = undefined;
        continue;
      }
      throw new DirectoryRefused(code, str(body.errmsg));
    }
  };
}

/** WeChat Work (企业微信) contacts API: `/cgi-bin/gettoken`, `department/list`, `user/list`, `user/get`. */
export function wecomClient(config: NonNullable<DirectoryConfig['wecom']>): DirectoryClient {
  const api = (path: string, params: Record<string, string>) => `${config.baseUrl}/cgi-bin/${path}?${new URLSearchParams(params)}`;
  const authed = tokenSession(() => call(api('gettoken', { corpid: config.corpId, corpsecret: config.secret })));
  const member = (u: Body): DirectoryMember => {
    const departments = Array.isArray(u.department) ? u.department.map(str) : [];
    const status = Number(u.status ?? 1);
    return {
      userId: str(u.userid),
      name: str(u.name) || str(u.userid),
      mobile: str(u.mobile),
      email: str(u.email) || str(u.biz_mail),
      code: str(u.position),
      deptId: str(u.main_department) || departments[0] || null,
      // 1 active, 4 not yet activated: may work; 2 disabled, 5 left the company: may not.
      enabled: status !== 2 && status !== 5,
      signInId: str(u.userid) || null,
    };
  };
  return {
    async departments() {
      const body = await authed((token) => call(api('department/list', { access_token: token })));
      const list = Array.isArray(body?.department) ? (body.department as Body[]) : [];
      // WeChat Work's `order`: larger comes first among siblings; ours counts from 1 upwards.
      const siblings = [...list].sort((a, b) => Number(b.order ?? 0) - Number(a.order ?? 0));
      const rank = new Map<string, number>();
      const seen = new Map<string, number>();
      for (const d of siblings) {
        const parent = str(d.parentid);
        seen.set(parent, (seen.get(parent) ?? 0) + 1);
        rank.set(str(d.id), seen.get(parent)!);
      }
      return list.map((d) => ({
        id: str(d.id),
        name: str(d.name) || str(d.id),
        parentId: Number(d.parentid ?? 0) > 0 ? str(d.parentid) : null,
        order: rank.get(str(d.id)) ?? 1,
      }));
    },
    async members(deptId) {
      const body = await authed((token) => call(api('user/list', { access_token: token, department_id: deptId })));
      return (Array.isArray(body?.userlist) ? (body.userlist as Body[]) : []).map(member);
    },
    async member(userId) {
      // 60111: no member by that userid.
      const body = await authed((token) => call(api('user/get', { access_token: token, userid: userId })), 60111);
      return body ? member(body) : null;
    },
  };
}

/** DingTalk (钉钉) open API: `/gettoken`, `topapi/v2/department/listsub|get`, `topapi/v2/user/list|get` (cursor paging). */
export function dingtalkClient(config: NonNullable<DirectoryConfig['dingtalk']>): DirectoryClient {
  const authed = tokenSession(() => call(`${config.baseUrl}/gettoken?${new URLSearchParams({ appkey: config.appKey, appsecret: config.appSecret })}`));
  const post = (path: string, body: Body) => (token: string) =>
    call(`${config.baseUrl}/topapi/v2/${path}?${new URLSearchParams({ access_token: token })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const member = (u: Body): DirectoryMember => {
    const departments = Array.isArray(u.dept_id_list) ? u.dept_id_list.map(str) : [];
    return {
      userId: str(u.userid),
      name: str(u.name) || str(u.userid),
      mobile: str(u.mobile),
      email: str(u.email) || str(u.org_email),
      code: str(u.job_number),
      deptId: departments[0] || null,
      // A member who left is no longer listed; one not yet activated may still sign in later.
      enabled: true,
      signInId: str(u.unionid) || null,
    };
  };
  return {
    async departments() {
      // The root (1) first, then each level's children: listsub answers one level at a time.
      const root = await authed(post('department/get', { dept_id: 1 }));
      const rootInfo = (root?.result ?? {}) as Body;
      const found: DirectoryDept[] = [{ id: '1', name: str(rootInfo.name) || '1', parentId: null, order: 0 }];
      for (let i = 0; i < found.length; i += 1) {
        const body = await authed(post('department/listsub', { dept_id: Number(found[i].id) }));
        const children = Array.isArray(body?.result) ? (body.result as Body[]) : [];
        for (const [index, d] of children.entries())
          found.push({ id: str(d.dept_id), name: str(d.name) || str(d.dept_id), parentId: found[i].id, order: index + 1 });
      }
      return found;
    },
    async members(deptId) {
      const all: DirectoryMember[] = [];
      let cursor = 0;
      for (;;) {
        const body = await authed(post('user/list', { dept_id: Number(deptId), cursor, size: 100 }));
        const result = (body?.result ?? {}) as Body;
        all.push(...(Array.isArray(result.list) ? (result.list as Body[]) : []).map(member));
        if (!result.has_more) return all;
        const next = Number(result.next_cursor);
        if (!Number.isFinite(next) || next <= cursor) throw new DirectoryUnavailable('user/list: next_cursor does not advance');
        cursor = next;
      }
    },
    async member(userId) {
      // 60121: no member by that userid.
      const body = await authed(post('user/get', { userid: userId }), 60121);
      return body ? member((body.result ?? {}) as Body) : null;
    },
  };
}

/** The client of a directory the server has credentials for, or null. */
export function directoryClient(provider: DirectoryProvider, config: DirectoryConfig): DirectoryClient | null {
  if (provider === 'wechat-work') return config.wecom ? wecomClient(config.wecom) : null;
  return config.dingtalk ? dingtalkClient(config.dingtalk) : null;
}

/** Sends a text work notification (工作通知) to members of a directory, as the console's application. */
export interface WorkNotifier {
  send(userIds: readonly string[], text: string): Promise<void>;
}

const postJson = (url: string, body: Body, once = true) =>
  call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, once);

/**
 * WeChat Work `message/send` (text, as the application `agentId`, with its own secret's token);
 * DingTalk `topapi/message/corpconversation/asyncsend_v2` (text, as the agent). Null when the
 * application's agent is not configured.
 */
export function workNotifier(provider: DirectoryProvider, config: DirectoryConfig): WorkNotifier | null {
  if (provider === 'wechat-work' && config.wecom?.agent) {
    const { baseUrl, corpId, agent } = config.wecom;
    const authed = tokenSession(() => call(`${baseUrl}/cgi-bin/gettoken?${new URLSearchParams({ corpid: corpId, corpsecret: agent.secret })}`));
    return {
      async send(userIds, text) {
        const body = await authed((token) =>
          postJson(`${baseUrl}/cgi-bin/message/send?access_token=${encodeURIComponent(token)}`, {
            touser: userIds.join('|'),
            msgtype: 'text',
            agentid: Number(agent.agentId),
            text: { content: text },
          }),
        );
        // Sent to none of them: the members are unknown to the application.
        if (body && str(body.invaliduser) && str(body.invaliduser).split('|').length >= userIds.length)
          throw new DirectoryRefused(81013, `invalid user ${str(body.invaliduser)}`);
      },
    };
  }
  if (provider === 'ding-talk' && config.dingtalk?.agentId) {
    const { baseUrl, appKey, appSecret, agentId } = config.dingtalk;
    const authed = tokenSession(() => call(`${baseUrl}/gettoken?${new URLSearchParams({ appkey: appKey, appsecret: appSecret })}`));
    return {
      async send(userIds, text) {
        await authed((token) =>
          postJson(`${baseUrl}/topapi/message/corpconversation/asyncsend_v2?access_token=${encodeURIComponent(token)}`, {
            agent_id: Number(agentId),
            userid_list: userIds.join(','),
            msg: { msgtype: 'text', text: { content: text } },
          }),
        );
      },
    };
  }
  return null;
}
