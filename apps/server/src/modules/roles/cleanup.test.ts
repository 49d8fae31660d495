import { pageOf } from '@macro/contract';
import { menu } from '@macro/contract/menus';
import { dept } from '@macro/contract/org';
import { grantTreeNode, type GrantTreeNode, roleRecord, roleTreeKeys } from '@macro/contract/roles';
import { apiScope, DATA_SCOPE_TYPE, dataScope } from '@macro/contract/scopes';
import { tenantPackage } from '@macro/contract/tenants';
import { userRecord } from '@macro/contract/users';
import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, encryptPassword, expectOk, signIn, type TestServer, startServer } from '../../test/helper.ts';

const flat = (nodes: GrantTreeNode[]): GrantTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** What a removal or a rename leaves behind elsewhere: nothing stale, in the same transaction. */
describeDb(`removals and renames leave nothing stale behind (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());

  /** Rows of a table as the database owner sees them (every tenant). */
  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await server.database.db.execute(query))[0].n);

  it("renaming a department renames it in its users' rows", async () => {
    const company = expectOk(await admin.post('/api/companies', { companyName: '改名公司', companyCode: 'rename_co' }), z.object({ id: z.number() })).id;
    const created = expectOk(await admin.post('/api/macro-system/dept/submit', { companyId: company, parentId: 0, deptName: '旧名部' }), dept);
    const secret = encryptPassword(server.publicKey, 'Rename@123456');
    for (const account of ['rename_one', 'rename_two']) {
      expectOk(await admin.post('/api/macro-user/submit', { account, name: account, deptId: created.id, password: secret, password2: secret }), userRecord);
    }
    const deptNames = async () =>
      expectOk(await admin.get(`/api/macro-user/page?size=500&deptId=${created.id}`), pageOf(userRecord)).records.map((u) => u.deptName);
    expect(await deptNames()).toEqual(['旧名部', '旧名部']);
    expectOk(
      await admin.call({ method: 'PUT', url: `/api/departments/${created.id}`, payload: { companyId: company, parentId: 0, deptName: '新名部' } }),
      dept,
    );
    expect(await deptNames()).toEqual(['新名部', '新名部']);
    // Sign-in carries the department name too.
    const session = await signIn(server, undefined, 'rename_one', 'Rename@123456');
    expect((session as unknown as { dept_name: string }).dept_name).toBe('新名部');
  });

  it("deleting a menu takes it out of every tenant package's menus", async () => {
    const kept = expectOk(await admin.post('/api/macro-system/menu/submit', { name: '留下页', code: 'cleanup:kept', path: '/cleanup/kept' }), menu);
    const doomed = expectOk(await admin.post('/api/macro-system/menu/submit', { name: '删除页', code: 'cleanup:doomed', path: '/cleanup/doomed' }), menu);
    const pack = expectOk(await admin.post('/api/tenant-package/submit', { packageName: '清理包', menuIds: [kept.id, doomed.id] }), tenantPackage);
    expect((await admin.post(`/api/macro-system/menu/remove?ids=${doomed.id}`)).statusCode).toBe(200);
    const after = expectOk(await admin.get(`/api/tenant-package/detail?id=${pack.id}`), tenantPackage);
    expect(after.menuIds).toEqual([kept.id]);
    expect(await count(sql`select count(*)::int as n from tenant_package where ${doomed.id} = any(menu_ids)`)).toBe(0);
  });

  it('removing a role removes its menu, data-scope and API-scope grants with it', async () => {
    const menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode)));
    const userMenu = menus.find((m) => m.code === 'user:view')!.id;
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '将删角色', roleAlias: 'cleanup_role' }), roleRecord).id;
    const data = expectOk(
      await admin.post('/api/macro-system/data-scope/save', {
        menuId: userMenu,
        resourceCode: 'user',
        scopeName: '清理范围',
        scopeType: DATA_SCOPE_TYPE.ownDept,
      }),
      dataScope,
    ).id;
    const api = expectOk(
      await admin.post('/api/macro-system/api-scope/submit', { menuId: userMenu, resourceCode: 'user', scopeName: '清理接口', scopePath: 'user:delete' }),
      apiScope,
    ).id;
    expect(
      (await admin.post('/api/macro-system/role/grant', { roleIds: [role], menuIds: [userMenu], dataScopeIds: [data], apiScopeIds: [api] })).statusCode,
    ).toBe(200);
    const keys = expectOk(await admin.get(`/api/macro-system/menu/role-tree-keys?roleIds=${role}`), roleTreeKeys);
    expect(keys).toEqual({ menu: [userMenu], dataScope: [data], apiScope: [api] });

    expect((await admin.post(`/api/macro-system/role/remove?ids=${role}`)).statusCode).toBe(200);
    for (const table of ['macro_role_menu', 'macro_role_data_scope', 'macro_role_api_scope']) {
      expect(await count(sql`select count(*)::int as n from ${sql.raw(table)} where role_id = ${role}`), table).toBe(0);
    }
    // The scopes themselves stay for other roles.
    expect((await admin.get(`/api/macro-system/data-scope/detail?id=${data}`)).statusCode).toBe(200);
  });
});
