import { groupInfo, groupSaved, tenantCreated, tenantPackage, tenantRecord, tenantUser, tenantUserCreated } from '@macro/contract/tenants';
import { menuRoute } from '@macro/contract/menus';
import { pageOf } from '@macro/contract';
import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  OTHER_TENANT,
  signIn,
  type TestServer,
  startServer,
  tokenRequest,
} from '../../test/helper.ts';

const removed = z.object({ removed: z.number() });

describeDb(`tenants (${dbLabel})`, () => {
  let server: TestServer;
  let platform: Client;

  const tryToken = (tenant: string, account: string, password: string) =>
    tokenRequest(
      server,
      { grant_type: 'password', username: account, password: encryptPassword(server.publicKey, password), scope: 'all' },
      { 'tenant-id': tenant },
    );

  async function newTenant(body: Record<string, unknown> = {}) {
    return expectOk(await platform.post('/api/tenant', { tenantName: '华东分公司', ...body }), tenantCreated);
  }

  beforeAll(async () => {
    server = await startServer();
    platform = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());

  it('creates and provisions a tenant whose administrator signs in with the one-time password', async () => {
    const created = await newTenant({ tenantId: 'EAST01', linkman: '王经理', contactNumber: '13812345678', accountNumber: 5 });
    expect(created).toMatchObject({ tenantId: 'EAST01', tenantName: '华东分公司', status: 1, accountNumber: 5 });
    expect(created.adminPassword.length).toBeGreaterThanOrEqual(12);

    const token = await tryToken('EAST01', 'admin', created.adminPassword);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toMatchObject({ must_change_password: true, tenant_id: 'EAST01' });
    // Provisioned like every tenant: the starter dictionaries are there, in its own tenant only.
    const east = as(server, token.json().access_token);
    const options = expectOk(await east.get('/api/macro-system/dict/dictionary?code=CompanyNature'), z.array(z.object({ label: z.string() })));
    expect(options.length).toBeGreaterThan(0);

    const page = expectOk(await platform.get('/api/tenant?tenantName=%E5%8D%8E%E4%B8%9C'), pageOf(tenantRecord));
    expect(page.records.map((t) => t.tenantId)).toContain('EAST01');
    expectFailure(await platform.post('/api/tenant', { tenantId: 'EAST01', tenantName: 'again' }), 409, '租户编号“EAST01”已存在');
  });

  it('seeds a tenant created from an English or Japanese console with demo data in that language', async () => {
    const english = as(server, (await signIn(server)).access_token, 'en');
    const japanese = as(server, (await signIn(server)).access_token, 'ja');
    const west = expectOk(await english.post('/api/tenant', { tenantName: 'West Branch' }), tenantCreated);
    const north = expectOk(await japanese.post('/api/tenant', { tenantName: '北支社' }), tenantCreated);
    const seeded = (tenantId: string) =>
      withTenant(server.database.db, tenantId, async (tx) => ({
        companies: rowsOf<{ name: string }>(await tx.execute(sql`select company_name as name from macro_company order by id`)).map((r) => r.name),
        depts: rowsOf<{ name: string }>(await tx.execute(sql`select dept_name as name from macro_dept order by id`)).map((r) => r.name),
        posts: rowsOf<{ name: string }>(await tx.execute(sql`select post_name as name from macro_post order by sort`)).map((r) => r.name),
        notices: rowsOf<{ title: string }>(await tx.execute(sql`select title from macro_notice order by id`)).map((r) => r.title),
      }));
    expect(await seeded(west.tenantId)).toMatchObject({
      companies: ['Example Group', 'Example Technology Co., Ltd.'],
      depts: expect.arrayContaining(['General Office', 'Finance', 'R&D', 'Sales']),
      posts: ['General Manager', 'Department Manager', 'Staff'],
      notices: expect.arrayContaining(['Welcome to Macro Console']),
    });
    expect(await seeded(north.tenantId)).toMatchObject({ companies: ['サンプルグループ', 'サンプルテクノロジー株式会社'], posts: ['社長', '部長', '社員'] });
    // The platform tenant, seeded at start, stays in Chinese.
    expect((await seeded('000000')).companies).toContain('示例集团');
  });

  it("refuses every tenant call to another tenant's administrator, even holding the codes", async () => {
    const other = as(server, (await signIn(server, OTHER_TENANT)).access_token, 'en');
    expectFailure(await other.get('/api/tenant'), 403, 'Only administrators of the platform tenant can do this');
    expectFailure(await other.post('/api/tenant', { tenantName: 'mine now' }), 403);
    const count = await server.database.db.execute(sql`select count(*)::int as n from tenant where tenant_name = 'mine now'`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('validates every field with a message in the request language', async () => {
    const english = as(server, (await signIn(server)).access_token, 'en');
    expectFailure(await english.post('/api/tenant', {}), 400, /Please enter the tenant name/);
    expectFailure(await english.post('/api/tenant', { tenantName: 'x', tenantId: 'a b' }), 400, /6 to 12 letters or digits/);
    expectFailure(await english.post('/api/tenant', { tenantName: 'x', contactNumber: '12345' }), 400, /phone/i);
    expectFailure(await english.post('/api/tenant', { tenantName: 'x', expireTime: '2026-02-30' }), 400, /expiry date/);
    expectFailure(await english.post('/api/tenant', { tenantName: 'x', accountNumber: 1.5 }), 400, /quota/);
    expectFailure(await english.post('/api/tenant', { tenantName: 'x\u0000' }), 400);
  });

  it('suspending a tenant ends its live sessions and refuses sign-in until it is enabled again', async () => {
    const created = await newTenant({ tenantName: '停用测试' });
    const session = as(server, (await tryToken(created.tenantId, 'admin', created.adminPassword)).json().access_token);
    expect((await session.get('/api/macro-user/info')).statusCode).toBe(200);

    const suspended = expectOk(await platform.call({ method: 'PATCH', url: `/api/tenant/${created.id}/status`, payload: { status: 0 } }), tenantRecord);
    expect(suspended.status).toBe(0);
    expect((await session.get('/api/macro-user/info')).statusCode).toBe(401);
    expect((await tryToken(created.tenantId, 'admin', created.adminPassword)).statusCode).toBe(400);

    await platform.call({ method: 'PATCH', url: `/api/tenant/${created.id}/status`, payload: { status: 1 } });
    expect((await tryToken(created.tenantId, 'admin', created.adminPassword)).statusCode).toBe(200);

    const home = expectOk(await platform.get('/api/tenant?tenantId=000000'), pageOf(tenantRecord)).records[0];
    expectFailure(await platform.call({ method: 'PATCH', url: `/api/tenant/${home.id}/status`, payload: { status: 0 } }), 409, '平台租户不能停用或删除');
    expectFailure(await platform.call({ method: 'DELETE', url: `/api/tenant/${home.id}` }), 409);
  });

  it('an expired tenant cannot sign in', async () => {
    const created = await newTenant({ tenantName: '过期测试', expireTime: '2020-01-01' });
    expect((await tryToken(created.tenantId, 'admin', created.adminPassword)).statusCode).toBe(400);
    await platform.call({ method: 'PUT', url: `/api/tenant/${created.id}`, payload: { tenantName: '过期测试', expireTime: '' } });
    expect((await tryToken(created.tenantId, 'admin', created.adminPassword)).statusCode).toBe(200);
  });

  it("manages a tenant's users within its quota, through the audited cross-tenant path", async () => {
    const created = await newTenant({ tenantName: '用户测试', accountNumber: 2 });
    const code = created.tenantId;
    const user = expectOk(await platform.post('/api/tenant/user', { tenantId: code, account: 'clerk', name: '张三' }), tenantUserCreated);
    expect(expectOk(await platform.post('/api/tenant/user-isexit', { tenantId: code, account: 'clerk' }), z.object({ exists: z.boolean() })).exists).toBe(true);
    expect(expectOk(await platform.post('/api/tenant/user-isexit', { tenantId: code, account: 'nobody' }), z.object({ exists: z.boolean() })).exists).toBe(
      false,
    );
    expectFailure(await platform.post('/api/tenant/user', { tenantId: code, account: 'clerk', name: '重复' }), 409, '账号“clerk”在该租户已存在');
    expectFailure(await platform.post('/api/tenant/user', { tenantId: code, account: 'third', name: '超额' }), 409, '该租户的账号额度（2）已用完');

    const users = expectOk(await platform.get(`/api/tenant/${created.id}/users`), pageOf(tenantUser));
    expect(users.records.map((u) => u.account).sort()).toEqual(['admin', 'clerk']);

    const clerk = as(server, (await tryToken(code, 'clerk', user.password)).json().access_token);
    expect((await clerk.get('/api/macro-user/info')).statusCode).toBe(200);
    const disabled = expectOk(await platform.call({ method: 'PATCH', url: `/api/tenant/user/${user.id}`, payload: { tenantId: code, status: 0 } }), tenantUser);
    expect(disabled.status).toBe(0);
    expect((await clerk.get('/api/macro-user/info')).statusCode).toBe(401);

    // A user id of the tenant, named with another tenant's code, is not found there.
    expectFailure(await platform.call({ method: 'DELETE', url: `/api/tenant/user/${user.id}?tenantId=000000` }), 404);
    expectOk(await platform.call({ method: 'DELETE', url: `/api/tenant/user/${user.id}?tenantId=${code}` }), removed);
    const after = expectOk(await platform.get(`/api/tenant/${created.id}/users`), pageOf(tenantUser));
    expect(after.records.map((u) => u.account)).toEqual(['admin']);

    const audit = await server.database.db.execute(
      sql`select tenant_id, account, action from audit_log where resource = 'user' and resource_id = ${String(user.id)} and tenant_id = ${code} order by id`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { tenant_id: code, account: 'platform:admin', action: 'create' },
      { tenant_id: code, account: 'platform:admin', action: 'update' },
      { tenant_id: code, account: 'platform:admin', action: 'delete' },
    ]);
    const crossings = await server.database.db.execute(
      sql`select count(*)::int as n from audit_log where tenant_id = '000000' and action = 'cross-tenant' and resource_id = ${code}`,
    );
    expect((crossings as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(5);
  });

  it('deleting a tenant hides it, ends its sessions, refuses sign-in and keeps its code taken', async () => {
    const created = await newTenant({ tenantName: '删除测试' });
    const session = as(server, (await tryToken(created.tenantId, 'admin', created.adminPassword)).json().access_token);
    expectOk(await platform.call({ method: 'DELETE', url: `/api/tenant/${created.id}` }), removed);
    expect((await session.get('/api/macro-user/info')).statusCode).toBe(401);
    expect((await tryToken(created.tenantId, 'admin', created.adminPassword)).statusCode).toBe(400);
    expectFailure(await platform.get(`/api/tenant/${created.id}`), 404, '租户不存在');
    const page = expectOk(await platform.get(`/api/tenant?tenantId=${created.tenantId}`), pageOf(tenantRecord));
    expect(page.records).toHaveLength(0);
    expectFailure(await platform.post('/api/tenant', { tenantId: created.tenantId, tenantName: 'reuse' }), 409);
  });

  it("limits a tenant on a package to the package's menus, at creation and whenever the package changes", async () => {
    const menus = expectOk(await platform.get('/api/macro-system/menu/routes'), z.array(menuRoute));
    const flat = (list: typeof menus): typeof menus => list.flatMap((m) => [m, ...flat(m.children)]);
    const dictionaries = flat(menus).find((m) => m.code === 'dict:view')!;
    const tenantMenu = flat(menus).find((m) => m.code === 'tenant:view')!;

    expectFailure(await platform.post('/api/tenant-package/submit', { packageName: 'x', menuIds: [] }), 400, '请至少选择一个菜单');
    expectFailure(await platform.post('/api/tenant-package/submit', { packageName: 'x', menuIds: [2_000_000] }), 400, '所选菜单不存在');
    const basic = expectOk(
      await platform.post('/api/tenant-package/submit', { packageName: '基础版', menuIds: [dictionaries.id, tenantMenu.id] }),
      tenantPackage,
    );
    expectFailure(await platform.post('/api/tenant-package/submit', { packageName: '基础版', menuIds: [dictionaries.id] }), 409, '产品包名称“基础版”已存在');

    const created = await newTenant({ tenantName: '产品包测试', packageId: basic.id });
    expect(created).toMatchObject({ packageId: basic.id, packageName: '基础版' });
    const admin = as(server, (await tryToken(created.tenantId, 'admin', created.adminPassword)).json().access_token);
    const codes = () => admin.get('/api/macro-system/api-scope/user-permission-list').then((r) => expectOk(r, z.array(z.string())));
    expect(await codes()).toEqual(expect.arrayContaining(['dict:view', 'dict:add', 'tenant:view']));
    expect(await codes()).not.toContain('tenant-package:view');
    expect((await admin.get('/api/macro-system/dict/parent-list')).statusCode).toBe(200);

    // The package loses the dictionaries: the tenant's roles lose them at once.
    expectOk(await platform.post('/api/tenant-package/submit', { id: basic.id, packageName: '基础版', menuIds: [tenantMenu.id] }), tenantPackage);
    expect(await codes()).not.toContain('dict:view');
    expectFailure(await admin.get('/api/macro-system/dict/parent-list'), 403);

    expectFailure(await platform.post(`/api/tenant-package/remove?ids=${basic.id}`), 409, '产品包“基础版”仍有租户在用，不能删除');
    const listed = expectOk(await platform.get('/api/tenant-package/list'), pageOf(tenantPackage));
    expect(listed.records.find((p) => p.id === basic.id)?.tenantCount).toBe(1);
    await platform.call({ method: 'DELETE', url: `/api/tenant/${created.id}` });
    expectOk(await platform.post(`/api/tenant-package/remove?ids=${basic.id}`), removed);
    expectFailure(await platform.get(`/api/tenant-package/detail?id=${basic.id}`), 404, '产品包不存在');
  });

  it('serves the same tenants through the /groups family, and finds a tenant by its domain without a token', async () => {
    const created = expectOk(await platform.post('/api/groups/submit', { tenantName: '集团甲', domain: 'Jia.Example.com' }), groupSaved);
    expect(created.adminPassword).toBeTruthy();
    const updated = expectOk(await platform.post('/api/groups/submit', { id: created.id, tenantName: '集团甲（改）', domain: 'jia.example.com' }), groupSaved);
    expect(updated).toMatchObject({ tenantId: created.tenantId, tenantName: '集团甲（改）' });
    expect(updated.adminPassword).toBeUndefined();

    const other = expectOk(await platform.post('/api/groups/submit', { tenantName: '集团乙' }), groupSaved);
    expectOk(
      await platform.post('/api/groups/grant', { tenantIds: [created.id, other.id], accountNumber: 30, expireTime: '2099-12-31' }),
      z.object({ updated: z.literal(2) }),
    );
    const detail = expectOk(await platform.get(`/api/groups/detail?id=${other.id}`), tenantRecord);
    expect(detail).toMatchObject({ accountNumber: 30, expireTime: '2099-12-31' });
    expectFailure(await platform.post('/api/groups/grant', { tenantIds: [created.id, 2_000_000], accountNumber: 1, expireTime: '' }), 404);
    expect(expectOk(await platform.get(`/api/groups/detail?id=${created.id}`), tenantRecord).accountNumber).toBe(30);

    const info = await server.app.inject({ method: 'GET', url: '/api/groups/info?domain=JIA.example.com' });
    expect(expectOk(info, groupInfo)).toEqual({ tenantId: created.tenantId, tenantName: '集团甲（改）' });
    expectFailure(await server.app.inject({ method: 'GET', url: '/api/groups/info?domain=nobody.example.com' }), 404);
    expect(expectOk(await platform.get(`/api/groups/package-detail?tenantId=${created.tenantId}`), tenantPackage.nullable())).toBeNull();

    expectOk(await platform.post(`/api/groups/remove?ids=${created.id},${other.id}`), removed);
    expectFailure(await server.app.inject({ method: 'GET', url: '/api/groups/info?domain=jia.example.com' }), 404);
    const home = expectOk(await platform.get('/api/groups/list?tenantId=000000'), pageOf(tenantRecord)).records[0];
    expectFailure(await platform.post(`/api/groups/remove?ids=${home.id}`), 409);
  });
});
