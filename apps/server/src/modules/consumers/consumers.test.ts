import { pageOf } from '@macro/contract';
import { consumer } from '@macro/contract/consumers';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, signIn, TENANT, type TestServer } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const BASE = '/api/macro-user/consumer';
const page = pageOf(consumer);

describeDb(`consumer users (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  let nobody: Client;

  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'nobody', name: 'Nobody', password: 'Nobody@123456' }));
    nobody = as(server, (await signIn(server, TENANT, 'nobody', 'Nobody@123456')).access_token);
  });
  afterAll(() => server.close());

  const submit = (body: object, client = admin) => client.post(`${BASE}/submit`, body);

  it('registers, lists, searches, edits, disables and removes a consumer user', async () => {
    const created = expectOk(
      await submit({ account: ' member_01 ', name: '王小明', mobile: '13912345678', email: 'xm@example.com', remark: '老会员' }),
      consumer,
    );
    expect(created).toMatchObject({ account: 'member_01', name: '王小明', mobile: '13912345678', email: 'xm@example.com', status: 1, remark: '老会员' });
    expect(Date.parse(created.createTime)).not.toBeNaN();
    await submit({ account: 'member_02', name: '李四' });

    const accounts = async (query: string) => expectOk(await admin.get(`${BASE}/page?${query}`), page).records.map((c) => c.account);
    expect(await accounts('account=member_')).toEqual(['member_01', 'member_02']);
    expect(await accounts('name=小明')).toEqual(['member_01']);
    expect(await accounts('mobile=1391234')).toEqual(['member_01']);

    const edited = expectOk(await submit({ id: created.id, account: 'member_01', name: '王小明', mobile: '', email: '' }), consumer);
    expect(edited).toMatchObject({ mobile: '', email: '', remark: '' });
    expect(expectOk(await admin.get(`${BASE}/detail?id=${created.id}`), consumer).mobile).toBe('');

    expect((await admin.post(`${BASE}/status`, { ids: [created.id], status: 0 })).json().data).toEqual({ changed: 1 });
    expect((await admin.post(`${BASE}/status`, { ids: [created.id], status: 0 })).json().data).toEqual({ changed: 0 });
    expect(await accounts('account=member_&status=0')).toEqual(['member_01']);
    expect(await accounts('account=member_&status=1')).toEqual(['member_02']);

    expect((await admin.post(`${BASE}/remove?ids=${created.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`${BASE}/detail?id=${created.id}`), 404, '消费者用户不存在');
    expectFailure(await admin.post(`${BASE}/remove?ids=${created.id}`), 404);
  });

  it('checks every field with the messages of the spec, in the request language', async () => {
    expectFailure(await submit({ account: '', name: 'x' }), 400, '请输入账号');
    expectFailure(await submit({ account: 'ok_1', name: '  ' }), 400, '请输入姓名');
    expectFailure(await submit({ account: '会员', name: 'x' }), 400, '只能输入字母、数字或下划线，且不超过100个字符');
    expectFailure(await submit({ account: 'ok_1', name: 'x', mobile: '12345678901' }), 400, '请输入正确的手机号码');
    expectFailure(await submit({ account: 'ok_1', name: 'x', email: 'not-mail' }), 400, '请输入正确的邮箱');
    expectFailure(await submit({ account: 'ok_1', name: 'x', status: 2 }), 400, '请选择状态');
    expectFailure(await submit({ account: 'ok_1', name: 'x'.repeat(51) }), 400, /50/);
    expectFailure(await submit({ account: 'ok_1', name: 'x', mobile: '12345678901' }, adminEn), 400, 'Please enter a correct mobile number');
    expectFailure(await admin.post(`${BASE}/status`, { ids: [], status: 1 }), 400, '请先选择消费者用户');
    expectFailure(await admin.get(`${BASE}/page?status=3`), 400);
    expectFailure(await admin.post(`${BASE}/remove?ids=a`), 400);
    expect(await admin.get(`${BASE}/page?account=ok_1`).then((r) => r.json().data.total)).toBe(0);
  });

  it('keeps account and mobile unique in a tenant, but not across tenants', async () => {
    const first = expectOk(await submit({ account: 'uniq', name: 'A', mobile: '13700000000' }), consumer);
    expectFailure(await submit({ account: 'uniq', name: 'B' }), 409, '账号「uniq」已存在');
    expectFailure(await submit({ account: 'uniq2', name: 'B', mobile: '13700000000' }), 409, '手机号「13700000000」已被其他消费者用户使用');
    const second = expectOk(await submit({ account: 'uniq2', name: 'B' }), consumer);
    expectFailure(await submit({ id: second.id, account: 'uniq', name: 'B' }), 409);
    // Blank mobiles never collide; the same account lives in another tenant.
    expectOk(await submit({ account: 'uniq3', name: 'C', mobile: '' }), consumer);
    expectOk(await submit({ account: 'uniq', name: 'Other', mobile: '13700000000' }, other), consumer);
    expect(expectOk(await admin.get(`${BASE}/detail?id=${first.id}`), consumer).name).toBe('A');
  });

  it("never reaches another tenant's consumers, and checks the codes", async () => {
    const mine = expectOk(await submit({ account: 'private_member', name: 'Private' }), consumer);
    expectFailure(await other.get(`${BASE}/detail?id=${mine.id}`), 404);
    expectFailure(await submit({ id: mine.id, account: 'hijack', name: 'x' }, other), 404);
    expectFailure(await other.post(`${BASE}/status`, { ids: [mine.id], status: 0 }), 404);
    expectFailure(await other.post(`${BASE}/remove?ids=${mine.id}`), 404);
    expect((await other.get(`${BASE}/page?account=private`)).json().data.records).toEqual([]);
    expect(expectOk(await admin.get(`${BASE}/detail?id=${mine.id}`), consumer)).toMatchObject({ account: 'private_member', status: 1 });

    expectFailure(await nobody.get(`${BASE}/page`), 403, /consumer:view/);
    expectFailure(await submit({ account: 'n1', name: 'n' }, nobody), 403, /consumer:add/);
    expectFailure(await submit({ id: mine.id, account: 'n1', name: 'n' }, nobody), 403, /consumer:edit/);
    expectFailure(await nobody.post(`${BASE}/status`, { ids: [mine.id], status: 0 }), 403, /consumer:status/);
    expectFailure(await nobody.post(`${BASE}/remove?ids=${mine.id}`), 403, /consumer:delete/);
  });
});
