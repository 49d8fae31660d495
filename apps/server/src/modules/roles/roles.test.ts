import { pageOf } from '@macro/contract';
import { type RoleNode, type RoleTreeNode, rolePermission, roleRecord } from '@macro/contract/roles';
import { userBrief } from '@macro/contract/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  OTHER_TENANT,
  signedInServer,
  type TestServer,
} from '../../test/helper.ts';

const ROLE = '/api/macro-system/role';

const titles = (nodes: readonly RoleTreeNode[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.title]: titles(n.children) } : n.title));
const names = (nodes: readonly RoleNode[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.roleName]: names(n.children) } : n.roleName));

describeDb(`roles (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;

  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  async function role(roleAlias: string, extra: Record<string, unknown> = {}) {
    return expectOk(await admin.post(`${ROLE}/submit`, { roleName: roleAlias, roleAlias, ...extra }), roleRecord);
  }
  async function user(account: string, roleIds: number[] = []) {
    const secret = encryptPassword(server.publicKey, 'Secret123');
    const response = await admin.post('/api/macro-user/submit', { account, name: account, password: secret, password2: secret, roleIds });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number };
  }

  it('starts every tenant with the administrator role, which grants every menu and button', async () => {
    const all = expectOk(await admin.get('/api/roles'), z.array(roleRecord));
    const administrator = all.find((r) => r.roleAlias === 'administrator')!;
    expect(administrator).toMatchObject({ roleName: '超级管理员', userCount: 1 });
    const granted = expectOk(await admin.get(`/api/roles/${administrator.id}/permission`), rolePermission);
    expect(granted.permissions).toEqual(expect.arrayContaining(['role:view', 'role:add', 'role:users', 'user:grant', 'user:status']));
  });

  it('builds the role tree; a search keeps matches under their nearest matching ancestor', async () => {
    const top = await role('tree_top', { roleName: '总部', sort: 1 });
    const mid = await role('tree_mid', { roleName: '财务', parentId: top.id });
    await role('tree_leaf', { roleName: '出纳', parentId: mid.id });
    expect(expectOk(await admin.get(`/api/roles/${mid.id}`), roleRecord)).toMatchObject({ parentName: '总部', userCount: 0 });
    const list = expectOk(await admin.get(`${ROLE}/list?roleAlias=tree_`), z.array(z.custom<RoleNode>()));
    expect(names(list)).toEqual([{ 总部: [{ 财务: ['出纳'] }] }]);
    const leafOnly = expectOk(await admin.get(`${ROLE}/list?roleName=出纳`), z.array(z.custom<RoleNode>()));
    expect(names(leafOnly)).toEqual(['出纳']);
    const tree = expectOk(await admin.get(`${ROLE}/tree`), z.array(z.custom<RoleTreeNode>()));
    expect(titles(tree)).toContainEqual({ 总部: [{ 财务: ['出纳'] }] });
    // Moving "总部" may go anywhere but under itself or its descendants.
    const targets = expectOk(await admin.get(`${ROLE}/tree-by-id?roleId=${top.id}`), z.array(z.custom<RoleTreeNode>()));
    expect(JSON.stringify(titles(targets))).not.toMatch(/总部|财务|出纳/);
    expect(titles(targets)).toContain('超级管理员');
    expect(expectOk(await admin.get(`${ROLE}/tree?tenantId=${OTHER_TENANT}`), z.array(z.unknown()))).toEqual([]);
  });

  it('refuses a cycle in the role tree and a missing parent', async () => {
    const a = await role('cycle_a');
    const b = await role('cycle_b', { parentId: a.id });
    const c = await role('cycle_c', { parentId: b.id });
    const body = { id: a.id, roleName: 'cycle_a', roleAlias: 'cycle_a' };
    expectFailure(await admin.post(`${ROLE}/submit`, { ...body, parentId: c.id }), 422, '上级角色不能是它自己或它的下级角色');
    expectFailure(await adminEn.post(`${ROLE}/submit`, { ...body, parentId: a.id }), 422, 'A role cannot sit under itself or one of its own sub-roles');
    expectFailure(await admin.call({ method: 'PUT', url: `/api/roles/${b.id}`, payload: { roleName: 'b', roleAlias: 'cycle_b', parentId: c.id } }), 422);
    expectFailure(await admin.post(`${ROLE}/submit`, { roleName: 'x', roleAlias: 'orphan', parentId: 999999 }), 422, '上级角色不存在');
    expect(expectOk(await admin.get(`/api/roles/${a.id}`), roleRecord).parentId).toBe(0);
  });

  it('keeps one of two concurrent moves that together would make a cycle', async () => {
    const x = await role('race_x');
    const y = await role('race_y');
    const [one, two] = await Promise.all([
      admin.post(`${ROLE}/submit`, { id: x.id, roleName: 'race_x', roleAlias: 'race_x', parentId: y.id }),
      admin.post(`${ROLE}/submit`, { id: y.id, roleName: 'race_y', roleAlias: 'race_y', parentId: x.id }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 422]);
  });

  it('keeps aliases unique in the tenant, with a clear 409; another tenant may use the same alias', async () => {
    await role('auditor');
    expectFailure(await admin.post(`${ROLE}/submit`, { roleName: 'again', roleAlias: 'auditor' }), 409, '角色别名「auditor」已存在');
    expectFailure(await adminEn.post('/api/roles', { roleName: 'again', roleAlias: 'auditor' }), 409, 'The role alias "auditor" already exists');
    expect((await other.post(`${ROLE}/submit`, { roleName: 'theirs', roleAlias: 'auditor' })).statusCode).toBe(200);
    expectFailure(await admin.post(`${ROLE}/submit`, { roleName: '', roleAlias: 'x' }), 400, '请输入角色名称');
    expectFailure(await admin.post(`${ROLE}/submit`, { roleName: 'x' }), 400, '请输入角色别名');
    expectFailure(await admin.post(`${ROLE}/submit`, { roleName: 'x', roleAlias: '别名' }), 400, /字母、数字或下划线/);
  });

  it('pages, creates, updates and deletes through the REST family', async () => {
    const created = expectOk(await admin.post('/api/roles', { roleName: 'REST role', roleAlias: 'rest_role', sort: 5, remark: 'r' }), roleRecord);
    const updated = expectOk(
      await admin.call({ method: 'PUT', url: `/api/roles/${created.id}`, payload: { roleName: 'REST renamed', roleAlias: 'rest_role', sort: 6 } }),
      roleRecord,
    );
    expect(updated).toMatchObject({ roleName: 'REST renamed', sort: 6, remark: '' });
    const found = expectOk(await admin.get('/api/roles/page?roleName=renamed'), pageOf(roleRecord));
    expect(found.records.map((r) => r.id)).toEqual([created.id]);
    expect((await admin.call({ method: 'DELETE', url: `/api/roles/${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`/api/roles/${created.id}`), 404, '角色不存在');
  });

  it('refuses to remove a role users hold, one with sub-roles, or the administrator role; the rows stay', async () => {
    const held = await role('held', { roleName: '在用角色' });
    await user('holder', [held.id]);
    expectFailure(await admin.post(`${ROLE}/remove?ids=${held.id}`), 422, '角色「在用角色」下还有 1 位用户，请先移除这些用户');
    const parent = await role('parent_role', { roleName: '上级' });
    const child = await role('child_role', { parentId: parent.id });
    expectFailure(await admin.call({ method: 'DELETE', url: `/api/roles/${parent.id}` }), 422, '角色「上级」还有下级角色，请先删除下级角色');
    const administrator = expectOk(await admin.get('/api/roles'), z.array(roleRecord)).find((r) => r.roleAlias === 'administrator')!;
    expectFailure(await admin.post(`${ROLE}/remove?ids=${administrator.id}`), 422, '超级管理员角色不能删除，其别名也不能修改');
    expectFailure(
      await admin.post(`${ROLE}/submit`, { id: administrator.id, roleName: 'Boss', roleAlias: 'boss' }),
      422,
      '超级管理员角色不能删除，其别名也不能修改',
    );
    for (const id of [held.id, parent.id, administrator.id]) expect((await admin.get(`/api/roles/${id}`)).statusCode).toBe(200);
    // A parent goes together with its sub-roles.
    expect((await admin.post(`${ROLE}/remove?ids=${child.id},${parent.id}`)).json().data).toEqual({ removed: 2 });
  });

  it('chooses the users of a role and lists them', async () => {
    const team = await role('team');
    const u1 = await user('member_b');
    const u2 = await user('member_a');
    expect((await admin.post('/api/roles/users', { roleId: team.id, userIds: [u1.id, u2.id] })).json().data).toEqual({ users: 2 });
    const members = expectOk(await admin.get(`/api/roles/${team.id}/users`), z.array(userBrief));
    expect(members.map((m) => m.account)).toEqual(['member_a', 'member_b']);
    expect(expectOk(await admin.get(`/api/roles/${team.id}`), roleRecord).userCount).toBe(2);
    await admin.post('/api/roles/users', { roleId: team.id, userIds: [u2.id] });
    expect(expectOk(await admin.get(`/api/roles/${team.id}/users`), z.array(userBrief)).map((m) => m.account)).toEqual(['member_a']);
    expectFailure(await admin.post('/api/roles/users', { roleId: 999999, userIds: [] }), 404, '角色不存在');
    expectFailure(await admin.post('/api/roles/users', { roleId: team.id, userIds: [999999] }), 404, '用户不存在');
    expectFailure(await admin.get('/api/roles/999999/users'), 404, '角色不存在');
    expect(expectOk(await admin.get(`/api/roles/${team.id}/permission`), rolePermission)).toEqual({ permissions: [] });
  });

  it("never shows or changes another tenant's roles", async () => {
    const mine = await role('secret_role', { roleName: 'SecretRoleMarker' });
    expect((await other.get(`${ROLE}/list`)).body).not.toContain('SecretRoleMarker');
    expectFailure(await other.get(`/api/roles/${mine.id}`), 404);
    expectFailure(await other.post(`${ROLE}/remove?ids=${mine.id}`), 404);
    expectFailure(await other.post(`${ROLE}/submit`, { roleName: 'x', roleAlias: 'x', parentId: mine.id }), 422, '上级角色不存在');
    expect((await admin.get(`/api/roles/${mine.id}`)).statusCode).toBe(200);
  });
});
