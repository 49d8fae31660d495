import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant as inTenant } from '@macro/store';
import { type Client, dbLabel, describeDb, signedInServer, TENANT, type TestServer } from '../../test/helper.ts';

const SYSTEM = '/api/macro-system/dict';
const BIZ = '/api/dict-biz';

describeDb(`dictionaries (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  async function createParent(client: Client, code: string, name = code, base = SYSTEM) {
    const response = await client.post(`${base}/submit`, { code, dictKey: '-1', dictValue: name });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; code: string };
  }
  async function createChild(client: Client, parent: { id: number; code: string }, key: string, extra = {}) {
    const response = await client.post(`${SYSTEM}/submit`, {
      parentId: parent.id,
      code: parent.code,
      dictKey: key,
      dictValue: `value ${key}`,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; code: string; sort: number; isSealed: number };
  }

  it('seeds CompanyNature and DepartmentNature for dropdowns', async () => {
    const company = (await admin.get(`${SYSTEM}/dictionary?code=CompanyNature`)).json().data;
    expect(company.length).toBeGreaterThanOrEqual(5);
    expect(company[0]).toMatchObject({ label: '国有企业', value: '1' });
    const department = (await admin.get(`${SYSTEM}/dictionary?code=DepartmentNature`)).json().data;
    expect(department.map((o: { label: string }) => o.label)).toContain('研发部门');
  });

  describe('required fields, with the spec messages', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['code', { dictKey: 'k', dictValue: 'v' }, '请输入字典编号', 'Please enter the dictionary code'],
      ['key', { code: 'c1', dictValue: 'v' }, '请输入字典键值', 'Please enter the dictionary key'],
      ['name', { code: 'c1', dictKey: 'k' }, '请输入字典名称', 'Please enter the dictionary name'],
      ['blank name', { code: 'c1', dictKey: 'k', dictValue: '   ' }, '请输入字典名称', 'Please enter the dictionary name'],
      ['sort as text', { code: 'c1', dictKey: 'k', dictValue: 'v', sort: 'one' }, '请输入字典排序', 'Please enter the sort order'],
      ['isSealed 2', { code: 'c1', dictKey: 'k', dictValue: 'v', isSealed: 2 }, '请选择封存', 'Please choose whether it is sealed'],
    ];
    for (const [label, body, zh, en] of cases) {
      it(`refuses a missing or wrong ${label}`, async () => {
        const response = await admin.post(`${SYSTEM}/submit`, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, error_code: 400, sys_msg: zh });
        expect((await adminEn.post(`${SYSTEM}/submit`, body)).json().sys_msg).toBe(en);
      });
    }
  });

  it('counts a non-ASCII character as 2 for the 100-character limit', async () => {
    const fits = await admin.post(`${SYSTEM}/submit`, { code: 'len-ok', dictKey: 'k', dictValue: '字'.repeat(50) });
    expect(fits.statusCode).toBe(200);
    const tooLong = await admin.post(`${SYSTEM}/submit`, { code: 'len-bad', dictKey: 'k', dictValue: '字'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().sys_msg).toBe('不能超过100个字符');
    const ascii = await admin.post(`${SYSTEM}/submit`, { code: 'x'.repeat(101), dictKey: 'k', dictValue: 'v' });
    expect(ascii.json().sys_msg).toBe('不能超过100个字符');
  });

  it('defaults sort to 1 and isSealed to 0', async () => {
    const parent = await createParent(admin, 'defaults');
    const child = await createChild(admin, parent, 'a');
    expect(child).toMatchObject({ sort: 1, isSealed: 0 });
  });

  it('rejects malformed JSON and wrong types with a 4xx, never a 500', async () => {
    const malformed = await admin.call({
      method: 'POST',
      url: `${SYSTEM}/submit`,
      headers: { 'content-type': 'application/json' },
      payload: '{"code": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().sys_msg).toBe('请求内容不是有效的 JSON');
    const wrongTypes = await admin.post(`${SYSTEM}/submit`, { code: 12, dictKey: ['k'], dictValue: { v: 1 } });
    expect(wrongTypes.statusCode).toBe(400);
    const badId = await admin.get(`${SYSTEM}/detail?id=abc`);
    expect(badId.statusCode).toBe(400);
    const badIds = await admin.post(`${SYSTEM}/remove?ids=1,x`);
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().sys_msg).toBe('编号列表格式不正确');
    const hugePage = await admin.get(`${SYSTEM}/parent-list?size=501`);
    expect(hugePage.statusCode).toBe(400);
  });

  it('keeps parent codes unique and keys unique among siblings', async () => {
    const parent = await createParent(admin, 'Unique');
    const again = await admin.post(`${SYSTEM}/submit`, { code: 'Unique', dictKey: '-1', dictValue: 'dup' });
    expect(again.statusCode).toBe(409);
    expect(again.json().sys_msg).toBe('字典编号「Unique」已存在');
    await createChild(admin, parent, 'k1');
    const sibling = await admin.post(`${SYSTEM}/submit`, { parentId: parent.id, code: 'Unique', dictKey: 'k1', dictValue: 'x' });
    expect(sibling.statusCode).toBe(409);
    expect(sibling.json().sys_msg).toBe('同一上级字典下已存在键值「k1」');
  });

  it('gives a child its parent code, and fixes code and parent on edit', async () => {
    const parent = await createParent(admin, 'Fixed');
    const otherParent = await createParent(admin, 'Elsewhere');
    const wrongCode = await admin.post(`${SYSTEM}/submit`, { parentId: parent.id, code: 'Other', dictKey: 'a', dictValue: 'A' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().sys_msg).toBe('子项的字典编号随上级字典，不能修改');
    const child = await createChild(admin, parent, 'a');
    const moved = await admin.post(`${SYSTEM}/submit`, {
      id: child.id,
      parentId: otherParent.id,
      code: 'Elsewhere',
      dictKey: 'a',
      dictValue: 'A',
    });
    expect(moved.statusCode).toBe(400);
    const edited = await admin.post(`${SYSTEM}/submit`, {
      id: child.id,
      parentId: parent.id,
      code: 'Fixed',
      dictKey: 'a',
      dictValue: '改名',
      sort: 7,
      isSealed: 1,
    });
    expect(edited.statusCode).toBe(200);
    const detail = (await admin.get(`${SYSTEM}/detail?id=${child.id}`)).json().data;
    expect(detail).toMatchObject({ dictValue: '改名', sort: 7, isSealed: 1, parentName: 'Fixed', code: 'Fixed' });
    const missingParent = await admin.post(`${SYSTEM}/submit`, { parentId: 999999, code: 'Fixed', dictKey: 'z', dictValue: 'Z' });
    expect(missingParent.json().sys_msg).toBe('上级字典不存在');
  });

  it('renaming a parent code carries its entries along', async () => {
    const parent = await createParent(admin, 'Before');
    const child = await createChild(admin, parent, 'a');
    await admin.post(`${SYSTEM}/submit`, { id: parent.id, code: 'After', dictKey: '-1', dictValue: 'After' });
    expect((await admin.get(`${SYSTEM}/detail?id=${child.id}`)).json().data.code).toBe('After');
  });

  it('pages parents and children, searches by code and name, and nests grandchildren', async () => {
    const parent = await createParent(admin, 'Paging', '分页测试');
    const first = await createChild(admin, parent, 'a', { sort: 2 });
    await createChild(admin, parent, 'b', { sort: 1 });
    await admin.post(`${SYSTEM}/submit`, { parentId: first.id, code: 'Paging', dictKey: 'a1', dictValue: 'grandchild' });
    const parents = (await admin.get(`${SYSTEM}/parent-list?current=1&size=5&dictValue=${encodeURIComponent('分页')}`)).json().data;
    expect(parents).toMatchObject({ total: 1, current: 1, size: 5 });
    expect(parents.records[0]).toMatchObject({ code: 'Paging', hasChildren: true });
    const byCode = (await admin.get(`${SYSTEM}/parent-list?code=pagin`)).json().data;
    expect(byCode.records.map((r: { code: string }) => r.code)).toEqual(['Paging']);
    const children = (await admin.get(`${SYSTEM}/child-list?parentId=${parent.id}&size=1`)).json().data;
    expect(children.total).toBe(2);
    expect(children.records.map((r: { dictKey: string }) => r.dictKey)).toEqual(['b']);
    const second = (await admin.get(`${SYSTEM}/child-list?parentId=${parent.id}&size=1&current=2`)).json().data;
    expect(second.records[0]).toMatchObject({ dictKey: 'a', hasChildren: true });
    expect(second.records[0].children.map((c: { dictKey: string }) => c.dictKey)).toEqual(['a1']);
    const tree = (await admin.get(`${SYSTEM}/tree?code=Paging`)).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c: { title: string }) => c.title)).toEqual(['value b', 'value a']);
  });

  it('leaves sealed entries out of dropdowns', async () => {
    const parent = await createParent(admin, 'Sealing');
    await createChild(admin, parent, 'open');
    await createChild(admin, parent, 'sealed', { isSealed: 1 });
    const options = (await admin.get(`${SYSTEM}/dictionary?code=Sealing`)).json().data;
    expect(options.map((o: { value: string }) => o.value)).toEqual(['open']);
  });

  it('refuses to delete a parent that still has children, naming it; deletes the whole set together', async () => {
    const parent = await createParent(admin, 'Doomed', '待删除字典');
    const child = await createChild(admin, parent, 'a');
    const refused = await admin.post(`${SYSTEM}/remove?ids=${parent.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().sys_msg).toBe('字典「待删除字典」下还有子项，请先删除子项');
    expect((await admin.get(`${SYSTEM}/detail?id=${parent.id}`)).statusCode).toBe(200);
    const removed = await admin.post(`${SYSTEM}/remove?ids=${parent.id},${child.id}`);
    expect(removed.json().data).toEqual({ removed: 2 });
    expect((await admin.get(`${SYSTEM}/detail?id=${parent.id}`)).statusCode).toBe(404);
    expect((await admin.post(`${SYSTEM}/remove?ids=${parent.id}`)).statusCode).toBe(404);
  });

  it('keeps the business family apart from the system family', async () => {
    const biz = await createParent(admin, 'BizOnly', 'biz', BIZ);
    expect((await admin.get(`${BIZ}/detail?id=${biz.id}`)).statusCode).toBe(200);
    expect((await admin.get(`${SYSTEM}/detail?id=${biz.id}`)).statusCode).toBe(404);
    const codes = (await admin.get(`${SYSTEM}/parent-list?size=500`)).json().data.records.map((r: { code: string }) => r.code);
    expect(codes).not.toContain('BizOnly');
  });

  it('shows a second tenant none of the first tenant entries, whatever it asks', async () => {
    const mine = await createParent(admin, 'Secret', '机密');
    const child = await createChild(admin, mine, 's1');
    const list = (await other.get(`${SYSTEM}/parent-list?size=500`)).json().data;
    expect(list.records.map((r: { code: string }) => r.code)).not.toContain('Secret');
    expect((await other.get(`${SYSTEM}/detail?id=${mine.id}`)).statusCode).toBe(404);
    expect((await other.get(`${SYSTEM}/child-list?parentId=${mine.id}`)).statusCode).toBe(404);
    expect((await other.get(`${SYSTEM}/dictionary?code=Secret`)).json().data).toEqual([]);
    expect((await other.get(`${SYSTEM}/tree?code=Secret`)).json().data).toEqual([]);
    expect((await other.post(`${SYSTEM}/remove?ids=${child.id}`)).statusCode).toBe(404);
    const hijack = await other.post(`${SYSTEM}/submit`, { id: child.id, parentId: mine.id, code: 'Secret', dictKey: 's1', dictValue: 'x' });
    expect(hijack.statusCode).toBe(400);
    expect((await admin.get(`${SYSTEM}/detail?id=${child.id}`)).json().data.dictValue).toBe('value s1');
    // The other tenant may use the same code for its own dictionary.
    await createParent(other, 'Secret', 'their own');
  });

  it('writes an audit row with before and after for every change', async () => {
    const parent = await createParent(admin, 'Audited');
    await admin.post(`${SYSTEM}/submit`, { id: parent.id, code: 'Audited', dictKey: '-1', dictValue: 'renamed' });
    await admin.post(`${SYSTEM}/remove?ids=${parent.id}`);
    const result = await inTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`select action, account, before->>'dictValue' as before, after->>'dictValue' as after
                     from audit_log where resource = 'dict-system' and resource_id = ${String(parent.id)} order by id`),
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'create', account: 'admin', before: null, after: 'Audited' },
      { action: 'update', account: 'admin', before: 'Audited', after: 'renamed' },
      { action: 'delete', account: 'admin', before: 'renamed', after: null },
    ]);
  });

  it('creates a code exactly once when the same parent is submitted concurrently', async () => {
    const attempts = await Promise.all(Array.from({ length: 6 }, () => admin.post(`${SYSTEM}/submit`, { code: 'Race', dictKey: '-1', dictValue: 'race' })));
    const statuses = attempts.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const list = (await admin.get(`${SYSTEM}/parent-list?code=Race`)).json().data;
    expect(list.total).toBe(1);
  });
});
