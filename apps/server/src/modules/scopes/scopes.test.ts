import { pageOf } from '@macro/contract';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { apiScope, dataResource, dataScope, scopeGrantGroup, scopeMenuNode } from '@macro/contract/scopes';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, signIn, TENANT, type TestServer } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const DATA = '/api/macro-system/data-scope';
const API = '/api/macro-system/api-scope';
const flat = (nodes: GrantTreeNode[]): GrantTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describeDb(`data and API scope administration (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  let menuId: (code: string) => number;

  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
    const menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode)));
    menuId = (code) => menus.find((m) => m.code === code)!.id;
  });
  afterAll(() => server.close());

  it('lists the resources domains declared, and the menus to hang scopes on', async () => {
    const resources = expectOk(await admin.get(`${DATA}/resources`), z.array(dataResource));
    expect(resources.find((r) => r.code === 'user')).toMatchObject({ ownerColumn: 'create_user', deptColumn: 'dept_id' });
    expect(resources.find((r) => r.code === 'department')).toMatchObject({ deptColumn: 'id' });
    // Never the password hash: only declared columns.
    expect(resources.flatMap((r) => r.fields.map((f) => f.name))).not.toContain('password_hash');
    const tree = expectOk(await admin.get(`${API}/menu-tree`), z.array(scopeMenuNode));
    const system = tree.find((m) => m.code === 'system')!;
    expect(system.children.map((m) => m.code)).toEqual(expect.arrayContaining(['user:view', 'data-scope:view', 'api-scope:view']));
    // Buttons are not menus to hang scopes on.
    expect(JSON.stringify(tree)).not.toContain('"user:add"');
  });

  it('creates, reads, lists by menu, updates and removes a data scope', async () => {
    const created = expectOk(
      await admin.post(`${DATA}/save`, { menuId: menuId('user:view'), resourceCode: 'user', scopeName: '本部门用户', scopeType: 3, remark: '只看本部门' }),
      dataScope,
    );
    expect(created).toMatchObject({ menuName: '用户管理', scopeColumn: 'dept_id', scopeOperator: '', scopeValues: [] });
    const page = expectOk(await admin.get(`${DATA}/list?menuId=${menuId('user:view')}`), pageOf(dataScope));
    expect(page.records.map((r) => r.id)).toContain(created.id);
    expect(expectOk(await admin.get(`${DATA}/list?menuId=${menuId('dict:view')}`), pageOf(dataScope)).records).toEqual([]);
    const updated = expectOk(
      await admin.post(`${DATA}/update`, {
        id: created.id,
        menuId: menuId('user:view'),
        resourceCode: 'user',
        scopeName: '启用的用户',
        scopeType: 6,
        scopeColumn: 'status',
        scopeOperator: 'eq',
        scopeValues: ['1'],
      }),
      dataScope,
    );
    expect(updated).toMatchObject({ scopeName: '启用的用户', scopeColumn: 'status', scopeOperator: 'eq', scopeValues: ['1'] });
    expect(expectOk(await admin.get(`${DATA}/detail?id=${created.id}`), dataScope).scopeName).toBe('启用的用户');
    expectFailure(await other.get(`${DATA}/detail?id=${created.id}`), 404, '数据权限不存在');
    expect((await admin.post(`${DATA}/remove?ids=${created.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`${DATA}/detail?id=${created.id}`), 404, '数据权限不存在');
  });

  it('refuses unsafe or malformed data scopes with a message, writing nothing', async () => {
    const base = { menuId: menuId('user:view'), resourceCode: 'user', scopeName: '规则', scopeType: 6 };
    const refuse = async (body: object, message: string, client = admin) =>
      expectFailure(await client.post(`${DATA}/save`, { ...base, ...body }), 400, message);
    await refuse({ scopeName: ' ' }, '请输入权限名称');
    await refuse({ scopeType: 9 }, '请选择权限类型');
    await refuse({ resourceCode: 'secrets' }, '资源「secrets」没有声明数据权限');
    await refuse({ menuId: 2_000_000, scopeType: 1 }, '所选菜单不存在');
    await refuse({}, '自定义规则请选择字段');
    await refuse({ scopeColumn: 'password_hash', scopeOperator: 'eq', scopeValues: ['x'] }, '字段「password_hash」不在资源「user」允许的字段中');
    await refuse({ scopeColumn: 'account; drop table macro_user', scopeOperator: 'eq', scopeValues: ['x'] }, '字段名不正确');
    await refuse({ scopeColumn: 'account', scopeOperator: 'like', scopeValues: ['x'] }, '请选择正确的规则运算符');
    await refuse({ scopeColumn: 'status', scopeOperator: 'contains', scopeValues: ['1'] }, '运算符「contains」不适用于字段「status」');
    await refuse({ scopeColumn: 'status', scopeOperator: 'eq', scopeValues: ['1 or 1=1'] }, '字段「status」的规则值必须是整数');
    await refuse({ scopeColumn: 'account', scopeOperator: 'eq', scopeValues: [] }, '自定义规则请填写规则值');
    await refuse({ scopeColumn: 'account', scopeOperator: 'eq', scopeValues: ['a', 'b'] }, '运算符「eq」只接受一个值');
    await refuse({ scopeType: 3, scopeOperator: 'eq' }, '只有自定义规则才填写字段、运算符和规则值');
    await refuse(
      { scopeColumn: 'password_hash', scopeOperator: 'eq', scopeValues: ['x'] },
      'The column "password_hash" is not one the resource "user" allows',
      adminEn,
    );
    expectFailure(await admin.post(`${DATA}/update`, { ...base, id: 2_000_000, scopeType: 1 }), 404, '数据权限不存在');
    expect(expectOk(await admin.get(`${DATA}/list?scopeName=${encodeURIComponent('规则')}`), pageOf(dataScope)).records).toEqual([]);
  });

  it('creates, updates and removes API scopes naming codes routes declare', async () => {
    const created = expectOk(
      await admin.post(`${API}/submit`, { menuId: menuId('dict:view'), resourceCode: 'dict', scopeName: '读字典', scopePath: 'dict:view' }),
      apiScope,
    );
    expect(created).toMatchObject({ menuName: '字典管理', scopePath: 'dict:view', scopeType: 2 });
    const updated = expectOk(
      await admin.post(`${API}/submit`, {
        id: created.id,
        menuId: menuId('dict:view'),
        resourceCode: 'dict',
        scopeName: '新增字典',
        scopePath: 'dict:add',
        scopeType: 1,
      }),
      apiScope,
    );
    expect(updated).toMatchObject({ scopeName: '新增字典', scopePath: 'dict:add', scopeType: 1 });
    expect(expectOk(await admin.get(`${API}/list?menuId=${menuId('dict:view')}`), pageOf(apiScope)).records.map((r) => r.id)).toEqual([created.id]);
    expectFailure(
      await admin.post(`${API}/submit`, { menuId: menuId('dict:view'), resourceCode: 'dict', scopeName: 'x', scopePath: 'dict:nothing' }),
      400,
      '权限编码「dict:nothing」不属于任何接口',
    );
    expectFailure(
      await admin.post(`${API}/submit`, { menuId: menuId('dict:view'), resourceCode: 'dict', scopeName: 'x', scopePath: "x' or 1=1" }),
      400,
      /权限编码只能包含/,
    );
    expectFailure(
      await admin.post(`${API}/submit`, { menuId: menuId('dict:view'), resourceCode: '', scopeName: 'x', scopePath: 'dict:view' }),
      400,
      '请输入资源编号',
    );
    expectFailure(
      await adminEn.post(`${API}/submit`, { menuId: menuId('dict:view'), resourceCode: 'dict', scopeName: 'x' }),
      400,
      'Please enter the permission code',
    );
    expectFailure(
      await other.post(`${API}/submit`, { id: created.id, menuId: menuId('dict:view'), resourceCode: 'dict', scopeName: 'stolen', scopePath: 'dict:view' }),
      404,
    );
    expectFailure(await other.get(`${API}/detail?id=${created.id}`), 404, '接口权限不存在');
    expect((await admin.post(`${API}/remove?ids=${created.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.post(`${API}/remove?ids=${created.id}`), 404);
  });

  it('a role without a code gets 403 naming it; an API scope granting the code lets it through', async () => {
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '接口调用', roleAlias: 'api_caller' }), roleRecord);
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'caller', name: 'Caller', password: 'Caller@123456', roleIds: [role.id] }));
    const caller = as(server, (await signIn(server, TENANT, 'caller', 'Caller@123456')).access_token);
    const callerEn = as(server, (await signIn(server, TENANT, 'caller', 'Caller@123456')).access_token, 'en');
    expectFailure(await caller.get('/api/macro-system/dict/parent-list'), 403, '没有权限执行此操作：您的角色没有权限编码「dict:view」，请联系管理员授权');
    expectFailure(await callerEn.get('/api/macro-system/dict/parent-list'), 403, /none of your roles holds the permission code "dict:view"/);
    expectFailure(await caller.get(`${API}/list`), 403, /api-scope:view/);

    const scope = expectOk(
      await admin.post(`${API}/submit`, { menuId: menuId('dict:view'), resourceCode: 'dict', scopeName: '读字典', scopePath: 'dict:view' }),
      apiScope,
    );
    const groups = expectOk(await admin.get(`${API}/grant-tree`), z.array(scopeGrantGroup));
    expect(groups.find((g) => g.menuId === menuId('dict:view'))?.scopes.map((s) => s.id)).toContain(scope.id);
    expectOk(
      await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [], apiScopeIds: [scope.id] }),
      z.object({ apiScopes: z.literal(1) }).loose(),
    );
    expect((await caller.get('/api/macro-system/dict/parent-list')).statusCode).toBe(200);
    expect(expectOk(await caller.get(`${API}/user-permission-list`), z.array(z.string()))).toEqual(['dict:view']);
    // Only that code: adding a dictionary still needs its own.
    expectFailure(await caller.post('/api/macro-system/dict/submit', {}), 403, /dict:add/);
    expect(
      expectOk(await admin.get(`/api/macro-system/menu/role-tree-keys?roleIds=${role.id}`), z.object({ apiScope: z.array(z.number()) }).loose()).apiScope,
    ).toEqual([scope.id]);

    // Removing the scope takes the grant with it, at once.
    expect((await admin.post(`${API}/remove?ids=${scope.id}`)).statusCode).toBe(200);
    expectFailure(await caller.get('/api/macro-system/dict/parent-list'), 403);
  });

  it('refuses to grant scopes of another tenant', async () => {
    const theirs = expectOk(
      await other.post(`${DATA}/save`, { menuId: menuId('user:view'), resourceCode: 'user', scopeName: '他们的', scopeType: 5 }),
      dataScope,
    );
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '窃取', roleAlias: 'thief' }), roleRecord);
    expectFailure(
      await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [], dataScopeIds: [theirs.id] }),
      400,
      '所选数据权限或接口权限不存在',
    );
    expect(expectOk(await admin.get(`${DATA}/grant-tree`), z.array(scopeGrantGroup)).flatMap((g) => g.scopes.map((s) => s.id))).not.toContain(theirs.id);
  });
});
