import { delegate } from '@macro/contract/delegates';
import { withTenant } from '@macro/store';
import { beforeAll, expect, it } from 'vitest';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk, OTHER_TENANT, TENANT } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';
import { activeDelegateFor } from './service.ts';

const BASE = '/api/macro-flow/workflow-Delegate';
const JAN = { startTime: '2031-01-01T00:00:00.000Z', endTime: '2031-01-31T23:59:59.000Z' };

describeDb(`delegates (${dbLabel})`, () => {
  const cast = castOf('dclerk');
  let deputyId: number;
  beforeAll(async () => {
    deputyId = await withTenant(cast.server.database.db, TENANT, (tx) => createUser(tx, { account: 'deputy', name: 'Deputy', password: 'Deputy@123456' }));
  });

  const put = (client: Client, id: number, payload: object) => client.call({ method: 'PUT', url: `${BASE}/${id}`, payload });
  const del = (client: Client, id: number) => client.call({ method: 'DELETE', url: `${BASE}/${id}` });

  it('creates, lists, changes and ends my delegation; the engine finds who acts for me', async () => {
    const created = expectOk(
      await cast.admin.post(BASE, { ...JAN, entrustedUserId: deputyId, processKeys: ['leave', 'expense'], description: '出差' }),
      delegate,
    );
    expect(created).toMatchObject({
      entrustedUserId: deputyId,
      entrustedName: 'Deputy',
      processKeys: ['leave', 'expense'],
      description: '出差',
      ownerId: cast.adminId,
    });
    expect(created.startTime).toBe(JAN.startTime);
    const later = expectOk(
      await cast.admin.post(BASE, { startTime: '2031-03-01T00:00:00.000Z', endTime: '2031-03-02T00:00:00.000Z', entrustedUserId: deputyId, processKeys: [] }),
      delegate,
    );
    // Latest first.
    const page = (await cast.admin.get(`${BASE}/query-delegate`)).json().data;
    expect(page.records.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([later.id, created.id]);
    expect((await del(cast.admin, later.id)).json().data).toEqual({ removed: 1 });

    await withTenant(cast.server.database.db, TENANT, async (tx) => {
      expect(await activeDelegateFor(tx, cast.adminId, 'leave', new Date('2031-01-15T08:00:00Z'))).toBe(deputyId);
      expect(await activeDelegateFor(tx, cast.adminId, 'purchase', new Date('2031-01-15T08:00:00Z'))).toBeNull();
      expect(await activeDelegateFor(tx, cast.adminId, 'leave', new Date('2031-02-01T00:00:00Z'))).toBeNull();
      expect(await activeDelegateFor(tx, deputyId, 'leave', new Date('2031-01-15T08:00:00Z'))).toBeNull();
    });
    await withTenant(cast.server.database.db, OTHER_TENANT, async (tx) => {
      expect(await activeDelegateFor(tx, cast.adminId, 'leave', new Date('2031-01-15T08:00:00Z'))).toBeNull();
    });

    const changed = expectOk(await put(cast.admin, created.id, { ...JAN, entrustedUserId: cast.clerkId, processKeys: [] }), delegate);
    expect(changed).toMatchObject({ entrustedUserId: cast.clerkId, processKeys: [], description: '' });
    await withTenant(cast.server.database.db, TENANT, async (tx) => {
      expect(await activeDelegateFor(tx, cast.adminId, 'purchase', new Date('2031-01-15T08:00:00Z'))).toBe(cast.clerkId);
    });
    expect((await del(cast.admin, created.id)).json().data).toEqual({ removed: 1 });
    expectFailure(await del(cast.admin, created.id), 404, '委托不存在');
  });

  it('requires start, end and the entrusted person with the messages of the spec', async () => {
    expectFailure(await cast.admin.post(BASE, { endTime: JAN.endTime, entrustedUserId: deputyId }), 400, '请选择开始时间');
    expectFailure(await cast.adminEn.post(BASE, { startTime: JAN.startTime, entrustedUserId: deputyId }), 400, 'Please choose the end time');
    expectFailure(await cast.adminJa.post(BASE, { ...JAN }), 400, '委任先を選択してください');
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: '2' }), 400, '请选择被委托人');
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: 2 ** 40 }), 400);
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: 1.5 }), 400);
    expectFailure(await cast.admin.post(BASE, { startTime: 'tomorrow', endTime: JAN.endTime, entrustedUserId: deputyId }), 400, '时间格式不正确');
    expectFailure(await cast.admin.post(BASE, { startTime: 20310101, endTime: JAN.endTime, entrustedUserId: deputyId }), 400, '请选择开始时间');
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: deputyId, description: 'a\u0000b' }), 400);
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: deputyId, processKeys: ['a\u0000'] }), 400);
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: deputyId, processKeys: 'leave' }), 400, '流程编号不正确');
    expectFailure(
      await cast.adminEn.post(BASE, { startTime: JAN.endTime, endTime: JAN.startTime, entrustedUserId: deputyId }),
      400,
      'The end may not be before the start',
    );
  });

  it('refuses delegating to oneself, to a stranger, and overlapping delegations of a common process', async () => {
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: cast.adminId }), 422, '不能委托给自己');
    expectFailure(await cast.admin.post(BASE, { ...JAN, entrustedUserId: 999999 }), 422, '被委托人不存在');
    const leave = expectOk(
      await cast.admin.post(BASE, { startTime: '2032-03-01T00:00:00Z', endTime: '2032-03-10T00:00:00Z', entrustedUserId: deputyId, processKeys: ['leave'] }),
      delegate,
    );
    // Same time, another process: allowed. Same process, touching period: refused. Every process: refused.
    expectOk(
      await cast.admin.post(BASE, {
        startTime: '2032-03-05T00:00:00Z',
        endTime: '2032-03-20T00:00:00Z',
        entrustedUserId: cast.clerkId,
        processKeys: ['expense'],
      }),
      delegate,
    );
    expectFailure(
      await cast.admin.post(BASE, {
        startTime: '2032-03-10T00:00:00Z',
        endTime: '2032-03-12T00:00:00Z',
        entrustedUserId: cast.clerkId,
        processKeys: ['leave'],
      }),
      409,
      '与已有的委托（2032-03-01 00:00 至 2032-03-10 00:00）在时间和流程上重叠',
    );
    expectFailure(
      await cast.adminEn.post(BASE, { startTime: '2032-02-01T00:00:00Z', endTime: '2032-03-02T00:00:00Z', entrustedUserId: cast.clerkId }),
      409,
      /overlaps an existing delegation/,
    );
    // After the period: free; editing itself is no overlap.
    expectOk(await cast.admin.post(BASE, { startTime: '2032-03-21T00:00:00Z', endTime: '2032-03-22T00:00:00Z', entrustedUserId: cast.clerkId }), delegate);
    expectOk(
      await put(cast.admin, leave.id, {
        startTime: '2032-03-01T00:00:00Z',
        endTime: '2032-03-11T00:00:00Z',
        entrustedUserId: deputyId,
        processKeys: ['leave'],
      }),
      delegate,
    );
    // Another person's delegations do not clash with mine; concurrent duplicates: one wins.
    const race = await Promise.all(
      [1, 2, 3].map(() => cast.admin.post(BASE, { startTime: '2033-01-01T00:00:00Z', endTime: '2033-01-02T00:00:00Z', entrustedUserId: deputyId })),
    );
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of race.filter((r) => r.statusCode !== 200)) expectFailure(r, 409, /重叠/);
  });

  it('shows and changes only my own delegations; guards codes; keeps tenants apart', async () => {
    const mine = expectOk(
      await cast.admin.post(BASE, { startTime: '2034-01-01T00:00:00Z', endTime: '2034-01-02T00:00:00Z', entrustedUserId: deputyId }),
      delegate,
    );
    expectFailure(await cast.clerk.get(`${BASE}/query-delegate`), 403, /delegate:view/);
    expectFailure(await cast.clerk.post(BASE, { ...JAN, entrustedUserId: deputyId }), 403, /delegate:add/);
    expectFailure(await put(cast.clerk, mine.id, { ...JAN, entrustedUserId: deputyId }), 403, /delegate:edit/);
    expectFailure(await del(cast.clerk, mine.id), 403, /delegate:delete/);

    const theirs = (await cast.other.get(`${BASE}/query-delegate?size=500`)).json().data.records as { id: number }[];
    expect(theirs.map((r) => r.id)).not.toContain(mine.id);
    expectFailure(await put(cast.other, mine.id, { ...JAN, entrustedUserId: deputyId }), 404);
    expectFailure(await del(cast.other, mine.id), 404);
    expectFailure(await cast.admin.get(`${BASE}/query-delegate?current=0`), 400);
    expectFailure(await del(cast.admin, 99999999999), 400);
  });
});
