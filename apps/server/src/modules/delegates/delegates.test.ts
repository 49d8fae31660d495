import { delegate } from '@macro/contract/delegates';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, OTHER_TENANT, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { createUser } from '../users/service.ts';
import { activeDelegateFor } from './service.ts';

const BASE = '/api/macro-flow/workflow-Delegate';
const JAN = { startTime: '2031-01-01T00:00:00.000Z', endTime: '2031-01-31T23:59:59.000Z' };

describeDb(`delegates (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminJa: Client;
  let other: Client;
  let clerk: Client;
  let adminId: number;
  let deputyId: number;
  let clerkId: number;
  beforeAll(async () => {
    server = await startServer();
    const session = await signIn(server);
    adminId = session.user_id;
    admin = as(server, session.access_token);
    adminEn = as(server, session.access_token, 'en');
    adminJa = as(server, session.access_token, 'ja');
    other = as(server, (await signIn(server, OTHER_TENANT)).access_token);
    [deputyId, clerkId] = await withTenant(server.database.db, TENANT, async (tx) => [
      await createUser(tx, { account: 'deputy', name: 'Deputy', password: 'Deputy@123456' }),
      await createUser(tx, { account: 'dclerk', name: 'Clerk', password: 'Clerk@123456' }),
    ]);
    clerk = as(server, (await signIn(server, TENANT, 'dclerk', 'Clerk@123456')).access_token);
  });
  afterAll(() => server.close());

  const put = (client: Client, id: number, payload: object) => client.call({ method: 'PUT', url: `${BASE}/${id}`, payload });
  const del = (client: Client, id: number) => client.call({ method: 'DELETE', url: `${BASE}/${id}` });

  it('creates, lists, changes and ends my delegation; the engine finds who acts for me', async () => {
    const created = expectOk(await admin.post(BASE, { ...JAN, entrustedUserId: deputyId, processKeys: ['leave', 'expense'], description: '出差' }), delegate);
    expect(created).toMatchObject({ entrustedUserId: deputyId, entrustedName: 'Deputy', processKeys: ['leave', 'expense'], description: '出差', ownerId: adminId });
    expect(created.startTime).toBe(JAN.startTime);
    const later = expectOk(await admin.post(BASE, { startTime: '2031-03-01T00:00:00.000Z', endTime: '2031-03-02T00:00:00.000Z', entrustedUserId: deputyId, processKeys: [] }), delegate);
    // Latest first.
    const page = (await admin.get(`${BASE}/query-delegate`)).json().data;
    expect(page.records.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([later.id, created.id]);
    expect((await del(admin, later.id)).json().data).toEqual({ removed: 1 });

    await withTenant(server.database.db, TENANT, async (tx) => {
      expect(await activeDelegateFor(tx, adminId, 'leave', new Date('2031-01-15T08:00:00Z'))).toBe(deputyId);
      expect(await activeDelegateFor(tx, adminId, 'purchase', new Date('2031-01-15T08:00:00Z'))).toBeNull();
      expect(await activeDelegateFor(tx, adminId, 'leave', new Date('2031-02-01T00:00:00Z'))).toBeNull();
      expect(await activeDelegateFor(tx, deputyId, 'leave', new Date('2031-01-15T08:00:00Z'))).toBeNull();
    });
    await withTenant(server.database.db, OTHER_TENANT, async (tx) => {
      expect(await activeDelegateFor(tx, adminId, 'leave', new Date('2031-01-15T08:00:00Z'))).toBeNull();
    });

    const changed = expectOk(await put(admin, created.id, { ...JAN, entrustedUserId: clerkId, processKeys: [] }), delegate);
    expect(changed).toMatchObject({ entrustedUserId: clerkId, processKeys: [], description: '' });
    await withTenant(server.database.db, TENANT, async (tx) => {
      expect(await activeDelegateFor(tx, adminId, 'purchase', new Date('2031-01-15T08:00:00Z'))).toBe(clerkId);
    });
    expect((await del(admin, created.id)).json().data).toEqual({ removed: 1 });
    expectFailure(await del(admin, created.id), 404, '委托不存在');
  });

  it('requires start, end and the entrusted person with the messages of the spec', async () => {
    expectFailure(await admin.post(BASE, { endTime: JAN.endTime, entrustedUserId: deputyId }), 400, '请选择开始时间');
    expectFailure(await adminEn.post(BASE, { startTime: JAN.startTime, entrustedUserId: deputyId }), 400, 'Please choose the end time');
    expectFailure(await adminJa.post(BASE, { ...JAN }), 400, '委任先を選択してください');
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: '2' }), 400, '请选择被委托人');
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: 2 ** 40 }), 400);
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: 1.5 }), 400);
    expectFailure(await admin.post(BASE, { startTime: 'tomorrow', endTime: JAN.endTime, entrustedUserId: deputyId }), 400, '时间格式不正确');
    expectFailure(await admin.post(BASE, { startTime: 20310101, endTime: JAN.endTime, entrustedUserId: deputyId }), 400, '请选择开始时间');
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: deputyId, description: 'a\u0000b' }), 400);
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: deputyId, processKeys: ['a\u0000'] }), 400);
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: deputyId, processKeys: 'leave' }), 400, '流程编号不正确');
    expectFailure(await adminEn.post(BASE, { startTime: JAN.endTime, endTime: JAN.startTime, entrustedUserId: deputyId }), 400, 'The end may not be before the start');
  });

  it('refuses delegating to oneself, to a stranger, and overlapping delegations of a common process', async () => {
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: adminId }), 422, '不能委托给自己');
    expectFailure(await admin.post(BASE, { ...JAN, entrustedUserId: 999999 }), 422, '被委托人不存在');
    const leave = expectOk(await admin.post(BASE, { startTime: '2032-03-01T00:00:00Z', endTime: '2032-03-10T00:00:00Z', entrustedUserId: deputyId, processKeys: ['leave'] }), delegate);
    // Same time, another process: allowed. Same process, touching period: refused. Every process: refused.
    expectOk(await admin.post(BASE, { startTime: '2032-03-05T00:00:00Z', endTime: '2032-03-20T00:00:00Z', entrustedUserId: clerkId, processKeys: ['expense'] }), delegate);
    expectFailure(await admin.post(BASE, { startTime: '2032-03-10T00:00:00Z', endTime: '2032-03-12T00:00:00Z', entrustedUserId: clerkId, processKeys: ['leave'] }), 409, '与已有的委托（2032-03-01 00:00 至 2032-03-10 00:00）在时间和流程上重叠');
    expectFailure(await adminEn.post(BASE, { startTime: '2032-02-01T00:00:00Z', endTime: '2032-03-02T00:00:00Z', entrustedUserId: clerkId }), 409, /overlaps an existing delegation/);
    // After the period: free; editing itself is no overlap.
    expectOk(await admin.post(BASE, { startTime: '2032-03-21T00:00:00Z', endTime: '2032-03-22T00:00:00Z', entrustedUserId: clerkId }), delegate);
    expectOk(await put(admin, leave.id, { startTime: '2032-03-01T00:00:00Z', endTime: '2032-03-11T00:00:00Z', entrustedUserId: deputyId, processKeys: ['leave'] }), delegate);
    // Another person's delegations do not clash with mine; concurrent duplicates: one wins.
    const race = await Promise.all(
      [1, 2, 3].map(() => admin.post(BASE, { startTime: '2033-01-01T00:00:00Z', endTime: '2033-01-02T00:00:00Z', entrustedUserId: deputyId })),
    );
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of race.filter((r) => r.statusCode !== 200)) expectFailure(r, 409, /重叠/);
  });

  it('shows and changes only my own delegations; guards codes; keeps tenants apart', async () => {
    const mine = expectOk(await admin.post(BASE, { startTime: '2034-01-01T00:00:00Z', endTime: '2034-01-02T00:00:00Z', entrustedUserId: deputyId }), delegate);
    expectFailure(await clerk.get(`${BASE}/query-delegate`), 403, /delegate:view/);
    expectFailure(await clerk.post(BASE, { ...JAN, entrustedUserId: deputyId }), 403, /delegate:add/);
    expectFailure(await put(clerk, mine.id, { ...JAN, entrustedUserId: deputyId }), 403, /delegate:edit/);
    expectFailure(await del(clerk, mine.id), 403, /delegate:delete/);

    const theirs = (await other.get(`${BASE}/query-delegate?size=500`)).json().data.records as { id: number }[];
    expect(theirs.map((r) => r.id)).not.toContain(mine.id);
    expectFailure(await put(other, mine.id, { ...JAN, entrustedUserId: deputyId }), 404);
    expectFailure(await del(other, mine.id), 404);
    expectFailure(await admin.get(`${BASE}/query-delegate?current=0`), 400);
    expectFailure(await del(admin, 99999999999), 400);
  });
});
