import { pageOf } from '@macro/contract';
import { userBrief, userGroupGrantView, userPermission, userRecord } from '@macro/contract/users';
import { withTenant } from '@macro/store';
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
  OTHER_TENANT,
  signedInServer,
  signIn,
  TENANT,
  type TestServer,
  tokenRequest,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const USERS = '/api/macro-user';
const briefs = pageOf(userBrief);
const RESET = 'Reset@7788';
const LIMIT = 3;

interface Dept {
  id: number;
  companyId: number;
  deptName: string;
}

describeDb(`users: posts, locks, directories and groups (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  let nobody: Client;
  let depts: Map<string, Dept>;
  let posts: Map<string, number>;
  let otherPost: number;
  const secret = (password: string) => encryptPassword(server.publicKey, password);

  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer({ maxLoginFailures: LIMIT, lockSeconds: 600, resetPassword: RESET }));
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'nobody', name: 'Nobody', password: 'Nobody@123456' }));
    nobody = as(server, (await signIn(server, TENANT, 'nobody', 'Nobody@123456')).access_token);
    const deptList = (await admin.get('/api/macro-system/dept/list?size=100')).json().data.records as Dept[];
    depts = new Map(deptList.map((d) => [d.deptName, d]));
    const options = (await admin.get('/api/macro-system/post/select')).json().data as { id: number; postCode: string }[];
    posts = new Map(options.map((p) => [p.postCode, p.id]));
    otherPost = ((await other.get('/api/macro-system/post/select')).json().data as { id: number }[])[0].id;
  });
  afterAll(() => server.close());

  async function createUser2(account: string, extra: Record<string, unknown> = {}) {
    const password = secret('Secret123');
    return expectOk(await admin.post(`${USERS}/submit`, { account, name: `Nick ${account}`, password, password2: password, ...extra }), userRecord);
  }
  const detail = async (id: number) => expectOk(await admin.get(`${USERS}/detail?id=${id}`), userRecord);

  it("gives users posts in the dialog fields, shows them in the list, and lists a post's holders", async () => {
    const ceo = posts.get('ceo')!;
    const staff = posts.get('staff')!;
    const created = await createUser2('poster', { postIds: [staff, ceo] });
    // In the posts' list order, with their names.
    expect(created.postIds).toEqual([ceo, staff]);
    expect(created.postName).toBe('总经理,职员');
    const listed = expectOk(await admin.get(`${USERS}/page?account=poster`), pageOf(userRecord)).records;
    expect(listed.map((u) => [u.account, u.postName])).toEqual([['poster', '总经理,职员']]);
    expect(expectOk(await admin.get(`/api/posts/${ceo}/users`), pageOf(z.object({ account: z.string() }))).records.map((u) => u.account)).toContain('poster');

    // An update without postIds keeps them; with postIds replaces them.
    await admin.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'Renamed' });
    expect((await detail(created.id)).postIds).toEqual([ceo, staff]);
    const updated = expectOk(
      await admin.call({ method: 'PUT', url: `/api/users/${created.id}`, payload: { account: 'poster', name: 'Renamed', postIds: [staff] } }),
      userRecord,
    );
    expect(updated.postName).toBe('职员');
    const ceoHolders = (await admin.get(`/api/posts/${ceo}/users`)).json().data;
    expect(ceoHolders.records.map((u: { account: string }) => u.account)).not.toContain('poster');

    // A post of another tenant, or none at all, is not found and nothing changes.
    expectFailure(await admin.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'Renamed', postIds: [otherPost] }), 404, '所选岗位不存在');
    expectFailure(
      await adminEn.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'Gone', postIds: [staff, 2_000_000_000] }),
      404,
      'A chosen post does not exist',
    );
    expect(await detail(created.id)).toMatchObject({ name: 'Renamed', postIds: [staff] });
    expectFailure(
      await admin.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'x', postIds: Array.from({ length: 21 }, (_, i) => i + 1) }),
      400,
      '一个用户最多担任 20 个岗位',
    );
    expectFailure(await admin.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'x', postIds: ['1'] }), 400);

    // A held post cannot be removed; once nobody holds it, it can.
    const held = expectFailure(await admin.post(`/api/macro-system/post/remove?ids=${staff}`), 409);
    expect(held.sys_msg).toMatch(/^岗位「职员」仍有 \d+ 名用户担任/);
    // Another tenant sees neither the holders nor the post.
    expectFailure(await other.get(`/api/posts/${staff}/users`), 404, '岗位不存在');
    expectFailure(await nobody.get(`/api/posts/${staff}/users`), 403);
    const temp = expectOk(await admin.post('/api/macro-system/post/submit', { postCode: 'temp', postName: '临时岗' }), z.object({ id: z.number() }));
    await admin.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'Renamed', postIds: [temp.id] });
    expectFailure(await admin.post(`/api/macro-system/post/remove?ids=${temp.id}`), 409);
    await admin.post(`${USERS}/update`, { id: created.id, account: 'poster', name: 'Renamed', postIds: [] });
    expect((await admin.post(`/api/macro-system/post/remove?ids=${temp.id}`)).json().data).toEqual({ removed: 1 });
  });

  it('shows a locked account in the list, unlocks it at once, and tells the reset password to holders of the reset code only', async () => {
    const user = await createUser2('lockme');
    const attempt = (password: string) =>
      tokenRequest(server, { grant_type: 'password', username: 'lockme', password: secret(password), scope: 'all' }, { 'tenant-id': TENANT });
    for (let i = 0; i < LIMIT; i++) await attempt('Wrong@000');
    expect((await attempt('Secret123')).statusCode).toBe(400);
    expect((await detail(user.id)).locked).toBe(true);
    expect(expectOk(await admin.get(`${USERS}/page?account=lockme`), pageOf(userRecord)).records[0].locked).toBe(true);

    // Unlocking needs the code, and another tenant cannot reach the user.
    expectFailure(await nobody.post(`${USERS}/unlock`, { userIds: [user.id] }), 403, /user:unlock/);
    expectFailure(await other.post(`${USERS}/unlock`, { userIds: [user.id] }), 404);
    expect((await detail(user.id)).locked).toBe(true);
    expect(expectOk(await admin.post(`${USERS}/unlock`, { userIds: [user.id] }), z.object({ unlocked: z.number() }))).toEqual({ unlocked: 1 });
    expect((await detail(user.id)).locked).toBe(false);
    expect((await attempt('Secret123')).statusCode).toBe(200);

    expect(expectOk(await admin.get(`${USERS}/reset-password`), z.object({ password: z.string() }))).toEqual({ password: RESET });
    expectFailure(await nobody.get(`${USERS}/reset-password`), 403, /user:reset-password/);
  });

  it("lists who maintains users and departments, and the users of a user's company and sub-companies", async () => {
    const rd = depts.get('研发部')!;
    const front = depts.get('前端组')!;
    const finance = depts.get('财务部')!;
    expect(rd.companyId).toBe(front.companyId);
    expect(finance.companyId).not.toBe(rd.companyId);
    const coder = await createUser2('coder', { deptId: rd.id });
    await createUser2('designer', { deptId: front.id });
    const accountant = await createUser2('accountant', { deptId: finance.id });
    const loner = await createUser2('loner');

    const accounts = async (client: Client, url: string) => expectOk(await client.get(url), briefs).records.map((u) => u.account);
    expect(await accounts(admin, `/api/users/${coder.id}/company-users`)).toEqual(['coder', 'designer']);
    expect(await accounts(admin, `/api/users/${coder.id}/company-users?name=design`)).toEqual(['designer']);
    const firstPage = expectOk(await admin.get(`/api/users/${coder.id}/company-users?size=1&current=2`), briefs);
    expect([firstPage.total, firstPage.records.map((u) => u.account)]).toEqual([2, ['designer']]);
    // The group's finance department sits above the subsidiary.
    expect(await accounts(admin, `/api/users/${accountant.id}/company-users`)).toEqual(['accountant']);
    expect(await accounts(admin, `/api/users/${accountant.id}/sub-company-users`)).toEqual(['coder', 'designer']);
    expect(await accounts(admin, `/api/users/${coder.id}/sub-company-users`)).toEqual([]);
    expect(await accounts(admin, `/api/users/${loner.id}/company-users`)).toEqual([]);
    expect(await accounts(admin, `/api/companies/${rd.companyId}/users`)).toEqual(['coder', 'designer']);

    // Maintainers: enabled holders of user:edit / dept:edit (the administrator), not plain users.
    expect(await accounts(admin, '/api/users/maintenance_user')).toEqual(['admin']);
    expect(await accounts(admin, '/api/users/maintenance_user?account=nobody')).toEqual([]);
    expect(await accounts(admin, `/api/departments/${rd.id}/maintenance-users`)).toEqual(['admin']);

    // Another tenant reaches none of it; bad ids are refused; the codes are checked.
    expectFailure(await other.get(`/api/users/${coder.id}/company-users`), 404, '用户不存在');
    expectFailure(await other.get(`/api/users/${coder.id}/sub-company-users`), 404, '用户不存在');
    expectFailure(await other.get(`/api/departments/${rd.id}/maintenance-users`), 404, '部门不存在');
    expectFailure(await other.get(`/api/companies/${rd.companyId}/users`), 404, '公司不存在');
    expect(await accounts(other, '/api/users/maintenance_user')).toEqual(['admin']);
    expectFailure(await admin.get('/api/users/abc/company-users'), 400);
    expectFailure(await admin.get(`/api/users/${coder.id}/company-users?size=501`), 400);
    for (const url of ['/api/users/maintenance_user', `/api/departments/${rd.id}/maintenance-users`, `/api/users/${coder.id}/company-users`]) {
      expectFailure(await nobody.get(url), 403, /user:view/);
    }
  });

  it("reads several users for a picker, and a user's roles and permission codes", async () => {
    const a = await createUser2('pick_a');
    const b = await createUser2('pick_b');
    const picked = expectOk(await admin.get(`/api/users/multi/${b.id},${a.id},2000000000`), z.array(userBrief));
    expect(picked.map((u) => u.account)).toEqual(['pick_b', 'pick_a']);
    expect(expectOk(await other.get(`/api/users/multi/${a.id}`), z.array(userBrief))).toEqual([]);
    expectFailure(await admin.get('/api/users/multi/1,x'), 400);

    const adminId = (await admin.get('/api/macro-user/info')).json().data.id as number;
    const permission = expectOk(await admin.get(`/api/users/${adminId}/permission`), userPermission);
    expect(permission.roles.map((r) => r.roleAlias)).toContain('administrator');
    expect(permission.permissions).toEqual(expect.arrayContaining(['user:view', 'user:unlock', 'user:groups', 'consumer:view']));
    expect(expectOk(await admin.get(`/api/users/${a.id}/permission`), userPermission)).toEqual({ roles: [], permissions: [] });
    expectFailure(await other.get(`/api/users/${a.id}/permission`), 404);
    expectFailure(await nobody.get(`/api/users/${a.id}/permission`), 403);
  });

  it('grants groups to users of the platform tenant only, all or nothing', async () => {
    const user = await createUser2('groupie');
    const groups = (await admin.get('/api/groups/list?size=100')).json().data.records as { id: number; tenantId: string }[];
    const home = groups.find((g) => g.tenantId === TENANT)!;
    const second = groups.find((g) => g.tenantId === OTHER_TENANT)!;
    const view = async () => expectOk(await admin.get(`${USERS}/groups/grant-view?userId=${user.id}`), userGroupGrantView);
    expect(await view()).toEqual({ userId: user.id, groupIds: [], groups: [] });

    expect((await admin.post(`${USERS}/groups/grant`, { userIds: [user.id], groupIds: [second.id, home.id] })).json().data).toEqual({ users: 1 });
    expect(await view()).toMatchObject({ groupIds: [home.id, second.id], groups: [{ tenantId: TENANT }, { tenantId: OTHER_TENANT }] });

    // An unknown group or user changes nothing.
    expectFailure(await admin.post(`${USERS}/groups/grant`, { userIds: [user.id], groupIds: [2_000_000_000] }), 404, '所选集团不存在');
    expectFailure(await admin.post(`${USERS}/groups/grant`, { userIds: [user.id, 2_000_000_000], groupIds: [] }), 404, '用户不存在');
    expect((await view()).groupIds).toEqual([home.id, second.id]);
    expectFailure(await admin.post(`${USERS}/groups/grant`, { userIds: [], groupIds: [] }), 400, '请先选择用户');
    expectFailure(await admin.post(`${USERS}/groups/grant`, { userIds: [user.id], groupIds: 'all' }), 400);
    expectFailure(await admin.get(`${USERS}/groups/grant-view`), 400);

    // Another tenant's administrator holds the code but is no platform administrator.
    expectFailure(await other.get(`${USERS}/groups/grant-view?userId=${user.id}`), 403, '只有平台租户的管理员可以执行此操作');
    expectFailure(await other.post(`${USERS}/groups/grant`, { userIds: [user.id], groupIds: [] }), 403);
    expectFailure(await nobody.get(`${USERS}/groups/grant-view?userId=${user.id}`), 403, /user:groups/);

    expect((await admin.post(`${USERS}/groups/grant`, { userIds: [user.id], groupIds: [] })).json().data).toEqual({ users: 1 });
    expect((await view()).groupIds).toEqual([]);
  });
});
