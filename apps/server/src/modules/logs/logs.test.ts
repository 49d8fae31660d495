import { feedbackImage, feedbackRecord, LOG_UPLOAD_MAX, logRecord } from '@macro/contract/logs';
import { pageOf } from '@macro/contract';
import { withTenant } from '@macro/store';
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  expectOk,
  OTHER_TENANT,
  signedInServer,
  signIn,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';
import { bufferedRequestLog } from './requestLog.ts';
import { createUser } from '../identity/users.ts';

const BASE = '/api/log';
const logPage = pageOf(logRecord);
const feedbackPage = pageOf(feedbackRecord);
/** A real (1×1) JPEG. */
const TINY_JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z';

const error = (message: string, extra: Record<string, unknown> = {}) => ({
  type: 'error',
  message,
  stack: `Error: ${message}\n    at thrower (app.js:1:1)`,
  info: 'window.onerror',
  url: 'http://localhost/controller/dict',
  time: '2026-11-23T10:00:00.000Z',
  ...extra,
});

describeDb(`logs (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminJa: Client;
  let other: Client;
  let clerk: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, adminJa, other } = await signedInServer());
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'log_clerk', name: 'Clerk', password: 'Clerk@123456' }));
    clerk = as(server, (await signIn(server, TENANT, 'log_clerk', 'Clerk@123456')).access_token);
  });
  afterAll(() => server.close());

  const del = (client: Client, url: string) => client.call({ method: 'DELETE', url });
  const page = async (client: Client, query: string) => expectOk(await client.get(`${BASE}?${query}`), logPage);

  it('stores uploaded front-end errors for administrators, newest first, searchable, and only in the own tenant', async () => {
    // Any signed-in user uploads what their console caught.
    expect(
      expectOk(await clerk.post(BASE, { logs: [error('clerk boom 1'), error('clerk boom 2', { type: 'unhandledrejection' })] }), z.object({}).passthrough()),
    ).toMatchObject({
      stored: 2,
    });
    const found = await page(admin, 'type=error&keyword=clerk%20boom');
    expect(found.records.map((r) => r.message)).toEqual(['clerk boom 2', 'clerk boom 1']);
    expect(found.records[1]).toMatchObject({ account: 'log_clerk', kind: 'error', url: 'http://localhost/controller/dict', time: '2026-11-23T10:00:00.000Z' });
    expect(found.records[1].detail).toContain('at thrower');
    expect((await page(admin, 'type=error&kind=unhandledrejection&keyword=clerk')).records.map((r) => r.message)).toEqual(['clerk boom 2']);
    expect((await page(admin, 'type=error&account=nobody')).total).toBe(0);
    expect((await page(admin, 'type=error&from=2099-01-01')).total).toBe(0);
    expect((await page(admin, 'type=error&to=2000-01-01&keyword=clerk%20boom')).total).toBe(0);
    expect((await page(admin, 'type=error&from=2000-01-01&to=2099-01-01&keyword=clerk%20boom')).total).toBe(2);
    // Paged through the kit's list: one per page, the cursor leads on.
    const first = await page(admin, 'type=error&keyword=clerk%20boom&size=1');
    expect(first.records.map((r) => r.message)).toEqual(['clerk boom 2']);
    const second = await page(admin, `type=error&keyword=clerk%20boom&size=1&cursor=${first.nextCursor}`);
    expect(second.records.map((r) => r.message)).toEqual(['clerk boom 1']);

    // The other tenant sees none of it, and cannot delete it.
    expect((await page(other, 'type=error&keyword=clerk')).total).toBe(0);
    expectFailure(await del(other, `${BASE}/${found.records[0].id}?type=error`), 404, '日志不存在');
    expect((await page(admin, 'type=error&keyword=clerk%20boom')).total).toBe(2);
  });

  it('records signed-in API requests, sign-ins and every change', async () => {
    await admin.get('/api/macro-system/dict/list');
    // The access log is written off the request path, within about a second.
    await expect
      .poll(async () => (await page(admin, 'type=api&keyword=dict/list')).records[0], { timeout: 10_000, interval: 200 })
      .toMatchObject({ account: 'admin', kind: 'GET', message: '/api/macro-system/dict/list', status: 200 });
    const api = (await page(admin, 'type=api&keyword=dict/list')).records[0];
    expect(api.durationMs).toBeGreaterThanOrEqual(0);
    expect((await page(admin, 'type=api&kind=DELETE&keyword=dict/list')).total).toBe(0);

    const logins = await page(admin, 'type=login&account=log_clerk');
    expect(logins.records[0]).toMatchObject({ kind: 'login', account: 'log_clerk' });
    const audit = await page(admin, 'type=audit&kind=upload');
    expect(audit.records[0]).toMatchObject({ kind: 'upload', message: 'log-error', account: 'log_clerk' });
    expect((await page(admin, 'type=audit')).records.every((r) => r.kind !== 'login')).toBe(true);
    // The other tenant's API lines stay its own.
    await expect.poll(async () => (await page(other, 'type=api&keyword=dict/list')).total, { timeout: 10_000, interval: 200 }).toBe(0);
  });

  it('writes buffered request lines to the own log of each tenant, with the time each was answered, however many at once', async () => {
    const log = bufferedRequestLog(server.database.db, 60_000);
    const line = (tenantId: string, path: string, status: number) => ({
      tenantId,
      userId: 1,
      account: '日志测试',
      method: 'GET',
      path,
      operationId: 'bench',
      status,
      durationMs: 3,
      ip: '10.0.0.1',
    });
    const answered = Date.now();
    for (let i = 0; i < 600; i++) log.record(line(i % 3 === 0 ? OTHER_TENANT : TENANT, `/api/buffered/${i}`, 200 + (i % 2)));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await log.stop();
    const read = (tenant: string) =>
      withTenant(server.database.db, tenant, async (tx) =>
        rowsOf<{ path: string; status: number; account: string; ip: string; at: string }>(
          await tx.execute(
            sql`select path, status, account, ip, extract(epoch from created_at) * 1000 as at from macro_log_api where path like '/api/buffered/%' order by path`,
          ),
        ),
      );
    const [own, others] = [await read(TENANT), await read(OTHER_TENANT)];
    expect([own.length, others.length]).toEqual([400, 200]);
    expect(others.every((row) => Number(row.path.split('/').pop()) % 3 === 0)).toBe(true);
    expect(own.find((row) => row.path === '/api/buffered/1')).toMatchObject({ status: 201, account: '日志测试', ip: '10.0.0.1' });
    // Stamped when answered (before the pause), not when written (after it).
    for (const row of [...own, ...others]) expect(Math.abs(Number(row.at) - answered)).toBeLessThan(1_000);
  });

  it('clears and deletes error and API logs, each audited; sign-ins and the audit log stay', async () => {
    await admin.post(BASE, { logs: [error('to delete'), error('to clear')] });
    const [toClear, toDelete] = (await page(admin, 'type=error&keyword=to%20')).records;
    expect(toDelete.message).toBe('to delete');
    expect(expectOk(await del(admin, `${BASE}/${toDelete.id}?type=error`), z.object({}).passthrough())).toMatchObject({ removed: 1 });
    expectFailure(await del(admin, `${BASE}/${toDelete.id}?type=error`), 404, '日志不存在');
    const deleted = (await page(admin, 'type=audit&kind=delete&keyword=log-error')).records[0];
    expect(deleted.detail).toContain('to delete');

    // The other tenant clearing clears only its own.
    await other.post(BASE, { logs: [error('other tenant error')] });
    expect((await del(other, `${BASE}/clear/error`)).json().data.removed).toBe(1);
    expect((await page(admin, 'type=error&keyword=to%20clear')).records.map((r) => r.id)).toEqual([toClear.id]);

    const cleared = (await del(admin, `${BASE}/clear/error`)).json().data.removed;
    expect(cleared).toBeGreaterThanOrEqual(3);
    expect((await page(admin, 'type=error')).total).toBe(0);
    expect((await page(admin, 'type=audit&kind=clear&keyword=log-error')).records[0].detail).toContain(`"removed":${cleared}`);
    expect((await del(admin, `${BASE}/clear/api`)).statusCode).toBe(200);
    expect((await page(admin, 'type=audit&kind=clear&keyword=log-api')).total).toBe(1);

    expectFailure(await del(admin, `${BASE}/clear/audit`), 422, '登录日志和审计日志不能删除或清空');
    expectFailure(await adminEn.call({ method: 'DELETE', url: `${BASE}/clear/login` }), 422, 'Sign-in logs and the audit log cannot be deleted or cleared');
    expectFailure(await del(admin, `${BASE}/${deleted.id}?type=audit`), 422);
    expect((await page(admin, 'type=audit&kind=clear')).total).toBeGreaterThanOrEqual(2);
  });

  it('guards reading, clearing and deleting with the log permission codes', async () => {
    expectFailure(await clerk.get(`${BASE}?type=error`), 403, /log:view/);
    expectFailure(await del(clerk, `${BASE}/clear/error`), 403, /log:clear/);
    expectFailure(await del(clerk, `${BASE}/1?type=error`), 403, /log:delete/);
    expectFailure(await clerk.get(`${BASE}/feedback`), 403, /log:feedback/);
    expectFailure(await clerk.get(`${BASE}/feedback/1/image`), 403, /log:feedback/);
    // Uploading and sending feedback need only a session.
    expectFailure(await server.app.inject({ method: 'POST', url: BASE, payload: { logs: [error('anon')] } }), 401);
  });

  it('refuses bad input per field with a message, never a 500', async () => {
    expectFailure(await admin.post(BASE, { logs: [] }), 400, '没有要上传的日志');
    expectFailure(await admin.post(BASE, {}), 400, '没有要上传的日志');
    expectFailure(
      await adminEn.post(BASE, { logs: Array.from({ length: LOG_UPLOAD_MAX + 1 }, () => error('many')) }),
      400,
      'At most 50 logs can be uploaded at once',
    );
    expectFailure(await admin.post(BASE, { logs: [error('x', { type: '' })] }), 400, '请填写错误类型');
    expectFailure(await admin.post(BASE, { logs: [error('x', { type: 'a\u0000b' })] }), 400, '不能包含空字符');
    expectFailure(await admin.post(BASE, { logs: [error('nul\u0000message')] }), 400, '不能包含空字符');
    expectFailure(await admin.post(BASE, { logs: [error('x', { stack: 's\u0000' })] }), 400, '不能包含空字符');
    expectFailure(await admin.post(BASE, { logs: [error('x', { info: 'i\u0000' })] }), 400, '不能包含空字符');
    expectFailure(await admin.post(BASE, { logs: [error('x', { url: 'u\u0000' })] }), 400, '不能包含空字符');
    expectFailure(await admin.post(BASE, { logs: [error('m'.repeat(2001))] }), 400, /2000/);
    expectFailure(await admin.post(BASE, { logs: [error('x', { stack: 's'.repeat(8001) })] }), 400, /8000/);
    expectFailure(await admin.post(BASE, { logs: [error('x', { url: 'u'.repeat(100_000) })] }), 400, /2000/);
    expectFailure(await admin.post(BASE, { logs: [error('x', { time: 'yesterday' })] }), 400, '时间格式不正确');
    expectFailure(await adminJa.post(BASE, { logs: [error('x', { time: 42 })] }), 400, '日時の形式が正しくありません');
    expectFailure(await admin.post(BASE, { logs: [error('x', { message: 42 })] }), 400);
    expectFailure(await admin.post(BASE, { logs: 'not a list' }), 400, '没有要上传的日志');

    expectFailure(await admin.get(`${BASE}?type=secret`), 400, '日志类型只能是 error、api、login 或 audit');
    expectFailure(await admin.get(`${BASE}?type=error&from=notadate`), 400, '时间格式不正确');
    expectFailure(await admin.get(`${BASE}?type=error&account=${'a'.repeat(101)}`), 400, /100/);
    expectFailure(await admin.get(`${BASE}?type=error&keyword=%00`), 400, '不能包含空字符');
    expectFailure(await admin.get(`${BASE}?type=error&cursor=garbage`), 400);
    expectFailure(await admin.get(`${BASE}?type=error&size=100000`), 400);
    expectFailure(await del(admin, `${BASE}/abc?type=error`), 400);
    expectFailure(await del(admin, `${BASE}/1?type=nope`), 400, /日志类型只能是/);
    expectFailure(await del(admin, `${BASE}/clear/nope`), 400, /日志类型只能是/);

    expectFailure(await admin.post(`${BASE}/feedback`, { text: '' }), 400, '请填写反馈内容');
    expectFailure(await admin.post(`${BASE}/feedback`, { text: 'a\u0000' }), 400, '不能包含空字符');
    expectFailure(await admin.post(`${BASE}/feedback`, { text: '字'.repeat(801) }), 400, /1600/);
    expectFailure(await admin.post(`${BASE}/feedback`, { text: 'ok', img: 'data:image/png;base64,AAAA' }), 400, '截图必须是 JPEG 图片');
    expectFailure(await admin.post(`${BASE}/feedback`, { text: 'ok', img: `data:image/jpeg;base64,${'A'.repeat(7_100_000)}` }), 400, '截图不能超过 5MB');
    // The bytes must really be a JPEG, whatever the data URL says.
    expectFailure(await admin.post(`${BASE}/feedback`, { text: 'ok', img: 'data:image/jpeg;base64,iVBORw0KGgo=' }), 422, '截图必须是 JPEG 图片');
  });

  it('keeps feedback with its screenshot for administrators of the tenant', async () => {
    const sent = expectOk(await clerk.post(`${BASE}/feedback`, { text: '保存按钮没有反应', img: TINY_JPEG, url: '/controller/dict' }), feedbackRecord);
    expect(sent).toMatchObject({ account: 'log_clerk', text: '保存按钮没有反应', url: '/controller/dict' });
    expect(sent.imageFileId).toBeGreaterThan(0);
    const listed = expectOk(await admin.get(`${BASE}/feedback?keyword=${encodeURIComponent('保存按钮')}`), feedbackPage);
    expect(listed.records.map((r) => r.id)).toEqual([sent.id]);
    expect(expectOk(await admin.get(`${BASE}/feedback/${sent.id}/image`), feedbackImage).image).toBe(TINY_JPEG);
    const plain = expectOk(await admin.post(`${BASE}/feedback`, { text: 'no screenshot' }), feedbackRecord);
    expectFailure(await admin.get(`${BASE}/feedback/${plain.id}/image`), 404, '反馈不存在');

    expect(expectOk(await other.get(`${BASE}/feedback?keyword=${encodeURIComponent('保存按钮')}`), feedbackPage).total).toBe(0);
    expectFailure(await other.get(`${BASE}/feedback/${sent.id}/image`), 404);
    expect((await page(admin, 'type=audit&kind=create&keyword=feedback')).total).toBeGreaterThanOrEqual(1);
  });
});
