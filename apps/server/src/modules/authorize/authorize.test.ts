import { pageOf } from '@macro/contract';
import { appAuthorizeView, appFunc, appFuncCategory, appFunctionScheme, type DataAuthorizeMenu, dataAuthorizeView } from '@macro/contract/authorize';
import { dept } from '@macro/contract/org';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { dataScope } from '@macro/contract/scopes';
import { userRecord } from '@macro/contract/users';
import { withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
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
  startServer,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';

const flat = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const PASSWORD = 'Auth@123456';

describeDb(`data authorisation per menu, app functions and their grants (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let menus: GrantTreeNode[];
  const ids = { deptA: 0, deptB: 0, role: 0, viewer: 0, ownDept: 0, ownRows: 0, dictScope: 0 };
  const menuId = (code: string) => menus.find((m) => m.code === code)!.id;
  const put = (client: Client, payload: unknown) => client.call({ method: 'PUT', url: '/api/data-authorize/', payload: payload as object });
  const secret = () => encryptPassword(server.publicKey, PASSWORD);

  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
    menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode)));
    const company = expectOk(await admin.post('/api/companies', { companyName: '授权公司', companyCode: 'auth_co' }), z.object({ id: z.number() })).id;
    const createDept = async (deptName: string) =>
      expectOk(await admin.post('/api/macro-system/dept/submit', { companyId: company, parentId: 0, deptName }), dept).id;
    ids.deptA = await createDept('授权甲');
    ids.deptB = await createDept('授权乙');
    const scope = async (scopeName: string, scopeType: number, code = 'user:view', resourceCode = 'user') =>
      expectOk(await admin.post('/api/macro-system/data-scope/save', { menuId: menuId(code), resourceCode, scopeName, scopeType }), dataScope).id;
    ids.ownDept = await scope('本部门用户', 3);
    ids.ownRows = await scope('本人创建的用户', 5);
    ids.dictScope = await scope('字典本人', 5, 'dept:view', 'department');
    ids.role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '授权角色', roleAlias: 'auth_role' }), roleRecord).id;
    const menuIds = ['system', 'user:view', 'dept:view'].map(menuId);
    expectOk(await admin.post('/api/macro-system/role/grant', { roleIds: [ids.role], menuIds, dataScopeIds: [], apiScopeIds: [] }), z.unknown());
    for (const [account, deptId] of [
      ['auth_a', ids.deptA],
      ['auth_b', ids.deptB],
    ] as const) {
      expectOk(await admin.post('/api/macro-user/submit', { account, name: account, deptId, password: secret(), password2: secret() }), userRecord);
    }
    ids.viewer = expectOk(
      await admin.post('/api/macro-user/submit', {
        account: 'auth_viewer',
        name: 'auth_viewer',
        deptId: ids.deptA,
        password: secret(),
        password2: secret(),
        roleIds: [ids.role],
      }),
      userRecord,
    ).id;
  });
  afterAll(() => server.close());

  it("lists the menus carrying data scopes under their folders, and sets a role's scopes menu by menu", async () => {
    const view = expectOk(await admin.get(`/api/data-authorize/${ids.role}/1/menu`), dataAuthorizeView);
    const nodes = flat(view.menus as DataAuthorizeMenu[]);
    const userMenu = nodes.find((n) => n.code === 'user:view')!;
    expect(userMenu.scopes.map((s) => s.scopeName)).toEqual(['本部门用户', '本人创建的用户']);
    // The system folder holds them; menus without scopes are left out.
    expect(view.menus.map((m) => m.code)).toEqual(['system']);
    expect(nodes.some((n) => n.code === 'post:view')).toBe(false);
    expect(view.dataScopeIds).toEqual([]);

    const saved = expectOk(
      await put(admin, { objectId: ids.role, objectType: 1, menuIds: [menuId('user:view')], dataScopeIds: [ids.ownDept] }),
      dataAuthorizeView,
    );
    expect(saved.dataScopeIds).toEqual([ids.ownDept]);
    // Another menu's save leaves the user menu's scope in place.
    expectOk(await put(admin, { objectId: ids.role, objectType: 1, menuIds: [menuId('dept:view')], dataScopeIds: [ids.dictScope] }), dataAuthorizeView);
    const keys = (await admin.get(`/api/macro-system/menu/role-tree-keys?roleIds=${ids.role}`)).json().data;
    expect([...keys.dataScope].sort()).toEqual([ids.ownDept, ids.dictScope].sort());
    // Clearing the department menu only.
    expectOk(await put(admin, { objectId: ids.role, objectType: 1, menuIds: [menuId('dept:view')], dataScopeIds: [] }), dataAuthorizeView);
    expect(expectOk(await admin.get(`/api/data-authorize/${ids.role}/1/menu`), dataAuthorizeView).dataScopeIds).toEqual([ids.ownDept]);
    // And each grant is audited with before and after.
    const audit = await withTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`select before, after from audit_log where resource = 'dataAuthorize.role' and resource_id = ${String(ids.role)} order by id`),
    );
    const rows = (audit as unknown as { rows: { before: unknown; after: { dataScopeIds: number[] } }[] }).rows;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ before: { dataScopeIds: [] }, after: { dataScopeIds: [ids.ownDept] } });
  });

  it("narrows a user's lists through a grant made to the user directly, as a role's scope would", async () => {
    const viewer = as(server, (await signIn(server, TENANT, 'auth_viewer', PASSWORD)).access_token);
    // The role's own-department scope from the previous test applies: A only.
    await put(admin, { objectId: ids.role, objectType: 1, dataScopeIds: [] });
    const accounts = async () =>
      expectOk(await viewer.get('/api/macro-user/page?size=500'), pageOf(userRecord))
        .records.map((u) => u.account)
        .filter((a) => a.startsWith('auth_'))
        .sort();
    expect(await accounts()).toEqual(['auth_a', 'auth_b', 'auth_viewer']);
    const saved = expectOk(
      await put(admin, { objectId: ids.viewer, objectType: 0, menuIds: [menuId('user:view')], dataScopeIds: [ids.ownDept] }),
      dataAuthorizeView,
    );
    expect(saved.dataScopeIds).toEqual([ids.ownDept]);
    expect(await accounts()).toEqual(['auth_a', 'auth_viewer']);
    // A user in the other department is not found either.
    const other = expectOk(await admin.get('/api/macro-user/page?account=auth_b'), pageOf(userRecord)).records[0];
    expectFailure(await viewer.get(`/api/macro-user/detail?id=${other.id}`), 404);
    // Taking it away shows everyone again.
    expectOk(await put(admin, { objectId: ids.viewer, objectType: 0, dataScopeIds: [] }), dataAuthorizeView);
    expect(await accounts()).toEqual(['auth_a', 'auth_b', 'auth_viewer']);
  });

  it('refuses unknown objects and scopes, and scopes outside the menus named, changing nothing', async () => {
    expectFailure(await admin.get('/api/data-authorize/999999/1/menu'), 404, '角色不存在');
    expectFailure(await admin.get('/api/data-authorize/999999/0/menu'), 404, '用户不存在');
    expectFailure(await admin.get(`/api/data-authorize/${ids.role}/7/menu`), 400, '授权对象类型只能是 0（用户）或 1（角色）');
    expectFailure(await put(admin, { objectId: ids.role, objectType: 1, dataScopeIds: [999999] }), 400, '数据权限不存在');
    expectFailure(
      await put(admin, { objectId: ids.role, objectType: 1, menuIds: [menuId('dept:view')], dataScopeIds: [ids.ownRows] }),
      400,
      '数据权限「本人创建的用户」不属于所选菜单',
    );
    const english = as(server, (await signIn(server)).access_token, 'en');
    expectFailure(
      await english.call({ method: 'PUT', url: '/api/data-authorize/', payload: { objectId: ids.role, objectType: 3, dataScopeIds: [] } }),
      400,
      'The object type must be 0 (user) or 1 (role)',
    );
    expect(expectOk(await admin.get(`/api/data-authorize/${ids.role}/1/menu`), dataAuthorizeView).dataScopeIds).toEqual([]);
  });

  it('keeps app functions with unique codes, groups them by category and grants them to roles and users', async () => {
    const create = (body: object) => admin.post('/api/app-func', body);
    const scan = expectOk(await create({ name: '扫码', code: 'scan', category: '工具', url: '/pages/scan', sort: 2 }), appFunc);
    const leave = expectOk(await create({ name: '请假', code: 'leave', category: '办公', url: '/pages/leave' }), appFunc);
    const off = expectOk(await create({ name: '停用的', code: 'off', category: '工具', url: '/pages/off', enabled: false }), appFunc);
    expectFailure(await create({ name: '扫码二', code: 'scan', category: '工具', url: '/x' }), 409, '功能编码「scan」已存在');
    expectFailure(await create({ name: '', code: 'x', category: '工具', url: '/x' }), 400, '请输入功能名称');
    expectFailure(await create({ name: 'x', code: '1bad', category: '工具', url: '/x' }), 400, /功能编码以字母开头/);
    const page = expectOk(await admin.get('/api/app-func/page?category=工具'), pageOf(appFunc));
    // By category, then sort: 'off' (sort 1) before 'scan' (sort 2).
    expect(page.records.map((f) => f.code)).toEqual(['off', 'scan']);
    const updated = expectOk(
      await admin.call({ method: 'PUT', url: `/api/app-func/${scan.id}`, payload: { name: '扫一扫', code: 'scan', category: '工具', url: '/pages/scan' } }),
      appFunc,
    );
    expect(updated.name).toBe('扫一扫');
    const tree = expectOk(await admin.get('/api/app-func/category-tree'), z.array(appFuncCategory));
    expect(tree.map((c) => [c.category, c.functions.map((f) => f.code)])).toEqual([
      ['办公', ['leave']],
      ['工具', ['scan']],
    ]);

    // The spec's client sends itemJson as the array's text.
    const granted = expectOk(
      await admin.post('/api/authorizes', { objectId: ids.role, objectType: 1, itemJson: JSON.stringify([scan.id, leave.id]) }),
      appAuthorizeView,
    );
    expect(granted.itemIds).toEqual([scan.id, leave.id].sort((a, b) => a - b));
    expectOk(await admin.post('/api/authorizes', { objectId: ids.viewer, objectType: 0, itemJson: [off.id] }), appAuthorizeView);
    expect(expectOk(await admin.get(`/api/authorizes/app/0/${ids.viewer}`), appAuthorizeView).itemIds).toEqual([off.id]);
    expectFailure(await admin.post('/api/authorizes', { objectId: ids.role, objectType: 1, itemJson: '[1,' }), 400, '授权项必须是功能编号的 JSON 数组');
    expectFailure(await admin.post('/api/authorizes', { objectId: ids.role, objectType: 1, itemJson: [999999] }), 400, '所选移动端功能不存在');
    // Deleting a function takes its grants with it.
    expectOk(await admin.call({ method: 'DELETE', url: `/api/app-func/${scan.id}` }), z.object({ removed: z.literal(1) }));
    expect(expectOk(await admin.get(`/api/authorizes/app/1/${ids.role}`), appAuthorizeView).itemIds).toEqual([leave.id]);
    expectFailure(await admin.get(`/api/app-func/${scan.id}/info`), 404, '移动端功能不存在');
  });
});

describeDb(`app function page designs (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const S = '/api/app-function-scheme';
  const func = async (client: Client, code: string) =>
    expectOk(await client.post('/api/app-func', { name: `功能 ${code}`, code, category: '办公', url: `/pages/${code}` }), appFunc);

  it("designs what a function's page opens — a form, a list of its records with chosen columns, or its own address — one per function", async () => {
    const document = {
      schema: { type: 'object', properties: { item: { type: 'string', title: '物品' }, amount: { type: 'number', title: '金额' } } },
      uiSchema: { 'ui:order': ['item', 'amount'] },
    };
    expect((await admin.post('/api/form-scheme', { code: 'app_buy', name: '采购单', document })).statusCode).toBe(200);
    const buy = await func(admin, 'buy');
    const list = await func(admin, 'buy_list');
    const fill = expectOk(await admin.post(S, { funcId: buy.id, pageKind: 'form', formCode: 'app_buy', title: '我要采购' }), appFunctionScheme);
    expect(fill).toMatchObject({ funcName: '功能 buy', pageKind: 'form', formCode: 'app_buy', formName: '采购单', columns: [], title: '我要采购' });
    const records = expectOk(
      await admin.post(S, { funcId: list.id, pageKind: 'list', formCode: 'app_buy', columns: ['amount', 'item', 'amount'] }),
      appFunctionScheme,
    );
    expect(records.columns).toEqual(['amount', 'item']);
    expect(expectOk(await admin.get(`${S}?funcId=${list.id}`), z.array(appFunctionScheme)).map((s) => s.id)).toEqual([records.id]);
    expectFailure(await admin.post(S, { funcId: buy.id, pageKind: 'link' }), 409, '功能「功能 buy」已有页面设计');
    // Two designs of one function at once: one is kept, the other refused.
    const twice = await func(admin, 'twice');
    const raced = await Promise.all([1, 2].map(() => admin.post(S, { funcId: twice.id, pageKind: 'link' })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(expectOk(await admin.get(`${S}?funcId=${twice.id}`), z.array(appFunctionScheme))).toHaveLength(1);
    // A link keeps neither form nor columns.
    const link = expectOk(await admin.put(`${S}/${fill.id}`, { funcId: buy.id, pageKind: 'link', formCode: 'app_buy', columns: ['item'] }), appFunctionScheme);
    expect(link).toMatchObject({ pageKind: 'link', formCode: '', columns: [] });
    expect(expectOk(await admin.get(`${S}/${fill.id}`), appFunctionScheme).pageKind).toBe('link');
    // The design goes with its function.
    expect((await admin.delete(`/api/app-func/${list.id}`)).statusCode).toBe(200);
    expectFailure(await admin.get(`${S}/${records.id}`), 404, '页面设计不存在');
    expect((await admin.delete(`${S}/${fill.id}`)).json().data).toEqual({ removed: 1 });
  });

  it('refuses a design naming what the tenant lacks, with a message, and keeps nothing', async () => {
    const mine = await func(admin, 'refused');
    const theirs = await func(other, 'theirs');
    expectFailure(await admin.post(S, { funcId: mine.id, pageKind: 'form' }), 400, '请选择页面打开的表单');
    expectFailure(await admin.post(S, { funcId: mine.id, pageKind: 'list', formCode: 'app_none' }), 400, '列表页面请至少选择一列');
    expectFailure(await admin.post(S, { funcId: mine.id, pageKind: 'page' }), 400, '页面类型只能是表单、列表或链接');
    expectFailure(await admin.post(S, { funcId: mine.id, pageKind: 'form', formCode: 'app_none' }), 422, '表单「app_none」不存在');
    expectFailure(
      await adminEn.post(S, { funcId: mine.id, pageKind: 'list', formCode: 'app_buy', columns: ['nope'] }),
      422,
      '"nope" is not a field of form "采购单"',
    );
    expectFailure(await admin.post(S, { funcId: theirs.id, pageKind: 'link' }), 422, '所选移动端功能不存在');
    expect(expectOk(await admin.get(`${S}?funcId=${mine.id}`), z.array(appFunctionScheme))).toEqual([]);
    // Another tenant reads, changes and removes none of these designs.
    const kept = expectOk(await admin.post(S, { funcId: mine.id, pageKind: 'link' }), appFunctionScheme);
    expect(expectOk(await other.get(S), z.array(appFunctionScheme))).toEqual([]);
    expectFailure(await other.get(`${S}/${kept.id}`), 404);
    expectFailure(await other.put(`${S}/${kept.id}`, { funcId: theirs.id, pageKind: 'link' }), 404);
    expectFailure(await other.delete(`${S}/${kept.id}`), 404);
  });
});
