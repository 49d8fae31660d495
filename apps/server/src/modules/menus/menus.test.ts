import { menu, menuNode, menuRoute, menuTreeNode, type MenuNode, type MenuTreeNode } from '@macro/contract/menus';
import { roleRecord } from '@macro/contract/roles';
import { tenantCreated, tenantPackage } from '@macro/contract/tenants';
import { topMenu } from '@macro/contract/auth';
import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  expectOk,
  signedInServer,
  signIn,
  startServer,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';
import { upsertMenus } from './seed.ts';

const BASE = '/api/macro-system/menu';
const removed = z.object({ removed: z.number(), grantsRemoved: z.number() });

function flat<T extends { children: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((node) => [node, ...flat(node.children)]);
}

describeDb(`menu administration (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const submit = async (body: object, client = admin) => expectOk(await client.post(`${BASE}/submit`, body), menu);
  const byCode = async (code: string) => flat(expectOk(await admin.get(`${BASE}/list`), z.array(menuNode))).find((m) => m.code === code)!;
  const sidebar = async (client = admin) => flat(expectOk(await client.get(`${BASE}/routes`), z.array(menuRoute)));
  const codes = async (client = admin) => expectOk(await client.get('/api/macro-system/api-scope/user-permission-list'), z.array(z.string()));

  it('seeds the menu screen under the system folder, with its buttons', async () => {
    const screen = await byCode('menu:view');
    const system = await byCode('system');
    expect(screen).toMatchObject({ name: '菜单管理', path: '/controller/menusetting', parentId: system.id, builtIn: true, category: 1 });
    expect(screen.children.map((b) => [b.code, b.category])).toEqual([
      ['menu:add', 2],
      ['menu:edit', 2],
      ['menu:delete', 2],
    ]);
    expect(await codes()).toEqual(expect.arrayContaining(['menu:view', 'menu:add', 'menu:edit', 'menu:delete']));
  });

  it('creates a menu and a button, shows them in every reading and in the sidebar, edits and removes them', async () => {
    const system = await byCode('system');
    const page = await submit({
      parentId: system.id,
      name: '报表中心',
      code: 'report:view',
      alias: 'reports',
      path: '/report/index',
      source: 'BarChartOutlined',
      sort: 50,
      keepAlive: true,
      i18n: 'report',
    });
    expect(page).toMatchObject({ parentId: system.id, parentName: '系统管理', category: 1, builtIn: false, hasChildren: false, keepAlive: true });
    const button = await submit({ parentId: page.id, name: '导出', code: 'report:export', category: 2, action: 0 });
    expect(button).toMatchObject({ category: 2, action: 0, parentName: '报表中心' });

    // The creator's administrator role holds them at once: sidebar and permission codes.
    expect((await sidebar()).find((m) => m.code === 'report:view')).toMatchObject({
      path: '/report/index',
      meta: { i18n: 'report', keepAlive: true, roles: ['administrator'] },
    });
    expect(await codes()).toEqual(expect.arrayContaining(['report:view', 'report:export']));

    const lazyTop = expectOk(await admin.get(`${BASE}/lazy-list?parentId=${system.id}`), z.array(menu));
    expect(lazyTop.find((m) => m.id === page.id)?.hasChildren).toBe(true);
    const lazyMenus = expectOk(await admin.get(`${BASE}/lazy-menu-list?parentId=${system.id}`), z.array(menu));
    expect(lazyMenus.find((m) => m.id === page.id)?.hasChildren).toBe(false);
    expect(expectOk(await admin.get(`${BASE}/lazy-list?parentId=${page.id}`), z.array(menu)).map((m) => m.code)).toEqual(['report:export']);
    expect(expectOk(await admin.get(`${BASE}/lazy-menu-list?parentId=${page.id}`), z.array(menu))).toEqual([]);
    expect(flat(expectOk(await admin.get(`${BASE}/menu-list`), z.array(menuNode))).some((m) => m.category === 2)).toBe(false);
    const tree = flat(expectOk(await admin.get(`${BASE}/tree`), z.array(menuTreeNode)) as MenuTreeNode[]);
    expect(tree.find((n) => n.id === page.id)).toMatchObject({ title: '报表中心', value: page.id, key: page.id });
    expect(tree.some((n) => n.id === button.id)).toBe(false);

    // Filters keep the matches and the menus above them.
    const byAlias = expectOk(await admin.get(`${BASE}/list?alias=REPORTS`), z.array(menuNode)) as MenuNode[];
    expect(byAlias.map((m) => m.code)).toEqual(['system']);
    expect(flat(byAlias).map((m) => m.code)).toEqual(['system', 'report:view']);
    expect(flat(expectOk(await admin.get(`${BASE}/list?code=export&name=${encodeURIComponent('导')}`), z.array(menuNode))).map((m) => m.code)).toEqual([
      'system',
      'report:view',
      'report:export',
    ]);
    expect(expectOk(await admin.get(`${BASE}/lazy-list?parentId=${system.id}&code=report:exp`), z.array(menu)).map((m) => m.code)).toEqual(['report:export']);

    const edited = await submit({
      id: page.id,
      parentId: system.id,
      name: '报表',
      code: 'report:view',
      path: 'https://example.com/reports',
      isOpen: true,
      sort: 51,
    });
    expect(edited).toMatchObject({ name: '报表', path: 'https://example.com/reports', isOpen: true, hasChildren: true });
    expect(expectOk(await admin.get(`${BASE}/detail?id=${page.id}`), menu).name).toBe('报表');

    expectFailure(await admin.post(`${BASE}/remove?ids=${page.id}`), 422, '菜单「报表」下还有子菜单或按钮，请先删除它们');
    expect(expectOk(await admin.post(`${BASE}/remove?ids=${button.id}`), removed)).toEqual({ removed: 1, grantsRemoved: 1 });
    expect(expectOk(await admin.post(`${BASE}/remove?ids=${page.id}`), removed)).toEqual({ removed: 1, grantsRemoved: 1 });
    expectFailure(await admin.get(`${BASE}/detail?id=${page.id}`), 404, '菜单不存在');
    expect((await sidebar()).some((m) => m.code === 'report:view')).toBe(false);
    expect(await codes()).not.toContain('report:export');
  });

  it('removes a menu with its children in one call, and every tenant’s grants of them', async () => {
    const folder = await submit({ name: '临时', code: 'tmp:folder', path: '/tmp' });
    const child = await submit({ parentId: folder.id, name: '临时页', code: 'tmp:page', path: '/tmp/page' });
    // Another tenant (no package) grants the page to a role of its own.
    const role = expectOk(await other.post('/api/macro-system/role/submit', { roleName: '临时角色', roleAlias: 'tmp_role' }), roleRecord);
    await other.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [child.id] });
    const treeKeys = z.object({ menu: z.array(z.number()), dataScope: z.array(z.number()), apiScope: z.array(z.number()) });
    const keys = async () => expectOk(await other.get(`/api/macro-system/menu/role-tree-keys?roleIds=${role.id}`), treeKeys).menu;
    expect(await keys()).toEqual([child.id]);

    expect(expectOk(await admin.post(`${BASE}/remove?ids=${child.id},${folder.id}`), removed)).toMatchObject({ removed: 2 });
    expect(await keys()).toEqual([]);
    const audits = await withTenant(server.database.db, TENANT, async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from audit_log where resource = 'menu' and action = 'delete' and resource_id in (${String(folder.id)}, ${String(child.id)})`,
        ),
      ),
    );
    expect(audits[0].n).toBe(2);
  });

  it('refuses bad input with messages in the request language', async () => {
    expectFailure(await admin.post(`${BASE}/submit`, { code: 'x:y' }), 400, '请输入菜单名称');
    expectFailure(await adminEn.post(`${BASE}/submit`, { name: 'x' }), 400, 'Please enter the menu code');
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'has space' }), 400, /菜单编号只能包含/);
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'x:path', path: 'no-slash' }), 400, '路由地址须以 / 开头，或是 http(s) 链接');
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'x:path', path: 'javascript:alert(1)' }), 400, /路由地址/);
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'x:path', path: 'http://' }), 400, /路由地址/);
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'x:cat', category: 3 }), 400, '请选择菜单类型');
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'x:id', id: '1' }), 400);
    const link = await submit({ name: '外部文档', code: 'x:link', path: 'http://docs.example.com/guide?a=1', isOpen: true });
    expect(link.path).toBe('http://docs.example.com/guide?a=1');
  });

  it('keeps codes unique across the platform', async () => {
    expectFailure(await admin.post(`${BASE}/submit`, { name: '重复', code: 'dict:view' }), 409, '菜单编号「dict:view」已存在');
    expectFailure(await adminEn.post(`${BASE}/submit`, { name: 'dup', code: 'dict:view' }), 409, 'Menu code "dict:view" already exists');
    const mine = await submit({ name: '唯一', code: 'uniq:one' });
    expectFailure(await admin.post(`${BASE}/submit`, { id: mine.id, name: '唯一', code: 'dict:add' }), 409, '菜单编号「dict:add」已存在');
    // Saving it under its own code again is no conflict.
    await submit({ id: mine.id, name: '唯一2', code: 'uniq:one' });
  });

  it('refuses a missing parent, a button at the top or with children, and a cycle', async () => {
    expectFailure(await admin.post(`${BASE}/submit`, { parentId: 2_000_000, name: 'x', code: 'x:orphan' }), 422, '上级菜单不存在');
    expectFailure(await admin.post(`${BASE}/submit`, { name: 'x', code: 'x:topbutton', category: 2 }), 422, '按钮必须放在某个菜单下');
    const a = await submit({ name: '甲', code: 'cyc:a' });
    const b = await submit({ parentId: a.id, name: '乙', code: 'cyc:b' });
    const c = await submit({ parentId: b.id, name: '丙', code: 'cyc:c' });
    const button = await submit({ parentId: c.id, name: '按钮', code: 'cyc:button', category: 2 });
    expectFailure(await admin.post(`${BASE}/submit`, { parentId: button.id, name: 'x', code: 'x:underbutton' }), 422, '按钮「按钮」下不能再添加菜单或按钮');
    expectFailure(
      await admin.post(`${BASE}/submit`, { id: a.id, parentId: c.id, name: '甲', code: 'cyc:a' }),
      422,
      '不能把菜单「甲」移到它自己或它的下级菜单下',
    );
    expectFailure(
      await adminEn.post(`${BASE}/submit`, { id: a.id, parentId: a.id, name: '甲', code: 'cyc:a' }),
      422,
      'The menu "甲" cannot move under itself or one of its own sub-menus',
    );
    expectFailure(
      await admin.post(`${BASE}/submit`, { id: c.id, parentId: b.id, name: '丙', code: 'cyc:c', category: 2 }),
      422,
      '菜单「丙」下还有子项，不能改为按钮',
    );
    // Moving a branch elsewhere is fine, and nothing was half-changed by the refusals.
    const moved = await submit({ id: c.id, parentId: 0, name: '丙', code: 'cyc:c' });
    expect(moved.parentId).toBe(0);
    expect(expectOk(await admin.get(`${BASE}/detail?id=${a.id}`), menu).parentId).toBe(0);
  });

  it('keeps one of two concurrent moves that together would make a cycle', async () => {
    const x = await submit({ name: '竞甲', code: 'race:x' });
    const y = await submit({ name: '竞乙', code: 'race:y' });
    const [one, two] = await Promise.all([
      admin.post(`${BASE}/submit`, { id: x.id, parentId: y.id, name: '竞甲', code: 'race:x' }),
      admin.post(`${BASE}/submit`, { id: y.id, parentId: x.id, name: '竞乙', code: 'race:y' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 422]);
    const parents = [
      expectOk(await admin.get(`${BASE}/detail?id=${x.id}`), menu).parentId,
      expectOk(await admin.get(`${BASE}/detail?id=${y.id}`), menu).parentId,
    ];
    expect(parents.filter((parent) => parent === 0)).toHaveLength(1);
  });

  it("lets a module's menu be renamed and moved but keeps its code, the permission its routes check", async () => {
    const posts = await byCode('post:view');
    expectFailure(await admin.post(`${BASE}/submit`, { id: posts.id, parentId: posts.parentId, name: posts.name, code: 'post:look' }), 422, /系统内置菜单/);
    const renamed = await submit({
      id: posts.id,
      parentId: posts.parentId,
      name: '岗位维护',
      code: 'post:view',
      path: posts.path,
      source: posts.source,
      sort: posts.sort,
      i18n: '',
    });
    expect(renamed.name).toBe('岗位维护');
  });

  it('is the platform tenant’s alone: another tenant gets 403 and changes nothing', async () => {
    const mine = await submit({ name: '平台专属', code: 'plat:only', remark: 'secret' });
    for (const url of ['list', 'lazy-list', 'lazy-menu-list', 'menu-list', 'tree', `detail?id=${mine.id}`]) {
      expectFailure(await other.get(`${BASE}/${url}`), 403, '只有平台租户的管理员可以执行此操作');
    }
    expectFailure(await other.post(`${BASE}/submit`, { id: mine.id, name: 'stolen', code: 'plat:only' }), 403);
    expectFailure(await other.post(`${BASE}/submit`, { name: 'new', code: 'other:new' }), 403);
    expectFailure(await other.post(`${BASE}/remove?ids=${mine.id}`), 403);
    expect(expectOk(await admin.get(`${BASE}/detail?id=${mine.id}`), menu)).toMatchObject({ name: '平台专属', remark: 'secret' });
    // Their own session calls still work.
    expect(expectOk(await other.get(`${BASE}/top-menu`), z.array(topMenu)).length).toBeGreaterThan(0);
  });

  it('checks the permission code of each call', async () => {
    const system = await byCode('system');
    const view = await byCode('menu:view');
    const edit = await byCode('menu:edit');
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '菜单查看', roleAlias: 'menu_viewer' }), roleRecord);
    await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [system.id, view.id, edit.id] });
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'menuclerk', name: 'Clerk', password: 'Clerk@123456', roleIds: [role.id] }));
    const clerk = as(server, (await signIn(server, TENANT, 'menuclerk', 'Clerk@123456')).access_token);
    expectOk(await clerk.get(`${BASE}/list`), z.array(menuNode));
    expectFailure(await clerk.post(`${BASE}/submit`, { name: 'x', code: 'clerk:new' }), 403, /menu:add/);
    expectFailure(await clerk.post(`${BASE}/remove?ids=${view.id}`), 403, /menu:delete/);
    const mine = await submit({ name: '可改', code: 'clerk:edit' });
    expect((await submit({ id: mine.id, name: '已改', code: 'clerk:edit' }, clerk)).name).toBe('已改');
    expectFailure(await admin.get(`${BASE}/list?name=%00`), 400);
  });

  it("withdraws a packaged tenant's grant of a button moved outside its package", async () => {
    const inside = await submit({ name: '包内页', code: 'pkg:inside', path: '/pkg/inside' });
    const outside = await submit({ name: '包外页', code: 'pkg:outside', path: '/pkg/outside' });
    const button = await submit({ parentId: inside.id, name: '包内按钮', code: 'pkg:button', category: 2 });
    const pack = expectOk(await admin.post('/api/tenant-package/submit', { packageName: '菜单测试包', menuIds: [inside.id] }), tenantPackage);
    const created = expectOk(await admin.post('/api/tenant', { tenantName: '菜单测试租户', packageId: pack.id }), tenantCreated);
    const tenantAdmin = as(server, (await signIn(server, created.tenantId, 'admin', created.adminPassword)).access_token);
    expect(await codes(tenantAdmin)).toEqual(expect.arrayContaining(['pkg:inside', 'pkg:button']));
    expect(await codes(tenantAdmin)).not.toContain('pkg:outside');

    await submit({ id: button.id, parentId: outside.id, name: '包内按钮', code: 'pkg:button', category: 2 });
    expect(await codes(tenantAdmin)).not.toContain('pkg:button');
    expect(await codes(tenantAdmin)).toContain('pkg:inside');
    // The platform's own administrator keeps it.
    expect(await codes()).toContain('pkg:button');
  });

  it('answers the top menus of the user', async () => {
    const top = expectOk(await admin.get(`${BASE}/top-menu`), z.array(topMenu));
    expect(top.map((m) => m.code)).toContain('system');
  });
});

describe('seeding menus contributed by modules', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());

  const seed = (childName: string, extra: object[] = []) =>
    upsertMenus(server.database.db, [
      { code: 'seedtest:folder', name: '种子目录', path: '/seed', sort: 70, children: [{ code: 'seedtest:page', name: childName, path: '/seed/page' }] },
      ...(extra as []),
    ]);
  const row = async (code: string) =>
    rowsOf<{ id: number; name: string; path: string; parent_id: number }>(
      await server.database.db.execute(sql`select id, name, path, parent_id from macro_menu where code = ${code}`),
    );

  it("creates new entries once, follows the module's changes the administrator did not override, and never resurrects", async () => {
    await seed('种子页');
    await seed('种子页');
    expect(await row('seedtest:folder')).toHaveLength(1);
    const [folder] = await row('seedtest:folder');
    const [page] = await row('seedtest:page');
    expect(page).toMatchObject({ name: '种子页', parent_id: folder.id });

    // The administrator renames the folder and moves the page to the top.
    expectOk(await admin.post(`${BASE}/submit`, { id: folder.id, name: '改过的目录', code: 'seedtest:folder', path: '/seed', sort: 70 }), menu);
    expectOk(await admin.post(`${BASE}/submit`, { id: page.id, parentId: 0, name: '种子页', code: 'seedtest:page', path: '/seed/page', sort: 1 }), menu);
    // The module renames the page: its name follows (untouched), its place stays where the administrator put it.
    await seed('新种子页');
    expect((await row('seedtest:folder'))[0].name).toBe('改过的目录');
    expect((await row('seedtest:page'))[0]).toMatchObject({ name: '新种子页', parent_id: 0 });

    // Removed by the administrator: gone for good, even when the module changes it again.
    expectOk(await admin.post(`${BASE}/remove?ids=${page.id}`), removed);
    await seed('再改的种子页');
    expect(await row('seedtest:page')).toEqual([]);
    // A new entry under a folder that exists is added; one under a removed folder is skipped.
    await seed('再改的种子页', [{ parent: 'seedtest:folder', code: 'seedtest:new', name: '新页' }]);
    expect((await row('seedtest:new'))[0].parent_id).toBe(folder.id);
    expectOk(await admin.post(`${BASE}/remove?ids=${(await row('seedtest:new'))[0].id}`), removed);
    expectOk(await admin.post(`${BASE}/remove?ids=${folder.id}`), removed);
    await seed('x', [{ parent: 'seedtest:folder', code: 'seedtest:later', name: '更晚' }]);
    expect(await row('seedtest:folder')).toEqual([]);
    expect(await row('seedtest:later')).toEqual([]);
  });
});
