import { type StandIn, standIn } from '../auth/public.ts';

/*
 * Stand-ins for the two directories' contacts APIs on 127.0.0.1, speaking their documented
 * shapes (paths, parameters, `errcode` bodies, DingTalk's cursor paging). Tests change
 * `departments` and `members` between syncs. Used by the server's tests only.
 */

export interface StandInDept {
  id: number;
  name: string;
  parentId: number;
  /** WeChat Work's order (larger first); DingTalk lists children in array order. */
  order?: number;
}

export interface StandInMember {
  userid: string;
  name: string;
  departments: number[];
  mobile?: string;
  email?: string;
  position?: string;
  /** WeChat Work: 1 active, 2 disabled, 4 not activated, 5 left. */
  status?: number;
  unionid?: string;
}

export interface DirectoryStandIn extends StandIn {
  departments: StandInDept[];
  members: StandInMember[];
  /** Expires every token issued so far (the next call answers 42001). */
  expireTokens(): void;
  /** Answers 500 on this one path while set (a directory failing half-way through a sync). */
  failPath: string | null;
  /** Work notifications received: to whom (member ids), as which agent, the text. */
  messages: { to: string[]; agentId: number; text: string }[];
}

export const WECOM_DIRECTORY = { corpId: 'ww-directory', secret: 'contacts-secret' };
/** The console's WeChat Work application: work notifications are sent with its own secret. */
export const WECOM_AGENT = { agentId: '1000009', secret: 'app-secret' };
export const DINGTALK_DIRECTORY = { appKey: 'ding-app', appSecret: 'ding-app-secret', agentId: '2000009' };

function tokens() {
  const live = new Set<string>();
  const expired = new Set<string>();
  let issued = 0;
  return {
    issue(prefix: string) {
      issued += 1;
      const token = `${prefix}-${issued}`;
      live.add(token);
      return token;
    },
    /** 0 for a good token, else the errcode both directories answer. */
    check(token: string | null) {
      if (token && expired.has(token)) return 42001;
      return token && live.has(token) ? 0 : 40014;
    },
    expireAll() {
      for (const token of live) expired.add(token);
      live.clear();
    },
  };
}

/** WeChat Work: gettoken, department/list, user/list?department_id, user/get?userid (60111 when absent). */
export async function wecomDirectoryStandIn(): Promise<DirectoryStandIn> {
  // The handler reads the returned object, so a test may replace the lists as well as edit them.
  const data = { departments: [] as StandInDept[], members: [] as StandInMember[] };
  let self: DirectoryStandIn | undefined;
  const issued = tokens();
  const wire = (m: StandInMember) => ({
    userid: m.userid,
    name: m.name,
    department: m.departments,
    main_department: m.departments[0],
    mobile: m.mobile ?? '',
    email: m.email ?? '',
    position: m.position ?? '',
    status: m.status ?? 1,
  });
  const server = await standIn((_, url, body, json) => {
    if (url.pathname === self!.failPath) return json(500, { errcode: -1, errmsg: 'system busy' });
    const q = url.searchParams;
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== WECOM_DIRECTORY.corpId) return json(200, { errcode: 40013, errmsg: 'invalid corpid' });
      if (q.get('corpsecret') !== WECOM_DIRECTORY.secret && q.get('corpsecret') !== WECOM_AGENT.secret)
        return json(200, { errcode: 40001, errmsg: 'invalid credential' });
      return json(200, { errcode: 0, errmsg: 'ok', access_token: issued.issue('wecom'), expires_in: 7200 });
    }
    const bad = issued.check(q.get('access_token'));
    if (bad) return json(200, { errcode: bad, errmsg: bad === 42001 ? 'access_token expired' : 'invalid access_token' });
    if (url.pathname === '/cgi-bin/department/list') {
      return json(200, {
        errcode: 0,
        errmsg: 'ok',
        department: self!.departments.map((d) => ({ id: d.id, name: d.name, name_en: '', parentid: d.parentId, order: d.order ?? 0 })),
      });
    }
    if (url.pathname === '/cgi-bin/user/list') {
      const dept = Number(q.get('department_id'));
      if (!self!.departments.some((d) => d.id === dept)) return json(200, { errcode: 60123, errmsg: 'invalid party id' });
      return json(200, { errcode: 0, errmsg: 'ok', userlist: self!.members.filter((m) => m.departments.includes(dept)).map(wire) });
    }
    if (url.pathname === '/cgi-bin/user/get') {
      const member = self!.members.find((m) => m.userid === q.get('userid'));
      return member ? json(200, { errcode: 0, errmsg: 'ok', ...wire(member) }) : json(200, { errcode: 60111, errmsg: 'userid not found' });
    }
    if (url.pathname === '/cgi-bin/message/send') {
      const input = JSON.parse(body || '{}') as { touser?: string; msgtype?: string; agentid?: number; text?: { content?: string } };
      if (String(input.agentid) !== WECOM_AGENT.agentId) return json(200, { errcode: 40056, errmsg: 'invalid agentid' });
      if (input.msgtype !== 'text' || !input.text?.content) return json(200, { errcode: 41009, errmsg: 'missing text content' });
      const to = String(input.touser ?? '').split('|');
      const known = to.filter((id) => self!.members.some((m) => m.userid === id));
      if (known.length) self!.messages.push({ to: known, agentId: Number(input.agentid), text: input.text.content });
      const invalid = to.filter((id) => !known.includes(id));
      return json(200, { errcode: 0, errmsg: 'ok', invaliduser: invalid.join('|') });
    }
    return json(404, { errcode: 404, errmsg: 'no such api' });
  });
  self = Object.assign(server, data, { expireTokens: issued.expireAll, failPath: null, messages: [] });
  return self;
}

/** DingTalk: gettoken, topapi/v2/department/get|listsub, topapi/v2/user/list (cursor, size ≤ 100) and user/get (60121 when absent). */
export async function dingtalkDirectoryStandIn(): Promise<DirectoryStandIn> {
  // The handler reads the returned object, so a test may replace the lists as well as edit them.
  const data = { departments: [] as StandInDept[], members: [] as StandInMember[] };
  let self: DirectoryStandIn | undefined;
  const issued = tokens();
  const wire = (m: StandInMember) => ({
    userid: m.userid,
    unionid: m.unionid ?? `union-${m.userid}`,
    name: m.name,
    dept_id_list: m.departments,
    mobile: m.mobile ?? '',
    email: m.email ?? '',
    job_number: m.position ?? '',
    active: true,
  });
  const server = await standIn((_, url, body, json) => {
    if (url.pathname === self!.failPath) return json(500, { errcode: -1, errmsg: 'system busy' });
    const q = url.searchParams;
    if (url.pathname === '/gettoken') {
      if (q.get('appkey') !== DINGTALK_DIRECTORY.appKey || q.get('appsecret') !== DINGTALK_DIRECTORY.appSecret) {
        return json(200, { errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
      }
      return json(200, { errcode: 0, errmsg: 'ok', access_token: issued.issue('ding'), expires_in: 7200 });
    }
    const bad = issued.check(q.get('access_token'));
    if (bad) return json(200, { errcode: bad, errmsg: bad === 42001 ? 'access_token超时' : '不合法的access_token' });
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body || '{}');
    } catch {
      return json(200, { errcode: 40035, errmsg: '不合法的参数' });
    }
    const deptId = Number(input.dept_id);
    if (url.pathname === '/topapi/v2/department/get') {
      const dept = self!.departments.find((d) => d.id === deptId);
      return dept
        ? json(200, { errcode: 0, errmsg: 'ok', result: { dept_id: dept.id, name: dept.name } })
        : json(200, { errcode: 60003, errmsg: '部门不存在' });
    }
    if (url.pathname === '/topapi/v2/department/listsub') {
      if (!self!.departments.some((d) => d.id === deptId)) return json(200, { errcode: 60003, errmsg: '部门不存在' });
      const children = self!.departments.filter((d) => d.parentId === deptId && d.id !== deptId);
      return json(200, { errcode: 0, errmsg: 'ok', result: children.map((d) => ({ dept_id: d.id, name: d.name, parent_id: d.parentId })) });
    }
    if (url.pathname === '/topapi/v2/user/list') {
      const size = Number(input.size);
      const cursor = Number(input.cursor ?? 0);
      if (!Number.isInteger(size) || size < 1 || size > 100) return json(200, { errcode: 40035, errmsg: '不合法的参数: size' });
      const all = self!.members.filter((m) => m.departments.includes(deptId));
      const list = all.slice(cursor, cursor + size).map(wire);
      const more = cursor + size < all.length;
      return json(200, { errcode: 0, errmsg: 'ok', result: { has_more: more, ...(more ? { next_cursor: cursor + size } : {}), list } });
    }
    if (url.pathname === '/topapi/message/corpconversation/asyncsend_v2') {
      const msg = input.msg as { msgtype?: string; text?: { content?: string } } | undefined;
      if (String(input.agent_id) !== DINGTALK_DIRECTORY.agentId) return json(200, { errcode: 40072, errmsg: '不合法的agentid' });
      if (msg?.msgtype !== 'text' || !msg.text?.content) return json(200, { errcode: 40035, errmsg: '不合法的参数: msg' });
      self!.messages.push({ to: String(input.userid_list ?? '').split(','), agentId: Number(input.agent_id), text: msg.text.content });
      return json(200, { errcode: 0, errmsg: 'ok', task_id: self!.messages.length });
    }
    if (url.pathname === '/topapi/v2/user/get') {
      const member = self!.members.find((m) => m.userid === input.userid);
      return member ? json(200, { errcode: 0, errmsg: 'ok', result: wire(member) }) : json(200, { errcode: 60121, errmsg: '找不到该用户' });
    }
    return json(404, { errcode: 404, errmsg: 'no such api' });
  });
  self = Object.assign(server, data, { expireTokens: issued.expireAll, failPath: null, messages: [] });
  return self;
}
