import { pageOf } from '@macro/contract';
import { DASHBOARD_SIGNIN_DAYS, dashboardSummary } from '@macro/contract/dashboard';
import { dept } from '@macro/contract/org';
import { type GrantTreeNode, grantTreeNode, roleRecord } from '@macro/contract/roles';
import { DATA_SCOPE_TYPE, dataScope } from '@macro/contract/scopes';
import { userRecord } from '@macro/contract/users';
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
  TENANT,
  type TestServer,
} from '../../test/helper.ts';

const URL = '/api/macro-system/dashboard/summary';
const PASSWORD = 'Dash@123456';
const flat = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const total = async (client: Client, url: string) => expectOk(await client.get(url), pageOf(z.unknown())).total;

describeDb(`dashboard (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let other: Client;
  let menus: GrantTreeNode[];
  let roleId = 0;
  const depts = new Map<string, number>();
  const secret = () => encryptPassword(server.publicKey, PASSWORD);

  const createUser = async (account: string, deptId: number, roleIds: number[] = []) =>
    expectOk(
      await admin.post('/api/macro-user/submit', {
        account,
        name: account,
        deptId,
        password: secret(),
        password2: secret(),
        ...(roleIds.length ? { roleIds } : {}),
      }),
      userRecord,
    ).id;
  const grant = async (codes: RegExp, dataScopeIds: number[] = []) => {
    const menuIds = menus.filter((m) => codes.test(m.code)).map((m) => m.id);
    expect((await admin.post('/api/macro-system/role/grant', { roleIds: [roleId], menuIds, dataScopeIds })).statusCode).toBe(200);
  };
  const saveScope = async (resourceCode: string) =>
    expectOk(
      await admin.post('/api/macro-system/data-scope/save', {
        menuId: menus.find((m) => m.code === 'user:view')!.id,
        resourceCode,
        scopeName: `dash ${resourceCode}`,
        scopeType: DATA_SCOPE_TYPE.ownDept,
      }),
      dataScope,
    ).id;

  beforeAll(async () => {
    ({ server, admin, other } = await signedInServer());
    menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode)));
    const company = expectOk(await admin.post('/api/companies', { companyName: '看板公司', companyCode: 'dash_co' }), z.object({ id: z.number() })).id;
    for (const name of ['看板甲', '看板乙']) {
      depts.set(name, expectOk(await admin.post('/api/macro-system/dept/submit', { companyId: company, parentId: 0, deptName: name }), dept).id);
    }
    roleId = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '看板', roleAlias: 'dash_role' }), roleRecord).id;
    await createUser('dash_viewer', depts.get('看板甲')!, [roleId]);
    await createUser('dash_a', depts.get('看板甲')!);
    await createUser('dash_b1', depts.get('看板乙')!);
    await createUser('dash_b2', depts.get('看板乙')!);
  });
  afterAll(() => server.close());

  it('counts for the administrator what the lists of their tenant hold', async () => {
    const summary = expectOk(await admin.get(URL), dashboardSummary);
    expect(summary.counts.users).toBe(await total(admin, '/api/macro-user/page?size=1'));
    expect(summary.counts.roles).toBe(await total(admin, '/api/roles/page?size=1'));
    expect(summary.counts.posts).toBe(await total(admin, '/api/macro-system/post/page?size=1'));
    expect(summary.counts.departments).toBe(await total(admin, '/api/macro-system/dept/list?size=1'));
    expect(summary.counts.menus).toBeGreaterThan(5);
    // The four users above, by department, largest first.
    const byDept = summary.usersByDepartment!;
    expect(byDept.find((d) => d.deptId === depts.get('看板乙'))).toEqual({ deptId: depts.get('看板乙'), deptName: '看板乙', count: 2 });
    expect(byDept.map((d) => d.count)).toEqual([...byDept.map((d) => d.count)].sort((a, b) => b - a));
  });

  it('another tenant counts only its own rows', async () => {
    const mine = expectOk(await admin.get(URL), dashboardSummary);
    const theirs = expectOk(await other.get(URL), dashboardSummary);
    expect(theirs.counts.users).toBe(await total(other, '/api/macro-user/page?size=1'));
    expect(theirs.counts.users).toBeLessThan(mine.counts.users!);
    expect(theirs.usersByDepartment!.some((d) => d.deptName.startsWith('看板'))).toBe(false);
  });

  it('narrows users and departments by the data scope, and leaves out what the role may not view', async () => {
    await grant(/^(dashboard|user|dept):view$|^system$/, [await saveScope('user'), await saveScope('department')]);
    const viewer = as(server, (await signIn(server, TENANT, 'dash_viewer', PASSWORD)).access_token);
    const summary = expectOk(await viewer.get(URL), dashboardSummary);
    // Own department: the viewer and dash_a; the department itself.
    expect(summary.counts.users).toBe(2);
    expect(summary.counts.users).toBe(await total(viewer, '/api/macro-user/page?size=1'));
    expect(summary.counts.departments).toBe(1);
    expect(summary.counts.roles).toBeNull();
    expect(summary.counts.posts).toBeNull();
    // Menus (not buttons) granted: the home page, the system folder, users and departments' screens.
    const granted = menus.filter((m) => /^(dashboard|user|dept):view$|^system$/.test(m.code) && m.category === 1).length;
    expect(summary.counts.menus).toBe(granted);
    expect(summary.usersByDepartment).toEqual([{ deptId: depts.get('看板甲'), deptName: '看板甲', count: 2 }]);

    // Without the dashboard's code the figures are refused.
    await grant(/^(user|dept):view$/);
    expectFailure(await viewer.get(URL), 403);
    await grant(/^dashboard:view$/);
    const bare = expectOk(await viewer.get(URL), dashboardSummary);
    expect(bare.counts).toEqual({ users: null, departments: null, roles: null, posts: null, menus: 1 });
    expect(bare.usersByDepartment).toBeNull();
  });

  it('lists the caller’s own recent sign-ins and counts them per day', async () => {
    await grant(/^dashboard:view$/);
    await signIn(server, TENANT, 'dash_viewer', PASSWORD);
    const viewer = as(server, (await signIn(server, TENANT, 'dash_viewer', PASSWORD)).access_token);
    const summary = expectOk(await viewer.get(URL), dashboardSummary);
    // One sign-in in the test before, two here.
    expect(summary.recentSignIns).toHaveLength(3);
    expect(summary.recentSignIns[0].via).toBe('password');
    const times = summary.recentSignIns.map((s) => s.time);
    expect(times).toEqual([...times].sort().reverse());
    expect(summary.signInsByDay).toHaveLength(DASHBOARD_SIGNIN_DAYS);
    expect(summary.signInsByDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 3 });
    // The administrator's sign-ins are not the viewer's.
    const adminSummary = expectOk(await admin.get(URL), dashboardSummary);
    expect(adminSummary.signInsByDay.at(-1)!.count).not.toBe(0);
  });
});
