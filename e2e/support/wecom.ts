import { createServer, type Server } from 'node:http';

import { WECOM_PORT } from './slot.ts';

/**
 * A WeChat Work stand-in for the browser tests (sign-in, and the contacts calls the directory sync makes): its QR sign-in page (`/wwlogin/sso/login`) at
 * once sends the browser back to `redirect_uri` with a code for `member` (as if that member had
 * scanned), `/cgi-bin/gettoken` and `/cgi-bin/auth/getuserinfo` answer like WeChat Work
 * (errcode 40029 for a code it did not issue). `delayMs` holds getuserinfo back, to see the
 * waiting page.
 */
export class WecomStandIn {
  member = 'admin';
  delayMs = 0;
  /** The contacts directory (`department/list`, `user/list`) the directory sync reads. */
  departments: { id: number; name: string; parentid: number; order: number }[] = [];
  members: { userid: string; name: string; department: number[]; mobile?: string }[] = [];
  private issued = 0;
  private server: Server | null = null;

  start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const json = (value: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/wwlogin/sso/login') {
        this.issued += 1;
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', `member-${this.member}~${this.issued}`);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('appid', url.searchParams.get('appid') ?? '');
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      if (url.pathname === '/cgi-bin/gettoken') {
        const good = url.searchParams.get('corpid') === 'ww-e2e-corp' && url.searchParams.get('corpsecret') === 'e2e-corp-secret';
        return json(good ? { errcode: 0, errmsg: 'ok', access_token: 'e2e-app-token', expires_in: 7200 } : { errcode: 40001, errmsg: 'invalid credential' });
      }
      if (url.pathname === '/cgi-bin/auth/getuserinfo') {
        const code = url.searchParams.get('code') ?? '';
        const answer = () =>
          url.searchParams.get('access_token') !== 'e2e-app-token'
            ? json({ errcode: 40014, errmsg: 'invalid access_token' })
            : code.startsWith('member-')
              ? json({ errcode: 0, errmsg: 'ok', userid: code.slice('member-'.length).split('~')[0] })
              : json({ errcode: 40029, errmsg: 'invalid code' });
        setTimeout(answer, this.delayMs);
        return;
      }
      const authorised = url.searchParams.get('access_token') === 'e2e-app-token';
      if (url.pathname === '/cgi-bin/department/list') {
        return json(authorised ? { errcode: 0, errmsg: 'ok', department: this.departments } : { errcode: 40014, errmsg: 'invalid access_token' });
      }
      if (url.pathname === '/cgi-bin/user/list') {
        const dept = Number(url.searchParams.get('department_id'));
        const userlist = this.members.filter((m) => m.department.includes(dept)).map((m) => ({ ...m, main_department: m.department[0], status: 1 }));
        return json(authorised ? { errcode: 0, errmsg: 'ok', userlist } : { errcode: 40014, errmsg: 'invalid access_token' });
      }
      response.writeHead(404).end();
    });
    return new Promise((resolve) => this.server!.listen(WECOM_PORT, '127.0.0.1', () => resolve()));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
