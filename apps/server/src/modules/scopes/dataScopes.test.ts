import { pageOf } from '@macro/contract';
import { dept } from '@macro/contract/org';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { DATA_SCOPE_TYPE, dataScope } from '@macro/contract/scopes';
import { userRecord } from '@macro/contract/users';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
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
  startServer,
  TENANT,
  type TestServer,
} from '../../test/helper.ts';

const flat = (nodes: GrantTreeNode[]): GrantTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const PASSWORD = 'Scope@123456';

/**
 * A viewer in department A (with A1 below it; B beside it) reads users and departments under
 * the data scopes its roles hold.
 */
describeDb(`data scopes narrow user and department lists and details (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let viewer: Client;
  let menus: GrantTreeNode[];
  const ids = { deptA: 0, deptA1: 0, deptB: 0, userA: 0, userA1: 0, userB: 0, viewer: 0, mine: 0, roleOne: 0, roleTwo: 0 };

  const secret = () => encryptPassword(server.publicKey, PASSWORD);
  const menuId = (code: string) => menus.find((m) => m.code === code)!.id;
  const createDept = async (companyId: number, deptName: string, parentId = 0) =>
    expectOk(await admin.post('/api/macro-system/dept/submit', { companyId, parentId, deptName }), dept).id;
  const createUser = async (client: Client, account: string, deptId: number | null, roleIds: number[] = []) =>
    expectOk(
      await client.post('/api/macro-user/submit', {
        account,
        name: account,
        deptId,
        password: secret(),
        password2: secret(),
        ...(roleIds.length ? { roleIds } : {}),
      }),
      userRecord,
    ).id;
  const saveScope = async (scopeName: string, resourceCode: string, scopeType: number, rule = {}) =>
    expectOk(await admin.post('/api/macro-system/data-scope/save', { menuId: menuId('user:view'), resourceCode, scopeName, scopeType, ...rule }), dataScope).id;
  /** The viewer's two roles grant the user and department screens, and these data scopes. */
  const grant = async (one: number[], two: number[] = []) => {
    const menuIds = ['system', 'user:view', 'user:add', 'company:view', 'dept:view'].map(menuId);
    for (const [roleId, dataScopeIds] of [
      [ids.roleOne, one],
      [ids.roleTwo, two],
    ] as const) {
      expect((await admin.post('/api/macro-system/role/grant', { roleIds: [roleId], menuIds, dataScopeIds })).statusCode).toBe(200);
    }
  };
  const visibleUsers = async (query = '') =>
    expectOk(await viewer.get(`/api/macro-user/page?size=500${query}`), pageOf(userRecord))
      .records.map((u) => u.account)
      .sort();
  const visibleDepts = async () =>
    expectOk(await viewer.get('/api/macro-system/dept/list?size=500'), pageOf(dept))
      .records.map((d) => d.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
    menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode)));
    const company = expectOk(await admin.post('/api/companies', { companyName: '范围公司', companyCode: 'scope_co' }), z.object({ id: z.number() })).id;
    ids.deptA = await createDept(company, '甲部门');
    ids.deptA1 = await createDept(company, '甲一组', ids.deptA);
    ids.deptB = await createDept(company, '乙部门');
    ids.roleOne = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '范围一', roleAlias: 'scope_one' }), roleRecord).id;
    ids.roleTwo = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '范围二', roleAlias: 'scope_two' }), roleRecord).id;
    ids.userA = await createUser(admin, 'scope_a', ids.deptA);
    ids.userA1 = await createUser(admin, 'scope_a1', ids.deptA1);
    ids.userB = await createUser(admin, 'scope_b', ids.deptB);
    ids.viewer = await createUser(admin, 'scope_viewer', ids.deptA, [ids.roleOne, ids.roleTwo]);
    await grant([]);
    viewer = as(server, (await signIn(server, TENANT, 'scope_viewer', PASSWORD)).access_token);
    // A row the viewer creates is its own ("own rows").
    ids.mine = await createUser(viewer, 'scope_mine', ids.deptB);
  });
  afterAll(() => server.close());
  beforeEach(() => grant([]));

  it('without a data scope on a resource the viewer sees every row the API scope allows', async () => {
    expect(await visibleUsers()).toEqual(expect.arrayContaining(['admin', 'scope_a', 'scope_a1', 'scope_b', 'scope_mine', 'scope_viewer']));
    expect(await visibleDepts()).toEqual(expect.arrayContaining([ids.deptA, ids.deptA1, ids.deptB]));
  });

  it('"own tenant" shows every user of the viewer\'s tenant and no other tenant\'s, in lists and details', async () => {
    await grant([await saveScope('本租户用户', 'user', DATA_SCOPE_TYPE.tenant)]);
    const seen = expectOk(await viewer.get('/api/macro-user/page?size=500'), pageOf(userRecord)).records;
    expect(seen.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', 'scope_a', 'scope_a1', 'scope_b', 'scope_mine', 'scope_viewer']));
    expect(new Set(seen.map((u) => u.tenantId))).toEqual(new Set([TENANT]));
    expect(expectOk(await viewer.get(`/api/macro-user/detail?id=${ids.userB}`), userRecord).account).toBe('scope_b');
    // The other tenant's administrator is a user too, and stays out of reach.
    const other = expectOk(
      await as(server, (await signIn(server, OTHER_TENANT)).access_token).get('/api/macro-user/info'),
      z.object({ id: z.number() }).passthrough(),
    );
    expectFailure(await viewer.get(`/api/macro-user/detail?id=${other.id}`), 404);
  });

  it('"own department" shows only the users of the viewer\'s department; others are 404 in detail', async () => {
    await grant([await saveScope('本部门用户', 'user', DATA_SCOPE_TYPE.ownDept)]);
    expect(await visibleUsers()).toEqual(['scope_a', 'scope_viewer']);
    expect(expectOk(await viewer.get(`/api/macro-user/detail?id=${ids.userA}`), userRecord).account).toBe('scope_a');
    expectFailure(await viewer.get(`/api/macro-user/detail?id=${ids.userA1}`), 404, '用户不存在');
    expectFailure(await viewer.get(`/api/macro-user/detail?id=${ids.userB}`), 404);
    // The REST family and a department filter go through the same scope.
    expect(
      (await viewer.get('/api/users/page?size=500'))
        .json()
        .data.records.map((u: { account: string }) => u.account)
        .sort(),
    ).toEqual(['scope_a', 'scope_viewer']);
    expect(await visibleUsers(`&deptId=${ids.deptB}`)).toEqual([]);
  });

  it('"department and below" shows the users of the viewer\'s department subtree', async () => {
    await grant([await saveScope('本部门及以下用户', 'user', DATA_SCOPE_TYPE.deptAndBelow)]);
    expect(await visibleUsers()).toEqual(['scope_a', 'scope_a1', 'scope_viewer']);
    expect(await visibleUsers(`&deptId=${ids.deptA1}`)).toEqual(['scope_a1']);
    expectFailure(await viewer.get(`/api/macro-user/detail?id=${ids.userB}`), 404);
  });

  it('"own rows" shows only the rows the viewer created', async () => {
    await grant([await saveScope('本人创建', 'user', DATA_SCOPE_TYPE.ownRows)]);
    expect(await visibleUsers()).toEqual(['scope_mine']);
    expect(expectOk(await viewer.get(`/api/macro-user/detail?id=${ids.mine}`), userRecord).account).toBe('scope_mine');
    expectFailure(await viewer.get(`/api/macro-user/detail?id=${ids.viewer}`), 404);
  });

  it('a custom rule tests a declared column with its operator and values', async () => {
    await grant([
      await saveScope('指定账号', 'user', DATA_SCOPE_TYPE.custom, { scopeColumn: 'account', scopeOperator: 'in', scopeValues: ['scope_b', 'scope_a1'] }),
    ]);
    expect(await visibleUsers()).toEqual(['scope_a1', 'scope_b']);
    await grant([await saveScope('账号包含', 'user', DATA_SCOPE_TYPE.custom, { scopeColumn: 'account', scopeOperator: 'contains', scopeValues: ['_A'] })]);
    expect(await visibleUsers()).toEqual(['scope_a', 'scope_a1']);
    await grant([
      await saveScope('部门不是乙', 'user', DATA_SCOPE_TYPE.custom, { scopeColumn: 'dept_id', scopeOperator: 'ne', scopeValues: [String(ids.deptB)] }),
    ]);
    expect(await visibleUsers()).not.toContain('scope_b');
    expect(await visibleUsers()).toContain('admin');
  });

  it('the scopes of two roles combine with OR, and "all" lifts the narrowing', async () => {
    const ownDept = await saveScope('本部门', 'user', DATA_SCOPE_TYPE.ownDept);
    const onlyB = await saveScope('只看乙', 'user', DATA_SCOPE_TYPE.custom, { scopeColumn: 'account', scopeOperator: 'eq', scopeValues: ['scope_b'] });
    await grant([ownDept], [onlyB]);
    expect(await visibleUsers()).toEqual(['scope_a', 'scope_b', 'scope_viewer']);
    await grant([ownDept], [await saveScope('全部', 'user', DATA_SCOPE_TYPE.all)]);
    expect(await visibleUsers()).toEqual(expect.arrayContaining(['admin', 'scope_a', 'scope_a1', 'scope_b', 'scope_mine']));
  });

  it('narrows department lists and details by their declared columns', async () => {
    await grant([await saveScope('本部门', 'department', DATA_SCOPE_TYPE.ownDept)]);
    expect(await visibleDepts()).toEqual([ids.deptA]);
    expectFailure(await viewer.get(`/api/departments/${ids.deptB}`), 404, '部门不存在');
    expectFailure(await viewer.get(`/api/macro-system/dept/detail?id=${ids.deptA1}`), 404);
    expect(expectOk(await viewer.get(`/api/departments/${ids.deptA}`), dept).deptName).toBe('甲部门');

    await grant([await saveScope('本部门及以下', 'department', DATA_SCOPE_TYPE.deptAndBelow)]);
    expect(await visibleDepts()).toEqual([ids.deptA, ids.deptA1]);

    await grant([
      await saveScope('名称含乙', 'department', DATA_SCOPE_TYPE.custom, { scopeColumn: 'dept_name', scopeOperator: 'contains', scopeValues: ['乙'] }),
    ]);
    expect(await visibleDepts()).toEqual([ids.deptB]);
    // A scope on departments leaves users alone, and the other way round.
    expect(await visibleUsers()).toContain('admin');
  });

  it('a viewer without a department sees nothing under a department scope', async () => {
    const nodept = await createUser(admin, 'scope_nodept', null, [ids.roleOne]);
    expect(nodept).toBeGreaterThan(0);
    await grant([await saveScope('本部门', 'user', DATA_SCOPE_TYPE.ownDept)]);
    const client = as(server, (await signIn(server, TENANT, 'scope_nodept', PASSWORD)).access_token);
    expect(expectOk(await client.get('/api/macro-user/page?size=500'), pageOf(userRecord)).records).toEqual([]);
  });
});
