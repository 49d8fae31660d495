import { pageOf } from '@macro/contract';
import { inboxItem, NOTICE_CATEGORY, notice, unreadCounts } from '@macro/contract/notices';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { userRecord } from '@macro/contract/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  signedInServer,
  signIn,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';

const BASE = '/api/macro-system/notice';
const PASSWORD = 'Note@123456';
const flat = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describeDb(`notices (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminJa: Client;
  let other: Client;
  let reader: Client;
  let bystander: Client;
  let readerId = 0;

  const patch = (client: Client, url: string, payload?: object) => client.call({ method: 'PATCH', url, ...(payload ? { payload } : {}) });
  const counts = async (client: Client) => expectOk(await client.get(`${BASE}/unread-count`), unreadCounts);
  const publish = async (body: Record<string, unknown>) =>
    expectOk(await admin.post(BASE, { category: NOTICE_CATEGORY.notice, content: '内容', publish: true, ...body }), notice);

  beforeAll(async () => {
    ({ server, admin, adminEn, adminJa, other } = await signedInServer());
    const secret = () => encryptPassword(server.publicKey, PASSWORD);
    // A role with the home page only: no notice administration.
    const menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode))) as GrantTreeNode[];
    const roleId = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '读者', roleAlias: 'note_reader' }), roleRecord).id;
    await admin.post('/api/macro-system/role/grant', {
      roleIds: [roleId],
      menuIds: menus.filter((m) => m.code === 'dashboard:view').map((m) => m.id),
      dataScopeIds: [],
    });
    for (const account of ['note_reader', 'note_bystander']) {
      const id = expectOk(
        await admin.post('/api/macro-user/submit', { account, name: account, password: secret(), password2: secret(), roleIds: [roleId] }),
        userRecord,
      ).id;
      if (account === 'note_reader') readerId = id;
    }
    reader = as(server, (await signIn(server, TENANT, 'note_reader', PASSWORD)).access_token);
    bystander = as(server, (await signIn(server, TENANT, 'note_bystander', PASSWORD)).access_token);
  });
  afterAll(() => server.close());

  it('every tenant starts with demonstration items in each tab, unread', async () => {
    for (const client of [admin, other, reader]) expect(await counts(client)).toEqual({ notice: 2, message: 1, mail: 1, total: 4 });
    const tab = expectOk(await reader.get(`${BASE}/inbox?category=${NOTICE_CATEGORY.notice}`), pageOf(inboxItem));
    expect(tab.records.map((r) => r.read)).toEqual([false, false]);
  });

  it('a published notice reaches everyone of the tenant; opening, marking one and all read count exactly', async () => {
    const before = await counts(reader);
    const published = await publish({ title: '放假通知' });
    expect(published).toMatchObject({ status: 1, recipientId: null, readCount: 0 });
    expect(published.publishTime).not.toBeNull();
    expect(await counts(reader)).toEqual({ ...before, notice: before.notice + 1, total: before.total + 1 });
    const tab = expectOk(await reader.get(`${BASE}/inbox?category=1`), pageOf(inboxItem));
    expect(tab.records[0]).toMatchObject({ id: published.id, title: '放假通知', read: false, senderName: expect.any(String) });

    const opened = expectOk(await reader.get(`${BASE}/inbox/${published.id}`), inboxItem);
    expect(opened).toMatchObject({ title: '放假通知', content: '内容', read: true });
    expect(await counts(reader)).toEqual(before);
    // Opening again or marking it read changes nothing more; the bystander's count is their own.
    expect(expectOk(await patch(reader, `${BASE}/inbox/${published.id}/read`), unreadCounts)).toEqual(before);
    expect((await counts(bystander)).notice).toBe(before.notice + 1);
    expect((await admin.get(`${BASE}/page?title=${encodeURIComponent('放假')}`)).json().data.records[0].readCount).toBe(1);

    const message = await publish({ title: '私信', category: NOTICE_CATEGORY.message });
    expect((await counts(reader)).message).toBe(before.message + 1);
    expect(expectOk(await patch(reader, `${BASE}/inbox/read-all`, { category: NOTICE_CATEGORY.notice }), unreadCounts)).toEqual({
      notice: 0,
      message: before.message + 1,
      mail: before.mail,
      total: before.message + 1 + before.mail,
    });
    expect(expectOk(await patch(reader, `${BASE}/inbox/read-all`, {}), unreadCounts)).toEqual({ notice: 0, message: 0, mail: 0, total: 0 });
    expect(expectOk(await reader.get(`${BASE}/inbox?category=2`), pageOf(inboxItem)).records.find((r) => r.id === message.id)?.read).toBe(true);
  });

  it('drafts reach nobody until published; an addressed item reaches only its recipient', async () => {
    const start = await counts(bystander);
    const draft = expectOk(await admin.post(BASE, { category: 1, title: '草稿', content: '草稿内容' }), notice);
    expect(draft).toMatchObject({ status: 0, publishTime: null });
    expect(await counts(bystander)).toEqual(start);
    expectFailure(await bystander.get(`${BASE}/inbox/${draft.id}`), 404, '通知不存在');
    expect(expectOk(await patch(admin, `${BASE}/${draft.id}/publish`), notice).status).toBe(1);
    expect((await counts(bystander)).notice).toBe(start.notice + 1);

    const mail = await publish({ title: '给读者的邮件', category: NOTICE_CATEGORY.mail, recipientId: readerId });
    expect(mail.recipientName).toBe('note_reader');
    expect((await counts(reader)).mail).toBe(1);
    expect((await counts(bystander)).mail).toBe(start.mail);
    expectFailure(await bystander.get(`${BASE}/inbox/${mail.id}`), 404);
    expectFailure(await patch(bystander, `${BASE}/inbox/${mail.id}/read`), 404);

    const edited = expectOk(
      await admin.call({ method: 'PUT', url: `${BASE}/${mail.id}`, payload: { category: 3, title: '改过的邮件', content: '新内容', recipientId: readerId } }),
      notice,
    );
    expect(edited).toMatchObject({ title: '改过的邮件', status: 1 });
    expect(expectOk(await admin.call({ method: 'DELETE', url: `${BASE}/${mail.id}` }), z.object({ removed: z.number() }))).toEqual({ removed: 1 });
    expect((await counts(reader)).mail).toBe(0);
    expectFailure(await admin.call({ method: 'DELETE', url: `${BASE}/${mail.id}` }), 404, '通知不存在');
  });

  it('another tenant’s notices are unreachable by id, in lists and counts', async () => {
    const secret = await publish({ title: 'OtherTenantMustNotSee' });
    const theirStart = await counts(other);
    expectFailure(await other.get(`${BASE}/inbox/${secret.id}`), 404);
    expectFailure(await patch(other, `${BASE}/inbox/${secret.id}/read`), 404);
    expectFailure(await patch(other, `${BASE}/${secret.id}/publish`), 404);
    expectFailure(await other.call({ method: 'PUT', url: `${BASE}/${secret.id}`, payload: { category: 1, title: 'x', content: 'y' } }), 404);
    expectFailure(await other.call({ method: 'DELETE', url: `${BASE}/${secret.id}` }), 404);
    expect((await other.get(`${BASE}/page?size=500`)).body).not.toContain('OtherTenantMustNotSee');
    expect((await other.get(`${BASE}/inbox?category=1&size=500`)).body).not.toContain('OtherTenantMustNotSee');
    await patch(other, `${BASE}/inbox/read-all`, {});
    expect(await counts(other)).toEqual({ notice: 0, message: 0, mail: 0, total: 0 });
    expect(theirStart.total).toBeGreaterThan(0);
    // Their marking all read touched nothing of ours.
    expect((await admin.get(`${BASE}/page?title=OtherTenantMustNotSee`)).json().data.records[0].readCount).toBe(0);
    // Nor may they address our user.
    expectFailure(await other.post(BASE, { category: 3, title: 't', content: 'c', recipientId: readerId }), 422, '所选接收人不存在');
  });

  it('administration needs its permission codes; the inbox only a session', async () => {
    expectFailure(await reader.get(`${BASE}/page`), 403);
    expectFailure(await reader.post(BASE, { category: 1, title: 't', content: 'c' }), 403);
    expectFailure(await patch(reader, `${BASE}/1/publish`), 403);
    expectFailure(await reader.call({ method: 'DELETE', url: `${BASE}/1` }), 403);
    expectFailure(await reader.call({ method: 'PUT', url: `${BASE}/1`, payload: { category: 1, title: 't', content: 'c' } }), 403);
    expect((await reader.get(`${BASE}/unread-count`)).statusCode).toBe(200);
    const anonymous = await server.app.inject({ method: 'GET', url: `${BASE}/unread-count` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input field by field, in the request language', async () => {
    expectFailure(await admin.post(BASE, { title: 't', content: 'c' }), 400, '请选择类型');
    expectFailure(await adminEn.post(BASE, { category: 4, title: 't', content: 'c' }), 400, 'Please choose the type');
    expectFailure(await adminEn.post(BASE, { category: 1, content: 'c' }), 400, 'Please enter the title');
    expectFailure(await adminJa.post(BASE, { category: 1, title: 't' }), 400, '内容を入力してください');
    expectFailure(await admin.post(BASE, { category: 1, title: '  ', content: 'c' }), 400, '请输入标题');
    expectFailure(await admin.post(BASE, { category: 1, title: '题'.repeat(51), content: 'c' }), 400, /100/);
    expectFailure(await admin.post(BASE, { category: 1, title: 'a\u0000b', content: 'c' }), 400);
    expectFailure(await admin.post(BASE, { category: 1, title: 't', content: 'c'.repeat(1601) }), 400, /1600/);
    expectFailure(await admin.post(BASE, { category: 1, title: 't', content: 'c', recipientId: 'x' }), 400);
    expectFailure(await admin.post(BASE, { category: 1, title: 't', content: 'c', recipientId: 2 ** 40 }), 400);
    expectFailure(await admin.post(BASE, { category: 1, title: 't', content: 'c', recipientId: 999999 }), 422, '所选接收人不存在');
    expectFailure(await adminEn.post(BASE, { category: 1, title: 't', content: 'c', publish: 'yes' }), 400, 'The publish option is invalid');
    expectFailure(await admin.get(`${BASE}/inbox`), 400, '请选择类型');
    expectFailure(await admin.get(`${BASE}/inbox?category=abc`), 400, '请选择类型');
    expectFailure(await admin.get(`${BASE}/inbox/abc`), 400);
    expectFailure(await admin.get(`${BASE}/inbox?category=1&size=501`), 400);
    expectFailure(await patch(admin, `${BASE}/inbox/read-all`, { category: 9 }), 400, '请选择类型');
  });
});
