import { param } from '@macro/contract/params';
import { withTenant } from '@macro/store';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk, OTHER_TENANT, TENANT } from '../../test/helper.ts';
import { paramAccessors, paramValue } from './service.ts';

const BASE = '/api/macro-system/param';

describeDb(`parameters (${dbLabel})`, () => {
  const cast = castOf('pm_clerk');

  const body = (extra: object = {}) => ({ paramName: '上传上限', paramKey: 'upload.maxMb', paramValue: '20', ...extra });
  const put = (client: Client, id: number, payload: object) => client.call({ method: 'PUT', url: `${BASE}/${id}`, payload });

  it('creates, reads, searches, updates and deletes a parameter', async () => {
    const created = expectOk(await cast.admin.post(BASE, body({ remark: '兆字节' })), param);
    expect(created).toMatchObject({ paramName: '上传上限', paramKey: 'upload.maxMb', paramValue: '20', remark: '兆字节' });
    expect((await cast.admin.get(`${BASE}?paramName=${encodeURIComponent('上传')}`)).json().data.records.map((r: { id: number }) => r.id)).toEqual([
      created.id,
    ]);
    expect((await cast.admin.get(`${BASE}?paramKey=MAXMB`)).json().data.total).toBe(1);
    const updated = expectOk(await put(cast.admin, created.id, body({ paramValue: '50' })), param);
    expect(updated.paramValue).toBe('50');
    expect(expectOk(await cast.admin.get(`${BASE}/${created.id}`), param).paramValue).toBe('50');
    expect((await cast.admin.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` })).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${BASE}/${created.id}`), 404, '参数不存在');
  });

  it('the cast.server reads parameters through a typed accessor, with a fallback', async () => {
    expectOk(await cast.admin.post(BASE, body({ paramKey: 'limit.n', paramValue: '42' })), param);
    expectOk(await cast.admin.post(BASE, body({ paramKey: 'flag.on', paramValue: 'true' })), param);
    expectOk(await cast.admin.post(BASE, body({ paramKey: 'bad.n', paramValue: 'many' })), param);
    const read = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(cast.server.database.db, TENANT, work);
    expect(await read((tx) => paramAccessors.number(tx, 'limit.n', 1))).toBe(42);
    expect(await read((tx) => paramAccessors.boolean(tx, 'flag.on', false))).toBe(true);
    expect(await read((tx) => paramAccessors.number(tx, 'bad.n', 7))).toBe(7);
    expect(await read((tx) => paramAccessors.text(tx, 'absent', 'x'))).toBe('x');
    expect(await read((tx) => paramValue(tx, 'limit.n', z.coerce.number().max(10), 10))).toBe(10);
    // Another tenant's configuration does not see them.
    expect(await withTenant(cast.server.database.db, OTHER_TENANT, (tx) => paramAccessors.number(tx, 'limit.n', 1))).toBe(1);
  });

  it('requires name, key and value with the messages of the spec; keys are unique per tenant', async () => {
    expectFailure(await cast.admin.post(BASE, body({ paramName: '' })), 400, '请输入参数名称');
    expectFailure(await cast.adminEn.post(BASE, body({ paramKey: undefined })), 400, 'Please enter the parameter key');
    expectFailure(await cast.adminJa.post(BASE, body({ paramValue: '  ' })), 400, 'パラメータ値を入力してください');
    expectFailure(await cast.admin.post(BASE, body({ paramValue: 5 })), 400, '请输入参数键值');
    expectFailure(await cast.admin.post(BASE, body({ paramKey: 'a b' })), 400, /参数键名只能包含/);
    expectFailure(await cast.admin.post(BASE, body({ paramName: 'x'.repeat(101) })), 400, /100/);
    expectFailure(await cast.admin.post(BASE, body({ paramName: 'a\u0000' })), 400);
    expectOk(await cast.admin.post(BASE, body({ paramKey: 'uniq' })), param);
    expectFailure(await cast.admin.post(BASE, body({ paramKey: 'uniq' })), 409, '参数键名「uniq」已存在');
    expectOk(await cast.other.post(BASE, body({ paramKey: 'uniq' })), param);
  });

  it('guards every call with its code and keeps tenants apart', async () => {
    const created = expectOk(await cast.admin.post(BASE, body({ paramKey: 'guarded', paramName: 'ParamMarker' })), param);
    expectFailure(await cast.clerk.get(BASE), 403, /param:view/);
    expectFailure(await cast.clerk.post(BASE, body()), 403, /param:add/);
    expectFailure(await put(cast.clerk, created.id, body()), 403, /param:edit/);
    expectFailure(await cast.clerk.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` }), 403, /param:delete/);
    expectFailure(await cast.other.get(`${BASE}/${created.id}`), 404);
    expect((await cast.other.get(BASE)).body).not.toContain('ParamMarker');
    expectFailure(await put(cast.other, created.id, body({ paramKey: 'x' })), 404);
    expectFailure(await cast.other.call({ method: 'DELETE', url: `${BASE}?ids=${created.id}` }), 404);
    expectFailure(await cast.admin.get(`${BASE}/abc`), 400);
  });
});
