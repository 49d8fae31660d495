import { dictEntry, dictTreeNode } from '@macro/contract/dict';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const ITEMS = '/api/data-items';
const DETAIL = '/api/data-item-detail';
const DICT = '/api/macro-system/dict';

describeDb(`data items: the second dictionary family (${dbLabel})`, () => {
  const cast = castOf('di_clerk');

  const put = (client: Client, url: string, payload: object) => client.call({ method: 'PUT', url, payload });
  const del = (client: Client, url: string) => client.call({ method: 'DELETE', url });

  it('a data item and its details are the system dictionary rows, seen from both families', async () => {
    const item = expectOk(await cast.admin.post(ITEMS, { code: 'Colour', dictValue: '颜色', sort: 7 }), dictEntry);
    expect(item).toMatchObject({ parentId: 0, code: 'Colour', dictKey: '-1', dictValue: '颜色', sort: 7 });
    // Written through data items, read through /macro-system/dict.
    expect(expectOk(await cast.admin.get(`${DICT}/detail?id=${item.id}`), dictEntry).dictValue).toBe('颜色');
    const red = expectOk(await cast.admin.post(DETAIL, { code: 'Colour', dictKey: 'red', dictValue: '红色' }), dictEntry);
    expect(red).toMatchObject({ parentId: item.id, code: 'Colour' });
    // Written through /macro-system/dict, read through data items.
    const blue = (await cast.admin.post(`${DICT}/submit`, { parentId: item.id, code: 'Colour', dictKey: 'blue', dictValue: '蓝色' })).json().data;
    const navy = expectOk(await cast.admin.post(DETAIL, { code: 'Colour', parentId: blue.id, dictKey: 'navy', dictValue: '藏青' }), dictEntry);
    const listed = expectOk(await cast.admin.get(`${ITEMS}/Colour/detail`), z.array(dictEntry));
    expect(listed.map((e) => e.dictKey)).toEqual(['red', 'blue', 'navy']);
    expect((await cast.admin.get(`${DICT}/dictionary?code=Colour`)).json().data.map((o: { value: string }) => o.value)).toEqual(['red', 'blue']);
    expect(expectOk(await cast.admin.get(`${ITEMS}/Colour/info`), dictEntry)).toMatchObject({ id: item.id, dictValue: '颜色', hasChildren: true });

    const tree = expectOk(await cast.admin.get(`${ITEMS}/Colour/detail/tree`), z.array(dictTreeNode));
    expect(tree.map((n) => n.title)).toEqual(['红色', '蓝色']);
    expect(tree[1].children.map((n) => n.title)).toEqual(['藏青']);
    // A keyword keeps the matching details and their ancestors.
    const found = expectOk(await cast.admin.get(`${ITEMS}/Colour/detail/tree?keyword=${encodeURIComponent('藏')}`), z.array(dictTreeNode));
    expect(found.map((n) => n.title)).toEqual(['蓝色']);
    expect(found[0].children.map((n) => n.id)).toEqual([navy.id]);
    expect(expectOk(await cast.admin.get(`${ITEMS}/Colour/detail?keyword=RED`), z.array(dictEntry)).map((e) => e.id)).toEqual([red.id]);
    // The workflow's path names the data item by id or by code, and reads the same tree.
    for (const key of [String(item.id), 'Colour']) {
      expect(expectOk(await cast.admin.get(`/api/macro-flow/data-items/${key}/detail/tree`), z.array(dictTreeNode))).toEqual(tree);
    }
    expectFailure(await cast.admin.get(`/api/macro-flow/data-items/${red.id}/detail/tree`), 404);
    expectFailure(await cast.admin.get('/api/macro-flow/data-items/NoSuchItem/detail/tree'), 404);
    const all = expectOk(await cast.admin.get(`${ITEMS}/tree`), z.array(dictTreeNode));
    expect(all.find((n) => n.code === 'Colour')?.children.length).toBe(2);
    expect(all.map((n) => n.code)).toEqual((await cast.admin.get(`${DICT}/tree`)).json().data.map((n: { code: string }) => n.code));

    // Renaming the item's code carries it to the details; both families see it.
    expectOk(await put(cast.admin, `${ITEMS}/${item.id}`, { code: 'Colours', dictValue: '颜色表' }), dictEntry);
    expect(expectOk(await cast.admin.get(`${DICT}/detail?id=${red.id}`), dictEntry).code).toBe('Colours');
    expectFailure(await cast.admin.get(`${ITEMS}/Colour/info`), 404, '字典不存在');
    const renamed = expectOk(await put(cast.admin, `${DETAIL}/${red.id}`, { code: 'Colours', dictKey: 'red', dictValue: '大红' }), dictEntry);
    expect(renamed).toMatchObject({ parentId: item.id, dictValue: '大红' });
    expect((await cast.admin.get(`${DICT}/child-list?parentId=${item.id}`)).json().data.records.map((r: { dictValue: string }) => r.dictValue)).toContain(
      '大红',
    );

    // An item with details cannot go; details first.
    expectFailure(await del(cast.admin, `${ITEMS}/${item.id}`), 400, /颜色表/);
    expectFailure(await del(cast.admin, `${DETAIL}/${blue.id}`), 400, /蓝色/);
    expect((await del(cast.admin, `${DETAIL}/${navy.id}`)).json().data).toEqual({ removed: 1 });
    expect((await del(cast.admin, `${DETAIL}/${blue.id}`)).json().data).toEqual({ removed: 1 });
    expect((await del(cast.admin, `${DETAIL}/${red.id}`)).json().data).toEqual({ removed: 1 });
    expect((await del(cast.admin, `${ITEMS}/${item.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`${DICT}/detail?id=${item.id}`), 404);
  });

  it('refuses bad input field by field, in the request language', async () => {
    expectFailure(await cast.admin.post(ITEMS, { dictValue: 'v' }), 400, '请输入字典编号');
    expectFailure(await cast.adminEn.post(ITEMS, { code: 'x' }), 400, 'Please enter the dictionary name');
    expectFailure(await cast.admin.post(ITEMS, { code: 'x', dictValue: 'v', sort: 'one' }), 400, '请输入字典排序');
    expectFailure(await cast.admin.post(ITEMS, { code: 'x', dictValue: 'v', isSealed: 3 }), 400, '请选择封存');
    expectFailure(await cast.admin.post(ITEMS, { code: 'x'.repeat(101), dictValue: 'v' }), 400, /100/);
    expectOk(await cast.admin.post(ITEMS, { code: 'Size', dictValue: '尺码' }), dictEntry);
    expectFailure(await cast.admin.post(ITEMS, { code: 'Size', dictValue: '尺码' }), 409, '字典编号「Size」已存在');
    expectFailure(await cast.admin.post(DETAIL, { code: 'Size', dictValue: 'L' }), 400, '请输入字典键值');
    expectFailure(await cast.admin.post(DETAIL, { code: 'Size', dictKey: 'l' }), 400, '请输入字典名称');
    expectFailure(await cast.admin.post(DETAIL, { dictKey: 'l', dictValue: 'L' }), 400, '请输入字典编号');
    expectFailure(await cast.admin.post(DETAIL, { code: 'Size', dictKey: 'l', dictValue: 'L', parentId: -1 }), 400);
    expectFailure(await cast.admin.post(DETAIL, { code: 'Nope', dictKey: 'l', dictValue: 'L' }), 404, '字典不存在');
    expectOk(await cast.admin.post(DETAIL, { code: 'Size', dictKey: 'l', dictValue: 'L' }), dictEntry);
    expectFailure(await cast.admin.post(DETAIL, { code: 'Size', dictKey: 'l', dictValue: 'L2' }), 409, /「l」/);
    expectFailure(await cast.admin.get(`${ITEMS}/Nope/detail`), 404);
    expectFailure(await del(cast.admin, `${ITEMS}/abc`), 400);
    // A detail is not a data item, nor the cast.other way round.
    const size = expectOk(await cast.admin.get(`${ITEMS}/Size/info`), dictEntry);
    expectFailure(await del(cast.admin, `${DETAIL}/${size.id}`), 404);
  });

  it('guards every call with the dictionary codes and keeps tenants apart', async () => {
    const item = expectOk(await cast.admin.post(ITEMS, { code: 'Secret', dictValue: 'DataItemMarker' }), dictEntry);
    const detail = expectOk(await cast.admin.post(DETAIL, { code: 'Secret', dictKey: 'k', dictValue: 'DataItemMarker child' }), dictEntry);
    expectFailure(await cast.clerk.get(`${ITEMS}/tree`), 403, /dict:view/);
    expectFailure(await cast.clerk.get(`${ITEMS}/Secret/detail`), 403, /dict:view/);
    expectFailure(await cast.clerk.post(ITEMS, { code: 'c', dictValue: 'v' }), 403, /dict:add/);
    expectFailure(await put(cast.clerk, `${ITEMS}/${item.id}`, { code: 'c', dictValue: 'v' }), 403, /dict:edit/);
    expectFailure(await del(cast.clerk, `${DETAIL}/${detail.id}`), 403, /dict:delete/);
    expect((await cast.other.get(`${ITEMS}/tree`)).body).not.toContain('DataItemMarker');
    expectFailure(await cast.other.get(`${ITEMS}/Secret/info`), 404);
    expectFailure(await put(cast.other, `${ITEMS}/${item.id}`, { code: 'Secret', dictValue: 'stolen' }), 404);
    expectFailure(await put(cast.other, `${DETAIL}/${detail.id}`, { code: 'Secret', dictKey: 'k', dictValue: 'stolen' }), 404);
    expectFailure(await del(cast.other, `${DETAIL}/${detail.id}`), 404);
    expect(expectOk(await cast.admin.get(`${ITEMS}/Secret/detail`), z.array(dictEntry))[0].dictValue).toBe('DataItemMarker child');
  });
});
