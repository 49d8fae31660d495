import { pageOf } from '@macro/contract';
import { menuRoute } from '@macro/contract/menus';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { tenantCreated, tenantPackage } from '@macro/contract/tenants';
import { withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  expectOk,
  OTHER_TENANT,
  signIn,
  TENANT,
  type TestServer,
  startServer,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const flat = (nodes: GrantTreeNode[]): GrantTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const granted = z.object({ roles: z.number(), menus: z.number(), dataScopes: z.number(), apiScopes: z.number() });
const treeKeys = z.object({ menu: z.array(z.number()), dataScope: z.array(z.number()), apiScope: z.array(z.number()) });

describeDb(`role grants (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());

  const menuByCode = async (code: string) =>
    flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode))).find((m) => m.code === code)!;

  it('gives the users of a role exactly the menus and buttons granted, at once, and takes them back', async () => {
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '字典员', roleAlias: 'dict_clerk' }), roleRecord);
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'clerk', name: 'Clerk', password: 'Clerk@123456', roleIds: [role.id] }));
    const clerk = as(server, (await signIn(server, TENANT, 'clerk', 'Clerk@123456')).access_token);
    const codes = async () => expectOk(await clerk.get('/api/macro-system/api-scope/user-permission-list'), z.array(z.string()));
    expect(await codes()).toEqual([]);
    expectFailure(await clerk.get('/api/macro-system/dict/parent-list'), 403, /dict:view/);

    const system = await menuByCode('system');
    const dictView = await menuByCode('dict:view');
    const dictAdd = await menuByCode('dict:add');
    expect(dictView.parentId).toBe(system.id);
    expectOk(await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [system.id, dictView.id, dictAdd.id] }), granted);

    expect((await codes()).sort()).toEqual(['dict:add', 'dict:view', 'system']);
    expect((await clerk.get('/api/macro-system/dict/parent-list')).statusCode).toBe(200);
    const sidebar = expectOk(await clerk.get('/api/macro-system/menu/routes'), z.array(menuRoute));
    expect(sidebar.map((m) => m.code)).toEqual(['system']);
    expect(sidebar[0].children.map((m) => m.code)).toEqual(['dict:view']);
    expect(expectOk(await admin.get(`/api/macro-system/menu/role-tree-keys?roleIds=${role.id}`), treeKeys)).toEqual({
      menu: [system.id, dictView.id, dictAdd.id].sort((a, b) => a - b),
      dataScope: [],
      apiScope: [],
    });

    // A grant replaces: the dictionaries go, the add button with them.
    expectOk(await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [] }), granted);
    expect(await codes()).toEqual([]);
    expectFailure(await clerk.get('/api/macro-system/dict/parent-list'), 403);
    const audit = await withTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`select count(*)::int as n from audit_log where action = 'grant' and resource_id = ${String(role.id)}`),
    );
    expect((audit as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });

  it('refuses unknown menus, roles of another tenant and scopes, changing nothing', async () => {
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '审计员', roleAlias: 'auditor' }), roleRecord);
    const dictView = await menuByCode('dict:view');
    expectOk(await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [dictView.id] }), granted);
    expectFailure(await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [2_000_000] }), 400, '所选菜单不存在');
    expectFailure(await admin.post('/api/macro-system/role/grant', { roleIds: [], menuIds: [] }), 400, '请至少选择一个角色');
    expectFailure(
      await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [], dataScopeIds: [2_000_000] }),
      400,
      '所选数据权限或接口权限不存在',
    );
    const other = as(server, (await signIn(server, OTHER_TENANT)).access_token);
    expectFailure(await other.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [] }), 404);
    expect(expectOk(await admin.get(`/api/macro-system/menu/role-tree-keys?roleIds=${role.id}`), treeKeys).menu).toEqual([dictView.id]);
  });

  it("keeps a packaged tenant's grants inside its package", async () => {
    const dictView = await menuByCode('dict:view');
    const tenantView = await menuByCode('tenant:view');
    // The package opens the dictionaries and the role screen (whose buttons include the grant).
    const roleView = await menuByCode('role:view');
    const pack = expectOk(await admin.post('/api/tenant-package/submit', { packageName: '字典版', menuIds: [dictView.id, roleView.id] }), tenantPackage);
    const created = expectOk(await admin.post('/api/tenant', { tenantName: '字典租户', packageId: pack.id }), tenantCreated);
    const tenantAdmin = as(server, (await signIn(server, created.tenantId, 'admin', created.adminPassword)).access_token);
    const tree = flat(expectOk(await tenantAdmin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode))).map((m) => m.code);
    expect(tree).toContain('dict:view');
    expect(tree).not.toContain('tenant:view');
    const role = expectOk(await tenantAdmin.post('/api/macro-system/role/submit', { roleName: 'r', roleAlias: 'r' }), roleRecord);
    expectFailure(
      await tenantAdmin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [tenantView.id] }),
      400,
      '所选菜单不在本租户的产品包内',
    );
    expect(expectOk(await admin.get('/api/tenant-package/list'), pageOf(tenantPackage)).records.some((p) => p.id === pack.id)).toBe(true);
  });
});
