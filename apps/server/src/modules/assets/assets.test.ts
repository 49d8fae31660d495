import { asset } from '@macro/contract/assets';
import { pageOf } from '@macro/contract';
import { withTenant } from '@macro/store';
import { expect, it } from 'vitest';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk, TENANT } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const BASE = '/api/macro-labor/assets';
const page = pageOf(asset);

describeDb(`assets (${dbLabel})`, () => {
  const cast = castOf('as_clerk');
  const body = (extra: object = {}) => ({ assetCode: 'PC-001', assetName: '笔记本电脑', quantity: 3, unitPrice: 12.34, ...extra });
  const list = async (client: Client, query = '') => expectOk(await client.get(`${BASE}/list?size=100${query}`), page).records;

  it('saves a draft, changes it, submits it; a submitted asset is read-only and kept', async () => {
    const custodian = await withTenant(cast.server.database.db, TENANT, (tx) =>
      createUser(tx, { account: 'as_keeper', name: '保管员', password: 'Keeper@123456' }),
    );
    const draft = expectOk(
      await cast.admin.post(`${BASE}/save`, body({ category: '电子设备', purchaseDate: '2026-03-01', custodianId: custodian, location: '三楼' })),
      asset,
    );
    expect(draft).toMatchObject({ status: 'draft', amount: 37.02, unitPrice: 12.34, purchaseDate: '2026-03-01', custodianName: '保管员', submitTime: null });
    const second = expectOk(await cast.admin.post(`${BASE}/save`, body({ assetCode: 'PC-002', assetName: '显示器', unitPrice: 0 })), asset);
    // Newest first, searchable by code and name, filtered by status.
    expect((await list(cast.admin)).map((a) => a.id).slice(0, 2)).toEqual([second.id, draft.id]);
    expect((await list(cast.admin, '&assetCode=pc-00')).length).toBe(2);
    expect((await list(cast.admin, `&assetName=${encodeURIComponent('显示')}`)).map((a) => a.id)).toEqual([second.id]);

    const changed = expectOk(await cast.admin.post(`${BASE}/save`, { ...body({ quantity: 4 }), id: draft.id }), asset);
    expect(changed).toMatchObject({ quantity: 4, amount: 49.36, status: 'draft', custodianId: null });
    const submitted = expectOk(await cast.admin.post(`${BASE}/submit`, { ...body({ quantity: 5 }), id: draft.id }), asset);
    expect(submitted.status).toBe('submitted');
    expect(submitted.quantity).toBe(5);
    expect(submitted.submitTime).not.toBeNull();
    expect((await list(cast.admin, '&status=submitted')).map((a) => a.id)).toEqual([draft.id]);

    // From now on it stays as submitted.
    expectFailure(await cast.admin.post(`${BASE}/save`, { ...body({ quantity: 9 }), id: draft.id }), 409, '资产「笔记本电脑」已提交，不能再修改或删除');
    expectFailure(await cast.admin.post(`${BASE}/submit`, { ...body(), id: draft.id }), 409, /已提交/);
    expectFailure(await cast.adminEn.post(`${BASE}/remove?ids=${second.id},${draft.id}`), 409, /The asset “笔记本电脑” has been submitted/);
    expect(expectOk(await cast.admin.get(`${BASE}/detail?id=${draft.id}`), asset).quantity).toBe(5);
    // The refused removal took nothing; a draft alone goes.
    expect(expectOk(await cast.admin.get(`${BASE}/detail?id=${second.id}`), asset).id).toBe(second.id);
    expect((await cast.admin.post(`${BASE}/remove?ids=${second.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${BASE}/detail?id=${second.id}`), 404, '资产不存在');
    // Submitting a new asset in one step.
    expect(expectOk(await cast.admin.post(`${BASE}/submit`, body({ assetCode: 'DESK-1', assetName: '办公桌' })), asset).status).toBe('submitted');
  });

  it('says which field is wrong, in the request language, and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ assetCode: '' }, '请输入资产编号'],
      [{ assetCode: 'PC 1' }, '资产编号只能包含字母、数字、.、- 和 _'],
      [{ assetName: '  ' }, '请输入资产名称'],
      [{ quantity: 0 }, '数量须为 1 到 1000000 之间的整数'],
      [{ quantity: 1.5 }, '数量须为'],
      [{ quantity: 1e12 }, '数量须为'],
      [{ quantity: '3' }, '数量须为'],
      [{ unitPrice: 12.345 }, '单价须为'],
      [{ unitPrice: -1 }, '单价须为'],
      [{ unitPrice: 1e15 }, '单价须为'],
      [{ purchaseDate: '2026-02-30' }, '请输入有效的购置日期'],
      [{ purchaseDate: 'yesterday' }, '请输入有效的购置日期'],
      [{ assetName: 'a\u0000b' }, ''],
      [{ deptId: 99_999_999_999 }, ''],
      [{ id: 'x' }, ''],
    ];
    for (const [change, message] of cases) {
      const response = await cast.admin.post(`${BASE}/save`, body({ assetCode: 'BAD-1', ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      if (message) expect(response.json().error_description, JSON.stringify(change)).toContain(message);
      expect(response.body).not.toMatch(/select|insert|stack|at \w+ \(/i);
    }
    expectFailure(await cast.adminEn.post(`${BASE}/save`, body({ assetCode: '' })), 400, 'Enter the asset code');
    expectFailure(await cast.adminJa.post(`${BASE}/save`, body({ quantity: 0 })), 400, '数量は 1 から 1000000 までの整数にしてください');
    // References must exist in the tenant.
    expectFailure(await cast.admin.post(`${BASE}/save`, body({ assetCode: 'BAD-1', deptId: 2_000_000_000 })), 422, '所选部门不存在');
    expectFailure(await cast.admin.post(`${BASE}/save`, body({ assetCode: 'BAD-1', custodianId: 2_000_000_000 })), 422, '所选保管人不存在');
    expectFailure(await cast.admin.get(`${BASE}/detail?id=99999999999`), 400);
    expectFailure(await cast.admin.post(`${BASE}/remove?ids=1,x`), 400);
    expect(await list(cast.admin, '&assetCode=BAD-1')).toEqual([]);
    // A taken code is named.
    expect((await cast.admin.post(`${BASE}/save`, body({ assetCode: 'DUP-1' }))).statusCode).toBe(200);
    expectFailure(await cast.admin.post(`${BASE}/save`, body({ assetCode: 'DUP-1' })), 409, '资产编号「DUP-1」已存在');
  });

  it('keeps tenants apart and asks for the codes', async () => {
    const mine = expectOk(await cast.admin.post(`${BASE}/save`, body({ assetCode: 'MINE-1' })), asset);
    expect(await list(cast.other, '&assetCode=MINE-1')).toEqual([]);
    expectFailure(await cast.other.get(`${BASE}/detail?id=${mine.id}`), 404);
    expectFailure(await cast.other.post(`${BASE}/save`, { ...body({ assetCode: 'MINE-1' }), id: mine.id }), 404);
    expectFailure(await cast.other.post(`${BASE}/submit`, { ...body({ assetCode: 'MINE-1' }), id: mine.id }), 404);
    expectFailure(await cast.other.post(`${BASE}/remove?ids=${mine.id}`), 404);
    // The other tenant may use the same code for its own asset.
    expect((await cast.other.post(`${BASE}/save`, body({ assetCode: 'MINE-1' }))).statusCode).toBe(200);
    expect(expectOk(await cast.admin.get(`${BASE}/detail?id=${mine.id}`), asset).status).toBe('draft');

    expectFailure(await cast.clerk.get(`${BASE}/list`), 403, /asset:view/);
    expectFailure(await cast.clerk.post(`${BASE}/save`, body({ assetCode: 'CLERK-1' })), 403, /asset:add/);
    expectFailure(await cast.clerk.post(`${BASE}/save`, { ...body(), id: mine.id }), 403, /asset:edit/);
    expectFailure(await cast.clerk.post(`${BASE}/submit`, { ...body(), id: mine.id }), 403, /asset:submit/);
    expectFailure(await cast.clerk.post(`${BASE}/remove?ids=${mine.id}`), 403, /asset:delete/);
  });

  it('submits a draft exactly once when two requests race, and gives a code to one of two racing saves', async () => {
    const draft = expectOk(await cast.admin.post(`${BASE}/save`, body({ assetCode: 'RACE-1' })), asset);
    const submits = await Promise.all([1, 2, 3].map(() => cast.admin.post(`${BASE}/submit`, { ...body({ assetCode: 'RACE-1' }), id: draft.id })));
    expect(submits.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const saves = await Promise.all([1, 2].map((n) => cast.admin.post(`${BASE}/save`, body({ assetCode: 'RACE-2', assetName: `并发${n}` }))));
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await list(cast.admin, '&assetCode=RACE-2')).toHaveLength(1);
  });
});
