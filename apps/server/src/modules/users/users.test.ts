import { pageOf } from '@macro/contract';
import { userBrief, userPermission, userPlatform, userRecord } from '@macro/contract/users';
import { withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  tokenRequest,
} from '../../test/helper.ts';

const USERS = '/api/macro-user';
const page = pageOf(userRecord);

describeDb(`users (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminId: number;
  let other: Client;
  /** The tenant's demo departments by name, and one of the other tenant's. */
  let depts: Map<string, number>;
  let otherDept: number;
  const secret = (password: string) => encryptPassword(server.publicKey, password);
  const passwords = (password = 'Secret123') => ({ password: secret(password), password2: secret(password) });

  beforeAll(async () => {
    ({ server, admin, adminEn, adminId, other } = await signedInServer());
    const deptsOf = async (client: Client) =>
      (await client.get('/api/macro-system/dept/list?size=100')).json().data.records as { id: number; deptName: string }[];
    depts = new Map((await deptsOf(admin)).map((d) => [d.deptName, d.id]));
    otherDept = (await deptsOf(other))[0].id;
  });
  afterAll(() => server.close());

  async function createUser(account: string, extra: Record<string, unknown> = {}) {
    return expectOk(await admin.post(`${USERS}/submit`, { account, name: `Nick ${account}`, ...passwords(), ...extra }), userRecord);
  }
  async function createRole(alias: string) {
    const response = await admin.post('/api/macro-system/role/submit', { roleName: `Role ${alias}`, roleAlias: alias });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number };
  }
  const patch = (client: Client, url: string, payload: object) => client.call({ method: 'PATCH', url, payload });

  it('creates a user with every Org user field, lists it, and the user signs in with the password', async () => {
    const created = await createUser('zhangsan', {
      realName: '张三',
      code: 'E-1001',
      mobile: '13812345678',
      telephone: '010-12345678',
      email: 'zhangsan@example.com',
      wechat: 'zs_wechat',
      qq: '123456',
      birthday: '1990-02-28',
      sex: 1,
      deptId: depts.get('研发部'),
      remark: '新同事',
      userType: 2,
      userExt: '{"badge":7}',
    });
    expect(created).toMatchObject({
      account: 'zhangsan',
      realName: '张三',
      code: 'E-1001',
      mobile: '13812345678',
      telephone: '010-12345678',
      email: 'zhangsan@example.com',
      wechat: 'zs_wechat',
      qq: '123456',
      birthday: '1990-02-28',
      sex: 1,
      deptId: depts.get('研发部'),
      deptName: '研发部',
      remark: '新同事',
      status: 1,
      userType: 2,
      userExt: '{"badge":7}',
    });
    const listed = expectOk(await admin.get(`${USERS}/page?account=zhangsan`), page);
    expect(listed.records.map((u) => u.account)).toEqual(['zhangsan']);
    const detail = await admin.get(`${USERS}/detail?id=${created.id}`);
    expect(detail.body).not.toMatch(/scrypt|password/i);
    const session = await signIn(server, TENANT, 'zhangsan', 'Secret123');
    expect(session.user_id).toBe(created.id);
  });

  it('keeps no password hash in the audit log', async () => {
    await createUser('audited');
    const rows = await server.database.db.execute(sql`select before::text as b, after::text as a from audit_log where resource = 'user'`);
    const text = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('audited');
    expect(text).not.toMatch(/scrypt|passwordHash/);
  });

  describe('passwords travel encrypted and must match the policy', () => {
    it('refuses two different passwords', async () => {
      const response = await admin.post(`${USERS}/submit`, { account: 'pw1', name: 'x', password: secret('Secret123'), password2: secret('Secret124') });
      expectFailure(response, 400, '两次输入的密码不一致');
    });
    it('refuses a weak password, saying what the policy is', async () => {
      expectFailure(
        await admin.post(`${USERS}/submit`, { account: 'pw2', name: 'x', ...passwords('abcdefgh') }),
        400,
        '密码须为 8 到 32 位，且同时包含字母和数字',
      );
      expectFailure(await adminEn.post(`${USERS}/submit`, { account: 'pw2', name: 'x', ...passwords('a1') }), 400, /8 to 32 characters/);
    });
    it('asks for the password on creation only', async () => {
      expectFailure(await admin.post(`${USERS}/submit`, { account: 'pw3', name: 'x' }), 400, '请输入密码');
      expectFailure(await admin.post('/api/users', { account: 'pw3', name: 'x', password: secret('Secret123') }), 400, '请输入密码');
    });
    it('refuses a password in clear (not encrypted with the platform key)', async () => {
      const response = await admin.post(`${USERS}/submit`, { account: 'pw4', name: 'x', password: 'Secret123', password2: 'Secret123' });
      expectFailure(response, 400, '密码无法解密，请刷新页面后重试');
      expect((await admin.get(`${USERS}/page?account=pw4`)).json().data.records).toEqual([]);
    });
  });

  describe('field rules of the spec, with their messages', () => {
    const cases: [string, Record<string, unknown>, string | RegExp][] = [
      ['account missing', { name: 'x' }, '请输入登录账号'],
      ['account with spaces', { account: 'a b', name: 'x' }, '只能输入字母、数字或下划线，且不超过100个字符'],
      ['nick name missing', { account: 'f1' }, '请输入用户昵称'],
      ['nick name over 50 (Chinese counts 2)', { account: 'f1', name: '长'.repeat(26) }, '不能超过50个字符'],
      ['mobile', { account: 'f1', name: 'x', mobile: '12345678901' }, '请输入正确的手机号码'],
      ['landline', { account: 'f1', name: 'x', telephone: '12-34' }, '请输入正确的电话号码'],
      ['email', { account: 'f1', name: 'x', email: 'not-an-email' }, '请输入正确的邮箱'],
      ['QQ', { account: 'f1', name: 'x', qq: '01234' }, '请输入正确的QQ号码'],
      ['birthday not a date', { account: 'f1', name: 'x', birthday: '1990-02-30' }, '请输入正确的生日（年-月-日，不晚于今天）'],
      ['birthday in the future', { account: 'f1', name: 'x', birthday: '2999-01-01' }, '请输入正确的生日（年-月-日，不晚于今天）'],
      ['sex', { account: 'f1', name: 'x', sex: 3 }, '请选择性别'],
      ['department id', { account: 'f1', name: 'x', deptId: 'sales' }, /编号/],
    ];
    for (const [label, body, message] of cases) {
      it(`refuses a wrong ${label}`, async () => {
        expectFailure(await admin.post(`${USERS}/submit`, { ...passwords(), ...body }), 400, message);
      });
    }
    it('accepts blank optional fields and stores them empty', async () => {
      const user = await createUser('blanks', { mobile: '', email: '  ', qq: '', birthday: '', deptId: null });
      expect(user).toMatchObject({ mobile: '', email: '', qq: '', birthday: null, deptId: null, sex: 0 });
    });
  });

  it('refuses a taken account with 409 and a clear message, in the request language', async () => {
    await createUser('dup_user');
    expectFailure(await admin.post(`${USERS}/submit`, { account: 'dup_user', name: 'again', ...passwords() }), 409, '登录账号「dup_user」已存在');
    expectFailure(await adminEn.post('/api/users', { account: 'dup_user', name: 'again', ...passwords() }), 409, 'The account "dup_user" already exists');
    const renamed = await createUser('dup_other');
    expectFailure(await admin.post(`${USERS}/update`, { id: renamed.id, account: 'dup_user', name: 'x' }), 409, '登录账号「dup_user」已存在');
  });

  it('lets one of two concurrent creations of an account win; the other gets the message', async () => {
    const body = { account: 'racer', name: 'Racer', ...passwords() };
    const results = await Promise.all([admin.post(`${USERS}/submit`, body), admin.post('/api/users', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().sys_msg).toBe('登录账号「racer」已存在');
  });

  it('filters the page by department, account and name (nick or real)', async () => {
    const [seven, eight] = [depts.get('行政组')!, depts.get('销售部')!];
    await createUser('dept_a1', { deptId: seven, realName: '王五' });
    await createUser('dept_a2', { deptId: seven });
    await createUser('dept_b1', { deptId: eight });
    const inSeven = expectOk(await admin.get(`${USERS}/page?deptId=${seven}`), page);
    expect(inSeven.records.map((u) => u.account)).toEqual(['dept_a1', 'dept_a2']);
    expect(inSeven.total).toBe(2);
    const byRealName = expectOk(await admin.get('/api/users/page?name=王五'), page);
    expect(byRealName.records.map((u) => u.account)).toEqual(['dept_a1']);
    const byAccount = expectOk(await admin.get(`${USERS}/page?account=DEPT_B&size=5&current=1`), page);
    expect(byAccount.records.map((u) => u.account)).toEqual(['dept_b1']);
    expectFailure(await admin.get(`${USERS}/page?deptId=abc`), 400);
  });

  it("stores the chosen department's name, and refuses an unknown or another tenant's department without writing anything", async () => {
    const rd = depts.get('研发部')!;
    const finance = depts.get('财务部')!;
    const user = await createUser('deptuser', { deptId: rd });
    expect(user).toMatchObject({ deptId: rd, deptName: '研发部' });
    const listed = expectOk(await admin.get(`${USERS}/page?account=deptuser`), page);
    expect(listed.records.map((u) => [u.deptId, u.deptName])).toEqual([[rd, '研发部']]);
    const session = await tokenRequest(
      server,
      { grant_type: 'password', username: 'deptuser', password: secret('Secret123'), scope: 'all' },
      { 'tenant-id': TENANT },
    );
    expect(session.json()).toMatchObject({ dept_id: String(rd), dept_name: '研发部' });

    // Moving to another department stores that department's name; none clears it.
    const moved = expectOk(await admin.post(`${USERS}/update`, { id: user.id, account: 'deptuser', name: 'Nick', deptId: finance }), userRecord);
    expect(moved).toMatchObject({ deptId: finance, deptName: '财务部' });
    const cleared = expectOk(await admin.post(`${USERS}/update`, { id: user.id, account: 'deptuser', name: 'Nick', deptId: null }), userRecord);
    expect(cleared).toMatchObject({ deptId: null, deptName: '' });
    await admin.post(`${USERS}/update`, { id: user.id, account: 'deptuser', name: 'Nick', deptId: rd });

    const count = async () => Number(expectOk(await admin.get(`${USERS}/page?size=1`), page).total);
    const usersBefore = await count();
    for (const deptId of [999_999, otherDept]) {
      // Creating: refused in the request's language, no user written.
      expectFailure(await admin.post(`${USERS}/submit`, { account: `ghost${deptId}`, name: 'Ghost', deptId, ...passwords() }), 404, /所选部门.*不存在/);
      expectFailure(
        await adminEn.post('/api/users', { account: `ghost${deptId}`, name: 'Ghost', deptId, ...passwords() }),
        404,
        /department .* does not exist/,
      );
      expect((await admin.get(`${USERS}/page?account=ghost`)).json().data.total).toBe(0);
      // Updating: refused, the user keeps every field as it was.
      expectFailure(await adminEn.post(`${USERS}/update`, { id: user.id, account: 'deptuser', name: 'Changed', deptId }), 404, /department/);
      expectFailure(await admin.call({ method: 'PUT', url: `/api/users/${user.id}`, payload: { account: 'deptuser', name: 'Changed', deptId } }), 404);
      const after = expectOk(await admin.get(`${USERS}/detail?id=${user.id}`), userRecord);
      expect(after).toMatchObject({ name: 'Nick', deptId: rd, deptName: '研发部' });
    }
    expect(await count()).toBe(usersBefore);
  });

  it('updates through both families; roleIds replaces the roles when given', async () => {
    const role = await createRole('editors');
    const user = await createUser('to_edit', { roleIds: [role.id] });
    expect(user.roleIds).toEqual([role.id]);
    expect(user.roleName).toBe('Role editors');
    const edited = expectOk(await admin.post(`${USERS}/update`, { id: user.id, account: 'to_edit', name: '新昵称', mobile: '15912345678' }), userRecord);
    expect(edited).toMatchObject({ name: '新昵称', mobile: '15912345678', roleIds: [role.id] });
    const rest = expectOk(
      await admin.call({ method: 'PUT', url: `/api/users/${user.id}`, payload: { account: 'to_edit2', name: 'REST', roleIds: [] } }),
      userRecord,
    );
    expect(rest).toMatchObject({ account: 'to_edit2', name: 'REST', roleIds: [] });
    expectFailure(await admin.post(`${USERS}/update`, { id: 999999, account: 'ghost', name: 'x' }), 404, '用户不存在');
    expectFailure(await admin.post(`${USERS}/update`, { id: user.id, account: 'to_edit2', name: 'x', roleIds: [999999] }), 404, '角色不存在');
  });

  it('grants roles to several users at once, replacing what they held', async () => {
    const [r1, r2] = [await createRole('grant_a'), await createRole('grant_b')];
    const u1 = await createUser('grant_u1', { roleIds: [r1.id] });
    const u2 = await createUser('grant_u2');
    const granted = await admin.post(`${USERS}/grant`, { userIds: [u1.id, u2.id], roleIds: [r2.id] });
    expect(granted.json().data).toEqual({ users: 2 });
    for (const id of [u1.id, u2.id]) {
      expect(expectOk(await admin.get(`${USERS}/detail?id=${id}`), userRecord).roleIds).toEqual([r2.id]);
    }
    expectFailure(await admin.post(`${USERS}/grant`, { userIds: [], roleIds: [r1.id] }), 400, '请先选择用户');
    expectFailure(await admin.post(`${USERS}/grant`, { userIds: [u1.id], roleIds: ['1'] }), 400);
  });

  it("shows a user's roles and permission codes", async () => {
    const mine = expectOk(await admin.get(`/api/users/${adminId}/permission`), userPermission);
    expect(mine.roles.map((r) => r.roleAlias)).toEqual(['administrator']);
    expect(mine.permissions).toEqual(expect.arrayContaining(['user:view', 'user:add', 'role:view', 'dict:view']));
    const role = await createRole('no_menus');
    const plain = await createUser('perm_user', { roleIds: [role.id] });
    expect(expectOk(await admin.get(`/api/users/${plain.id}/permission`), userPermission)).toEqual({
      roles: [{ id: role.id, roleName: 'Role no_menus', roleAlias: 'no_menus' }],
      permissions: [],
    });
    expectFailure(await admin.get('/api/users/999999/permission'), 404, '用户不存在');
  });

  it('reads several users by id, in the order asked', async () => {
    const a = await createUser('multi_a');
    const b = await createUser('multi_b');
    const found = expectOk(await admin.get(`/api/users/multi/${b.id},999999,${a.id}`), z.array(userBrief));
    expect(found.map((u) => u.account)).toEqual(['multi_b', 'multi_a']);
    expectFailure(await admin.get('/api/users/multi/1,x'), 400, '编号列表格式不正确');
    expect(expectOk(await other.get(`/api/users/multi/${a.id}`), z.array(userBrief))).toEqual([]);
  });

  describe('enabled or disabled', () => {
    it('disables a user: the list shows it, their session stops and they cannot sign in', async () => {
      const user = await createUser('to_disable');
      const session = await signIn(server, TENANT, 'to_disable', 'Secret123');
      const theirs = as(server, session.access_token);
      expect((await theirs.get(`${USERS}/info`)).statusCode).toBe(200);
      const disabled = expectOk(await patch(admin, `/api/users/${user.id}/enabled`, { enabled: false }), userRecord);
      expect(disabled.status).toBe(0);
      const listed = expectOk(await admin.get(`${USERS}/page?account=to_disable`), page);
      expect(listed.records[0].status).toBe(0);
      expect((await theirs.get(`${USERS}/info`)).statusCode).toBe(401);
      const again = await tokenRequest(
        server,
        { grant_type: 'password', username: 'to_disable', password: secret('Secret123'), scope: 'all' },
        { 'tenant-id': TENANT },
      );
      expect(again.json().sys_msg).toBe('该用户已被禁用');
      expect(expectOk(await patch(admin, `/api/users/${user.id}/enabled`, { enabled: true }), userRecord).status).toBe(1);
      await signIn(server, TENANT, 'to_disable', 'Secret123');
    });
    it('refuses to disable yourself, and says so', async () => {
      expectFailure(await patch(admin, `/api/users/${adminId}/enabled`, { enabled: false }), 422, '不能停用当前登录的用户');
      expectFailure(await admin.post(`${USERS}/update`, { id: adminId, account: 'admin', name: '管理员', status: 0 }), 422, '不能停用当前登录的用户');
      expectFailure(await patch(admin, `/api/users/${adminId}/enabled`, { enabled: 'no' }), 400, '请指定启用或停用');
    });
  });

  it('lets an administrator set a password the user then signs in with', async () => {
    const user = await createUser('new_pw');
    expect((await patch(admin, `/api/users/${user.id}/password`, passwords('Changed456'))).statusCode).toBe(200);
    const session = await tokenRequest(
      server,
      { grant_type: 'password', username: 'new_pw', password: secret('Changed456'), scope: 'all' },
      { 'tenant-id': TENANT },
    );
    expect(session.json()).toMatchObject({ account: 'new_pw', must_change_password: true });
    expectFailure(
      await patch(admin, `/api/users/${user.id}/password`, { password: secret('Changed456'), password2: secret('x') }),
      400,
      '两次输入的密码不一致',
    );
  });

  describe('removal', () => {
    it('removes users (both families) and they are gone', async () => {
      const a = await createUser('gone_a');
      const b = await createUser('gone_b');
      const c = await createUser('gone_c');
      expect((await admin.post(`${USERS}/remove?ids=${a.id},${b.id}`)).json().data).toEqual({ removed: 2 });
      expect((await admin.call({ method: 'DELETE', url: `/api/users/${c.id}` })).json().data).toEqual({ removed: 1 });
      expect(expectOk(await admin.get(`${USERS}/page?account=gone_`), page).records).toEqual([]);
    });
    it('refuses to remove yourself; nothing is removed', async () => {
      const other = await createUser('rm_keep');
      expectFailure(await admin.post(`${USERS}/remove?ids=${other.id},${adminId}`), 422, '不能删除当前登录的用户');
      expect((await admin.get(`${USERS}/detail?id=${other.id}`)).statusCode).toBe(200);
      expectFailure(await admin.post(`${USERS}/remove?ids=999999`), 404, '用户不存在');
    });
    it('never leaves the tenant without an enabled administrator', async () => {
      const adminRole = expectOk(await admin.get(`/api/users/${adminId}/permission`), userPermission).roles[0].id;
      expectFailure(await admin.post(`${USERS}/grant`, { userIds: [adminId], roleIds: [] }), 422, /至少要保留一位启用的超级管理员/);
      expectFailure(await admin.post('/api/roles/users', { roleId: adminRole, userIds: [] }), 422, /至少要保留一位启用的超级管理员/);
      expect(expectOk(await admin.get(`/api/users/${adminId}/permission`), userPermission).roles).toHaveLength(1);
      // A second administrator may be taken away while the first remains.
      const second = await createUser('second_admin', { roleIds: [adminRole] });
      const deputy = as(server, (await signIn(server, TENANT, 'second_admin', 'Secret123')).access_token);
      // Each removes the other at the same moment: one of them must stay.
      const [one, two] = await Promise.all([admin.post(`${USERS}/remove?ids=${second.id}`), deputy.post(`${USERS}/remove?ids=${adminId}`)]);
      const statuses = [one.statusCode, two.statusCode];
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // Whichever stayed is the administrator of the tests that follow.
      if (two.statusCode === 200) {
        admin = deputy;
        adminId = second.id;
      }
      const remaining = await withTenant(server.database.db, TENANT, (tx) =>
        tx.execute(sql`select count(*)::int as n from macro_user_role ur join macro_user u on u.id = ur.user_id
          where ur.role_id = ${adminRole} and u.status = 1`),
      );
      expect((remaining as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    });
  });

  it('reads and updates platform data', async () => {
    const user = await createUser('platform_u');
    expect(expectOk(await admin.get(`${USERS}/platform-detail?id=${user.id}`), userPlatform)).toMatchObject({ userType: 1, userExt: '' });
    const updated = expectOk(await admin.post(`${USERS}/update-platform`, { id: user.id, userType: 3, userExt: '{"k":1}' }), userPlatform);
    expect(updated).toMatchObject({ userType: 3, userExt: '{"k":1}' });
    expectFailure(await admin.post(`${USERS}/update-platform`, { id: user.id, userType: 9, userExt: '' }), 400, '请选择用户平台');
  });

  it("never shows another tenant's users", async () => {
    const mine = await createUser('private_one', { name: 'PrivateMarker' });
    expect((await other.get(`${USERS}/page?size=500`)).body).not.toContain('PrivateMarker');
    expectFailure(await other.get(`${USERS}/detail?id=${mine.id}`), 404, '用户不存在');
    expectFailure(await patch(other, `/api/users/${mine.id}/enabled`, { enabled: false }), 404);
    expect(expectOk(await admin.get(`${USERS}/detail?id=${mine.id}`), userRecord).status).toBe(1);
  });
});
