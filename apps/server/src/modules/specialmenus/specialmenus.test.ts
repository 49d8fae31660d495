import { specialMenu } from '@macro/contract/specialmenus';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, OTHER_TENANT, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { createUser } from '../users/service.ts';

const BASE = '/api/macro-flow/special-menu';

describeDb(`special menus (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminJa: Client;
  let other: Client;
  let clerk: Client;
  beforeAll(async () => {
    server = await startServer();
    const token = (await signIn(server)).access_token;
    admin = as(server, token);
    adminEn = as(server, token, 'en');
    adminJa = as(server, token, 'ja');
    other = as(server, (await signIn(server, OTHER_TENANT)).access_token);
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'sm_clerk', name: 'Clerk', password: 'Clerk@123456' }));
    clerk = as(server, (await signIn(server, TENANT, 'sm_clerk', 'Clerk@123456')).access_token);
  });
  afterAll(() => server.close());

  const body = (extra: object = {}) => ({ menuName: '请假申请', menuCode: 'leave-apply', templateKey: 'leave', ...extra });

  it('creates, reads, searches, updates and deletes a special menu; any user reads the launch list', async () => {
    const created = expectOk(await admin.post(BASE, body({ sort: 3 })), specialMenu);
    expect(created).toMatchObject({ menuName: '请假申请', menuCode: 'leave-apply', templateKey: 'leave', sort: 3, icon: '' });
    expect((await admin.get(`${BASE}?menuName=${encodeURIComponent('请假')}`)).json().data.records.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(expectOk(await clerk.get(`${BASE}/all`), z.array(specialMenu)).map((m) => m.id)).toContain(created.id);
    const updated = expectOk(await admin.call({ method: 'PUT', url: `${BASE}/${created.id}`, payload: body({ menuName: '请假', templateKey: 'leave-v2' }) }), specialMenu);
    expect(updated).toMatchObject({ menuName: '请假', templateKey: 'leave-v2' });
    expect(expectOk(await admin.get(`${BASE}/${created.id}`), specialMenu).menuName).toBe('请假');
    expect((await admin.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`${BASE}/${created.id}`), 404, '特殊菜单不存在');
  });

  it('requires name, code and one template with the messages of the spec; codes are unique per tenant', async () => {
    expectFailure(await admin.post(BASE, body({ menuName: '' })), 400, '请输入菜单名称');
    expectFailure(await adminEn.post(BASE, body({ menuCode: undefined })), 400, 'Please enter the menu code');
    expectFailure(await adminJa.post(BASE, body({ templateKey: '  ' })), 400, 'ワークフローテンプレートを1つ選択してください');
    expectFailure(await admin.post(BASE, body({ templateKey: ['a', 'b'] })), 400, '请选择一个流程模板');
    expectFailure(await admin.post(BASE, body({ menuCode: 'a b' })), 400, /菜单编号只能包含/);
    expectFailure(await admin.post(BASE, body({ menuName: 'a\u0000' })), 400);
    expectFailure(await admin.post(BASE, body({ sort: 2 ** 40 })), 400);
    expectFailure(await admin.post(BASE, body({ sort: '1' })), 400);
    expectOk(await admin.post(BASE, body({ menuCode: 'uniq' })), specialMenu);
    expectFailure(await admin.post(BASE, body({ menuCode: 'uniq' })), 409, '菜单编号「uniq」已存在');
    expectOk(await other.post(BASE, body({ menuCode: 'uniq' })), specialMenu);
  });

  it('guards every call with its code and keeps tenants apart', async () => {
    const created = expectOk(await admin.post(BASE, body({ menuCode: 'guarded' })), specialMenu);
    expectFailure(await clerk.get(BASE), 403, /specialmenu:view/);
    expectFailure(await clerk.post(BASE, body()), 403, /specialmenu:add/);
    expectFailure(await clerk.call({ method: 'PUT', url: `${BASE}/${created.id}`, payload: body() }), 403, /specialmenu:edit/);
    expectFailure(await clerk.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` }), 403, /specialmenu:delete/);
    expectFailure(await other.get(`${BASE}/${created.id}`), 404);
    expect((await other.get(`${BASE}/all`)).json().data.map((m: { id: number }) => m.id)).not.toContain(created.id);
    expectFailure(await other.call({ method: 'PUT', url: `${BASE}/${created.id}`, payload: body({ menuCode: 'x' }) }), 404);
    expectFailure(await other.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` }), 404);
    expectFailure(await admin.get(`${BASE}/abc`), 400);
    expectFailure(await admin.call({ method: 'DELETE', url: `${BASE}?ids=1,x` }), 400);
  });
});
