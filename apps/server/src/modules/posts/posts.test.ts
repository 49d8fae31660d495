import { post, postOption } from '@macro/contract/posts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, type TestServer } from '../../test/helper.ts';

const BASE = '/api/macro-system/post';

describeDb(`posts (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const create = async (client: Client, postCode: string, postName: string, extra = {}) =>
    expectOk(await client.post(`${BASE}/submit`, { postCode, postName, ...extra }), post);

  it('every tenant starts with the demo posts', async () => {
    const options = expectOk(await admin.get(`${BASE}/select`), z.array(postOption));
    expect(options.map((o) => o.postName)).toEqual(expect.arrayContaining(['总经理', '部门经理', '职员']));
    const theirs = expectOk(await other.get(`${BASE}/select`), z.array(postOption));
    expect(theirs.map((o) => o.postName)).toContain('总经理');
  });

  it('creates, reads, searches, updates and removes a post', async () => {
    const created = await create(admin, 'cashier', '出纳', { sort: 7, remark: '管现金' });
    expect(created).toMatchObject({ postCode: 'cashier', postName: '出纳', sort: 7, remark: '管现金' });
    const found = (await admin.get(`${BASE}/page?postName=${encodeURIComponent('出')}`)).json().data;
    expect(found.records.map((r: { id: number }) => r.id)).toContain(created.id);
    expect((await admin.get(`${BASE}/list?postCode=zzz-none`)).json().data.records).toEqual([]);
    const updated = await create(admin, 'cashier', '出纳员', { id: created.id });
    expect(updated.postName).toBe('出纳员');
    expect(expectOk(await admin.get(`${BASE}/detail?id=${created.id}`), post).postName).toBe('出纳员');
    expect((await admin.post(`${BASE}/remove?ids=${created.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`${BASE}/detail?id=${created.id}`), 404, '岗位不存在');
  });

  it('keeps code and name unique in a tenant, with the domain message, but not across tenants', async () => {
    await create(admin, 'uniq', '唯一岗位');
    expectFailure(await admin.post(`${BASE}/submit`, { postCode: 'uniq', postName: 'x' }), 409, '岗位编号「uniq」已存在');
    expectFailure(await adminEn.post(`${BASE}/submit`, { postCode: 'other', postName: '唯一岗位' }), 409, 'Post name "唯一岗位" already exists');
    await create(other, 'uniq', '唯一岗位');
  });

  it('refuses missing and over-long fields with the messages of the spec', async () => {
    expectFailure(await admin.post(`${BASE}/submit`, { postName: 'a' }), 400, '请输入岗位编号');
    expectFailure(await adminEn.post(`${BASE}/submit`, { postCode: 'a', postName: '  ' }), 400, 'Please enter the post name');
    expectFailure(await admin.post(`${BASE}/submit`, { postCode: 'a', postName: '岗'.repeat(51) }), 400, '不能超过100个字符');
    expectFailure(await admin.post(`${BASE}/submit`, { id: '1', postCode: 'a', postName: 'b' }), 400);
  });

  it('serves the REST family on the same posts', async () => {
    const created = expectOk(await admin.post('/api/posts', { postCode: 'rest', postName: 'REST 岗位' }), post);
    const updated = expectOk(await admin.call({ method: 'PUT', url: `/api/posts/${created.id}`, payload: { postCode: 'rest', postName: 'REST 2' } }), post);
    expect(updated.postName).toBe('REST 2');
    expect((await admin.get('/api/posts?postCode=rest')).json().data.records[0].id).toBe(created.id);
    expect((await admin.get(`/api/posts/${created.id}/users`)).json().data.records).toEqual([]);
    // Another tenant cannot see or remove it.
    expectFailure(await other.call({ method: 'DELETE', url: `/api/posts/${created.id}` }), 404);
    expectFailure(await other.get(`/api/posts/${created.id}/users`), 404);
    expect((await admin.call({ method: 'DELETE', url: `/api/posts/${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.call({ method: 'DELETE', url: `/api/posts/${created.id}` }), 404, '岗位不存在');
  });

  it('a concurrent duplicate loses with the domain message, not a database error', async () => {
    const results = await Promise.all([1, 2, 3].map(() => admin.post(`${BASE}/submit`, { postCode: 'race', postName: 'race' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectFailure(r, 409, /已存在/);
  });
});
