import { specialMenu } from '@macro/contract/specialmenus';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const BASE = '/api/macro-flow/special-menu';

describeDb(`special menus (${dbLabel})`, () => {
  const cast = castOf('sm_clerk');

  const body = (extra: object = {}) => ({ menuName: '请假申请', menuCode: 'leave-apply', templateKey: 'leave', ...extra });

  it('creates, reads, searches, updates and deletes a special menu; any user reads the launch list', async () => {
    const created = expectOk(await cast.admin.post(BASE, body({ sort: 3 })), specialMenu);
    expect(created).toMatchObject({ menuName: '请假申请', menuCode: 'leave-apply', templateKey: 'leave', sort: 3, icon: '' });
    expect((await cast.admin.get(`${BASE}?menuName=${encodeURIComponent('请假')}`)).json().data.records.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(expectOk(await cast.clerk.get(`${BASE}/all`), z.array(specialMenu)).map((m) => m.id)).toContain(created.id);
    const updated = expectOk(
      await cast.admin.call({ method: 'PUT', url: `${BASE}/${created.id}`, payload: body({ menuName: '请假', templateKey: 'leave-v2' }) }),
      specialMenu,
    );
    expect(updated).toMatchObject({ menuName: '请假', templateKey: 'leave-v2' });
    expect(expectOk(await cast.admin.get(`${BASE}/${created.id}`), specialMenu).menuName).toBe('请假');
    expect((await cast.admin.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${BASE}/${created.id}`), 404, '特殊菜单不存在');
  });

  it('requires name, code and one template with the messages of the spec; codes are unique per tenant', async () => {
    expectFailure(await cast.admin.post(BASE, body({ menuName: '' })), 400, '请输入菜单名称');
    expectFailure(await cast.adminEn.post(BASE, body({ menuCode: undefined })), 400, 'Please enter the menu code');
    expectFailure(await cast.adminJa.post(BASE, body({ templateKey: '  ' })), 400, 'ワークフローテンプレートを1つ選択してください');
    expectFailure(await cast.admin.post(BASE, body({ templateKey: ['a', 'b'] })), 400, '请选择一个流程模板');
    expectFailure(await cast.admin.post(BASE, body({ menuCode: 'a b' })), 400, /菜单编号只能包含/);
    expectFailure(await cast.admin.post(BASE, body({ menuName: 'a\u0000' })), 400);
    expectFailure(await cast.admin.post(BASE, body({ sort: 2 ** 40 })), 400);
    expectFailure(await cast.admin.post(BASE, body({ sort: '1' })), 400);
    expectOk(await cast.admin.post(BASE, body({ menuCode: 'uniq' })), specialMenu);
    expectFailure(await cast.admin.post(BASE, body({ menuCode: 'uniq' })), 409, '菜单编号「uniq」已存在');
    expectOk(await cast.other.post(BASE, body({ menuCode: 'uniq' })), specialMenu);
  });

  it('guards every call with its code and keeps tenants apart', async () => {
    const created = expectOk(await cast.admin.post(BASE, body({ menuCode: 'guarded' })), specialMenu);
    expectFailure(await cast.clerk.get(BASE), 403, /specialmenu:view/);
    expectFailure(await cast.clerk.post(BASE, body()), 403, /specialmenu:add/);
    expectFailure(await cast.clerk.call({ method: 'PUT', url: `${BASE}/${created.id}`, payload: body() }), 403, /specialmenu:edit/);
    expectFailure(await cast.clerk.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` }), 403, /specialmenu:delete/);
    expectFailure(await cast.other.get(`${BASE}/${created.id}`), 404);
    expect((await cast.other.get(`${BASE}/all`)).json().data.map((m: { id: number }) => m.id)).not.toContain(created.id);
    expectFailure(await cast.other.call({ method: 'PUT', url: `${BASE}/${created.id}`, payload: body({ menuCode: 'x' }) }), 404);
    expectFailure(await cast.other.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` }), 404);
    expectFailure(await cast.admin.get(`${BASE}/abc`), 400);
    expectFailure(await cast.admin.call({ method: 'DELETE', url: `${BASE}?ids=1,x` }), 400);
  });
});
