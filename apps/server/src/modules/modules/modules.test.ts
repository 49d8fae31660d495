import { moduleRecord, subsystem } from '@macro/contract/modules';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, signIn, TENANT, type TestServer } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

describeDb(`modules and subsystems (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  let clerk: Client;
  let clerkToken: string;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'mod_clerk', name: 'Clerk', password: 'Clerk@123456' }));
    clerkToken = (await signIn(server, TENANT, 'mod_clerk', 'Clerk@123456')).access_token;
    clerk = as(server, clerkToken);
  });
  afterAll(() => server.close());

  const put = (client: Client, url: string, payload: object) => client.call({ method: 'PUT', url, payload });
  const del = (client: Client, url: string) => client.call({ method: 'DELETE', url });
  const body = (extra: object = {}) => ({
    name: '合同管理',
    code: 'contract:view',
    path: '/contract/list',
    buttons: [
      { code: 'contract:add', name: '新增' },
      { code: 'contract:approve', name: '审批' },
    ],
    forms: [{ field: 'title', label: '合同标题' }],
    columns: [
      { field: 'title', label: '标题' },
      { field: 'amount', label: '金额' },
    ],
    ...extra,
  });

  it('a module is a menu whose buttons are the permission codes roles grant', async () => {
    const system = expectOk(await admin.post('/api/subsystem', { code: 'oa', name: '协同办公' }), subsystem);
    const created = expectOk(await admin.post('/api/modules', body({ subsystemId: system.id })), moduleRecord);
    expect(created.buttons.map((b) => b.code)).toEqual(['contract:add', 'contract:approve']);
    expect(created).toMatchObject({ name: '合同管理', subsystemId: system.id, forms: [{ field: 'title', label: '合同标题' }] });
    // The same rows the menu screen shows.
    const menu = (await admin.get(`/api/macro-system/menu/detail?id=${created.id}`)).json().data;
    expect(menu).toMatchObject({ code: 'contract:view', category: 1, path: '/contract/list' });
    const approve = created.buttons[1];
    expect((await admin.get(`/api/macro-system/menu/detail?id=${approve.id}`)).json().data).toMatchObject({ category: 2, parentId: created.id });
    // The administrator holds the new codes at once.
    expect((await admin.get('/api/macro-system/api-scope/user-permission-list')).json().data).toEqual(
      expect.arrayContaining(['contract:add', 'contract:approve']),
    );
    expect(expectOk(await admin.get(`/api/modules/buttons/${created.id}`), z.array(z.object({ code: z.string() }))).map((b) => b.code)).toEqual([
      'contract:add',
      'contract:approve',
    ]);
    expect((await admin.get(`/api/modules/fomrs/${created.id}`)).json().data).toEqual([{ field: 'title', label: '合同标题' }]);
    expect((await admin.get(`/api/modules/forms/${created.id}`)).json().data).toEqual([{ field: 'title', label: '合同标题' }]);
    expect((await admin.get(`/api/modules/columns/${created.id}`)).json().data.map((c: { field: string }) => c.field)).toEqual(['title', 'amount']);
    expect(expectOk(await admin.get(`/api/modules/${system.id}/system`), z.array(moduleRecord)).map((m) => m.id)).toEqual([created.id]);
    expect(expectOk(await admin.get('/api/modules/all'), z.array(moduleRecord)).map((m) => m.code)).toContain('contract:view');
    expect(expectOk(await admin.get(`/api/modules?name=${encodeURIComponent('合同')}`), z.array(moduleRecord)).map((m) => m.id)).toEqual([created.id]);
    expect((await admin.get('/api/subsystem')).json().data.find((s: { id: number }) => s.id === system.id).modules).toBe(1);
    // A path is free for the module that has it, taken for any other.
    expect((await admin.get('/api/modules/contract:view/validate-url?url=/contract/list')).json().data).toEqual({ valid: true, usedBy: '' });
    expect((await admin.get('/api/modules/other/validate-url?url=/contract/list')).json().data).toEqual({ valid: false, usedBy: '合同管理' });

    // A role granted the module's button holds its code.
    const role = (await admin.post('/api/macro-system/role/submit', { roleName: '合同审批', roleAlias: 'contract_approver', sort: 1 })).json().data;
    expect(role?.id, 'role created').toBeTruthy();
    const granted = await admin.post('/api/macro-system/role/grant', { roleIds: [role.id], menuIds: [created.id, approve.id] });
    expect(granted.statusCode, granted.body).toBe(200);
    const clerkInfo = (await admin.get('/api/macro-user/page?account=mod_clerk')).json().data.records[0];
    const roleGrant = await admin.post('/api/macro-user/grant', { userIds: [clerkInfo.id], roleIds: [role.id] });
    expect(roleGrant.statusCode, roleGrant.body).toBe(200);
    const relogged = as(server, (await signIn(server, TENANT, 'mod_clerk', 'Clerk@123456')).access_token);
    const codes = (await relogged.get('/api/macro-system/api-scope/user-permission-list')).json().data;
    expect(codes).toContain('contract:approve');
    expect(codes).not.toContain('contract:add');

    // Buttons are matched by code on update: one renamed, one removed (its grants go), one added.
    const updated = expectOk(
      await put(
        admin,
        `/api/modules/${created.id}`,
        body({
          subsystemId: system.id,
          buttons: [
            { code: 'contract:add', name: '新建' },
            { code: 'contract:export', name: '导出' },
          ],
        }),
      ),
      moduleRecord,
    );
    expect(updated.buttons.map((b) => [b.code, b.name])).toEqual([
      ['contract:add', '新建'],
      ['contract:export', '导出'],
    ]);
    expect((await relogged.get('/api/macro-system/api-scope/user-permission-list')).json().data).not.toContain('contract:approve');
    expectFailure(await del(admin, `/api/subsystem/${system.id}`), 422, '子系统「协同办公」下还有模块，请先移走模块');
    expect((await del(admin, `/api/modules/${created.id}`)).json().data.removed).toBe(3);
    expectFailure(await admin.get(`/api/modules/${created.id}`), 404, '模块不存在');
    expect((await del(admin, `/api/subsystem/${system.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`/api/subsystem/${system.id}`), 404, '子系统不存在');
  });

  it('reads and changes a subsystem and a module by id; codes stay unique on update', async () => {
    const first = expectOk(await admin.post('/api/subsystem', { code: 'crm', name: '客户关系', sort: 2 }), subsystem);
    expectOk(await admin.post('/api/subsystem', { code: 'hr', name: '人事' }), subsystem);
    const renamed = expectOk(
      await put(admin, `/api/subsystem/${first.id}`, { code: 'crm', name: '客户管理', icon: 'TeamOutlined', sort: 3, remark: '销售用' }),
      subsystem,
    );
    expect(renamed).toMatchObject({ id: first.id, name: '客户管理', icon: 'TeamOutlined', sort: 3, remark: '销售用', modules: 0 });
    expect(expectOk(await admin.get(`/api/subsystem/${first.id}`), subsystem)).toEqual(renamed);
    expectFailure(await put(admin, `/api/subsystem/${first.id}`, { code: 'hr', name: '客户管理' }), 409, '子系统编号「hr」已存在');
    expectFailure(await put(adminEn, `/api/subsystem/${first.id}`, { code: 'crm', name: '' }), 400, 'Please enter the subsystem name');
    expectFailure(await put(admin, '/api/subsystem/999999', { code: 'x', name: 'x' }), 404, '子系统不存在');
    expectFailure(await put(clerk, `/api/subsystem/${first.id}`, { code: 'crm', name: 'x' }), 403, /menu:edit/);
    expect(expectOk(await admin.get(`/api/subsystem/${first.id}`), subsystem).name).toBe('客户管理');

    const created = expectOk(
      await admin.post('/api/modules', body({ code: 'lead:view', path: '/crm/leads', subsystemId: first.id, buttons: [] })),
      moduleRecord,
    );
    expect(expectOk(await admin.get(`/api/modules/${created.id}`), moduleRecord)).toMatchObject({
      code: 'lead:view',
      subsystemId: first.id,
      columns: [{ field: 'title' }, { field: 'amount' }],
    });
    expect((await del(admin, `/api/modules/${created.id}`)).json().data.removed).toBe(1);
  });

  it('refuses bad input field by field, in the request language', async () => {
    expectFailure(await admin.post('/api/modules', body({ name: '' })), 400, '请输入模块名称');
    expectFailure(await adminEn.post('/api/modules', body({ code: undefined })), 400, 'Please enter the module code');
    expectFailure(await admin.post('/api/modules', body({ code: 'a b' })), 400, /编号只能包含/);
    expectFailure(await admin.post('/api/modules', body({ buttons: [{ name: 'x' }] })), 400, '请输入按钮编号');
    expectFailure(await admin.post('/api/modules', body({ buttons: [{ code: 'x:y' }] })), 400, '请输入按钮名称');
    expectFailure(await admin.post('/api/modules', body({ forms: [{ label: 'x' }] })), 400, '请输入字段编号');
    expectFailure(await admin.post('/api/modules', body({ columns: [{ field: 'x' }] })), 400, '请输入字段名称');
    expectFailure(await admin.post('/api/modules', body({ buttons: 'x' })), 400);
    expectFailure(await admin.post('/api/modules', body({ subsystemId: 99999 })), 404, '子系统不存在');
    expectFailure(
      await admin.post(
        '/api/modules',
        body({
          code: 'dup:view',
          buttons: [
            { code: 'dup:a', name: 'a' },
            { code: 'dup:a', name: 'b' },
          ],
        }),
      ),
      422,
      '按钮编号「dup:a」重复',
    );
    // Codes are unique across all menus: a button may not take an existing code.
    expectFailure(await admin.post('/api/modules', body({ code: 'x:view', buttons: [{ code: 'dict:add', name: 'x' }] })), 409, /dict:add/);
    expectFailure(await admin.get('/api/modules/x/validate-url'), 400, '请输入地址');
    expectFailure(await admin.post('/api/subsystem', { name: 'x' }), 400, '请输入子系统编号');
    expectFailure(await adminEn.post('/api/subsystem', { code: 'x' }), 400, 'Please enter the subsystem name');
    expectOk(await admin.post('/api/subsystem', { code: 'same', name: 'x' }), subsystem);
    expectFailure(await admin.post('/api/subsystem', { code: 'same', name: 'y' }), 409, '子系统编号「same」已存在');
    expectFailure(await admin.get('/api/modules/abc'), 400);
  });

  it('guards every call with the menu codes; only the platform tenant changes modules', async () => {
    expectFailure(await clerk.get('/api/modules'), 403, /menu:view/);
    expectFailure(await clerk.get('/api/subsystem'), 403, /menu:view/);
    expectFailure(await clerk.post('/api/modules', body()), 403, /menu:add/);
    expectFailure(await put(clerk, '/api/modules/1', body()), 403, /menu:edit/);
    expectFailure(await del(clerk, '/api/subsystem/1'), 403, /menu:delete/);
    expectFailure(await other.get('/api/modules'), 403);
    expectFailure(await other.post('/api/modules', body({ code: 'other:view', buttons: [] })), 403);
    expectFailure(await other.post('/api/subsystem', { code: 'theirs', name: 'x' }), 403);
  });
});
