import { company, dept, deptNode, orgTreeNode, specialPosts } from '@macro/contract/org';
import { withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, dbLabel, describeDb, expectFailure, expectOk, signedInServer, TENANT, type TestServer } from '../../test/helper.ts';

describeDb(`organisation: companies, departments, special posts (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const put = (client: Client, url: string, payload: object) => client.call({ method: 'PUT', url, payload });
  const del = (client: Client, url: string) => client.call({ method: 'DELETE', url });
  const newCompany = async (companyCode: string, extra: object = {}, client = admin) =>
    expectOk(await client.post('/api/companies', { companyName: `公司 ${companyCode}`, companyCode, ...extra }), company);
  const newDept = async (companyId: number, deptName: string, extra: object = {}) =>
    expectOk(await admin.post('/api/departments/', { companyId, deptName, ...extra }), dept);

  it('every tenant starts with a demo organisation', async () => {
    for (const client of [admin, other]) {
      const tree = expectOk(await client.get('/api/companies/departments/tree'), z.array(orgTreeNode));
      const group = tree.find((n) => n.title === '示例集团')!;
      expect(group).toBeDefined();
      expect(group.children.map((c) => c.title)).toEqual(['总经办', '财务部', '示例科技有限公司']);
      expect(group.children[0].children.map((c) => c.title)).toEqual(['行政组']);
    }
    const types = expectOk(await admin.get('/api/special-post?type=2'), specialPosts);
    expect(types.postList.map((p) => p.postName)).toEqual(['部门经理']);
  });

  it('creates a company with every field of the spec, its nature from CompanyNature', async () => {
    const created = await newCompany('ACME', {
      shortName: '艾克米',
      natureKey: '2',
      manager: '张三',
      foundedDate: '2020-02-29',
      businessScope: '软件开发',
      phone: '010-12345678',
      extension: '8001',
      fax: '0755-1234567',
      email: 'info@acme.cn',
      remark: '备注',
    });
    expect(created).toMatchObject({ companyName: '公司 ACME', natureKey: '2', natureName: '民营企业', foundedDate: '2020-02-29', phone: '010-12345678' });
    const read = expectOk(await admin.get(`/api/companies/${created.id}`), company);
    expect(read).toEqual(created);
    const mobile = expectOk(await put(admin, `/api/companies/${created.id}`, { companyName: 'ACME 2', companyCode: 'ACME', phone: '13812345678' }), company);
    expect(mobile).toMatchObject({ companyName: 'ACME 2', phone: '13812345678', natureKey: '' });
  });

  describe('refuses wrong company fields with the message of the spec', () => {
    const cases: [string, object, string, string][] = [
      ['no name', { companyName: '  ' }, '请输入公司名称', 'Please enter the company name'],
      ['no code', { companyCode: '' }, '请输入公司编号', 'Please enter the company code'],
      ['a bad phone', { phone: '12345' }, '请输入正确的手机或电话号码', 'Please enter a correct mobile or phone number'],
      ['a bad fax', { fax: '13812345678' }, '请输入正确的电话号码', 'Please enter a correct phone number'],
      ['a bad email', { email: 'a@b' }, '请输入正确的邮箱', 'Please enter a correct email'],
      ['a bad extension', { extension: '12a' }, '请输入数字', 'Please enter digits'],
      ['a day that does not exist', { foundedDate: '2021-02-29' }, '请输入正确的日期（年-月-日）', 'Please enter a correct date (year-month-day)'],
      ['a long name', { companyName: '名'.repeat(51) }, '不能超过100个字符', 'Cannot exceed 100 characters'],
      ['an unknown nature', { natureKey: '99' }, '公司性质「99」不在字典 CompanyNature 中', 'Company nature "99" is not in the dictionary CompanyNature'],
    ];
    for (const [label, fields, zh, en] of cases) {
      it(label, async () => {
        const body = { companyName: 'Valid', companyCode: `v-${label}`, ...fields };
        expectFailure(await admin.post('/api/companies', body), 400, zh);
        expectFailure(await adminEn.post('/api/companies', body), 400, en);
      });
    }
  });

  it('keeps company codes unique in a tenant only', async () => {
    await newCompany('UNIQ');
    expectFailure(await admin.post('/api/companies', { companyName: 'x', companyCode: 'UNIQ' }), 409, '公司编号「UNIQ」已存在');
    await newCompany('UNIQ', {}, other);
  });

  it('builds the company tree and refuses cycles', async () => {
    const top = await newCompany('TOP');
    const mid = await newCompany('MID', { parentId: top.id });
    const low = await newCompany('LOW', { parentId: mid.id });
    const tree = expectOk(await admin.get('/api/companies/tree'), z.array(z.any()));
    const topNode = tree.find((n: { id: number }) => n.id === top.id);
    expect(topNode.children[0].children[0].id).toBe(low.id);
    expectFailure(
      await put(admin, `/api/companies/${top.id}`, { companyName: 'x', companyCode: 'TOP', parentId: low.id }),
      409,
      '不能把公司移到它自己或它的下级公司之下',
    );
    expectFailure(await put(admin, `/api/companies/${top.id}`, { companyName: 'x', companyCode: 'TOP', parentId: top.id }), 409);
    expectFailure(await admin.post('/api/companies', { companyName: 'x', companyCode: 'ORPHAN', parentId: 2147483000 }), 404, '上级公司不存在');
    // Concurrent opposite moves: one wins, the other sees the cycle.
    const a = await newCompany('RACE-A');
    const b = await newCompany('RACE-B');
    const results = await Promise.all([
      put(admin, `/api/companies/${a.id}`, { companyName: 'a', companyCode: 'RACE-A', parentId: b.id }),
      put(admin, `/api/companies/${b.id}`, { companyName: 'b', companyCode: 'RACE-B', parentId: a.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses deleting a company with subsidiaries or departments, and keeps it', async () => {
    const parent = await newCompany('DEL-P');
    const child = await newCompany('DEL-C', { parentId: parent.id });
    expectFailure(await del(admin, `/api/companies/${parent.id}`), 409, '公司「公司 DEL-P」还有下级公司，不能删除');
    const d = await newDept(child.id, '待删部门');
    expectFailure(await del(admin, `/api/companies/${child.id}`), 409, '公司「公司 DEL-C」下还有部门，请先删除部门');
    expect((await admin.get(`/api/companies/${child.id}`)).statusCode).toBe(200);
    expect((await del(admin, `/api/departments/${d.id}`)).json().data).toEqual({ removed: 1 });
    expect((await del(admin, `/api/companies/${child.id}`)).json().data).toEqual({ removed: 1 });
    expect((await del(admin, `/api/companies/${parent.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`/api/companies/${parent.id}`), 404, '公司不存在');
  });

  it('a department created while its company is deleted never outlives the company', async () => {
    for (let round = 0; round < 3; round++) {
      const target = await newCompany(`RACE-DEL-${round}`);
      const [removed, created] = await Promise.all([
        del(admin, `/api/companies/${target.id}`),
        admin.post('/api/departments/', { companyId: target.id, deptName: '抢先部门' }),
      ]);
      if (removed.statusCode === 200) {
        expectFailure(created, 404, '公司不存在');
      } else {
        expectFailure(removed, 409, /下还有部门/);
        expect(created.statusCode).toBe(200);
      }
      const orphans = (await admin.get(`/api/macro-system/dept/list?size=500&companyId=${target.id}`)).json().data.records;
      expect(orphans.length).toBe(removed.statusCode === 200 ? 0 : 1);
    }
  });

  it('manages departments through both families, typed from DepartmentNature', async () => {
    const owner = await newCompany('DEPTS');
    const top = await newDept(owner.id, '研发中心', { deptType: '4', phone: '13912345678' });
    expect(top).toMatchObject({ companyName: '公司 DEPTS', deptTypeName: '研发部门', parentId: 0 });
    // The spec's client posts to /departments/; /departments is the documented spelling.
    const plain = expectOk(await admin.post('/api/departments', { companyId: owner.id, deptName: '无斜杠部门' }), dept);
    expect((await del(admin, `/api/departments/${plain.id}`)).json().data).toEqual({ removed: 1 });
    const sub = expectOk(await admin.post('/api/macro-system/dept/submit', { companyId: owner.id, parentId: top.id, deptName: '平台组' }), dept);
    expect(sub.parentName).toBe('研发中心');
    expectFailure(
      await admin.post('/api/departments/', { companyId: owner.id, deptName: 'x', deptType: '42' }),
      400,
      '部门类型「42」不在字典 DepartmentNature 中',
    );
    expectFailure(await admin.post('/api/departments/', { deptName: 'x' }), 400, '请选择所属公司');
    expectFailure(await admin.post('/api/departments/', { companyId: owner.id, deptName: 'x', phone: '1' }), 400, '请输入正确的手机或电话号码');

    const table = expectOk(await admin.get(`/api/companies/${owner.id}/departments/tree`), z.array(deptNode));
    expect(table).toHaveLength(1);
    expect(table[0].children.map((c) => c.deptName)).toEqual(['平台组']);
    const lazy = expectOk(await admin.get(`/api/macro-system/dept/lazy-list?parentId=0&companyId=${owner.id}`), z.array(dept));
    expect(lazy).toMatchObject([{ id: top.id, hasChildren: true }]);
    const lazyTree = (await admin.get(`/api/macro-system/dept/lazy-tree?parentId=${top.id}`)).json().data;
    expect(lazyTree).toMatchObject([{ id: sub.id, title: '平台组', hasChildren: false }]);
    const whole = (await admin.get(`/api/macro-system/dept/tree?tenantId=${TENANT}&companyId=${owner.id}`)).json().data;
    expect(whole[0].children[0].id).toBe(sub.id);
    const page = (await admin.get(`/api/macro-system/dept/list?current=1&size=10&deptName=${encodeURIComponent('平台')}`)).json().data;
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([sub.id]);
    expect(expectOk(await admin.get(`/api/macro-system/dept/detail?id=${sub.id}`), dept).deptName).toBe('平台组');

    // Cycles, another company's parent, and deleting a parent are refused.
    expectFailure(
      await put(admin, `/api/departments/${top.id}`, { companyId: owner.id, parentId: sub.id, deptName: '研发中心' }),
      409,
      '不能把部门移到它自己或它的下级部门之下',
    );
    const elsewhere = await newCompany('DEPTS-2');
    expectFailure(await admin.post('/api/departments/', { companyId: elsewhere.id, parentId: top.id, deptName: 'x' }), 400, '上级部门不属于所选公司');
    expectFailure(await admin.post(`/api/macro-system/dept/remove?ids=${top.id}`), 409, '部门「研发中心」还有下级部门，请先删除下级部门');
    expect((await admin.get(`/api/departments/${top.id}`)).statusCode).toBe(200);
    // Removing both at once is fine.
    expect((await admin.post(`/api/macro-system/dept/remove?ids=${top.id},${sub.id}`)).json().data).toEqual({ removed: 2 });
  });

  it('refuses deleting a department that still has users', async () => {
    const owner = await newCompany('STAFFED');
    const staffed = await newDept(owner.id, '有人部门');
    await withTenant(server.database.db, TENANT, async (tx) => {
      await tx.execute(sql`update macro_user set dept_id = ${String(staffed.id)} where account = 'admin'`);
    });
    expectFailure(await del(admin, `/api/departments/${staffed.id}`), 409, '部门「有人部门」下还有 1 个用户，不能删除');
    expect((await admin.get(`/api/departments/${staffed.id}`)).statusCode).toBe(200);
    await withTenant(server.database.db, TENANT, async (tx) => {
      // `default` whether the column is text ('') or a nullable integer.
      await tx.execute(sql`update macro_user set dept_id = default where account = 'admin'`);
    });
    expect((await del(admin, `/api/departments/${staffed.id}`)).statusCode).toBe(200);
  });

  it('sets and reads special posts, and shows them for a company and a department', async () => {
    const posts = (await admin.get('/api/macro-system/post/select')).json().data as { id: number; postName: string }[];
    const ceo = posts.find((p) => p.postName === '总经理')!;
    const staff = posts.find((p) => p.postName === '职员')!;
    const saved = expectOk(await admin.post('/api/special-post', { postList: [ceo.id, staff.id], F_Type: 1 }), specialPosts);
    expect(saved.postList.map((p) => p.id).sort()).toEqual([ceo.id, staff.id].sort());
    expect(expectOk(await admin.get('/api/special-post?type=1'), specialPosts).postList).toHaveLength(2);
    expectFailure(await admin.post('/api/special-post', { postList: [ceo.id], F_Type: 3 }), 400, '类型只能是 1（公司）或 2（部门）');
    const theirs = (await other.get('/api/macro-system/post/select')).json().data as { id: number }[];
    expectFailure(await admin.post('/api/special-post', { postList: [theirs[0].id], F_Type: 1 }), 404, '岗位不存在');
    const owner = await newCompany('SPECIAL');
    const holders = (await admin.get(`/api/companies/${owner.id}/special-post`)).json().data;
    expect(holders.map((h: { id: number }) => h.id).sort()).toEqual([ceo.id, staff.id].sort());
    expect(holders[0].users).toEqual([]);
    const d = await newDept(owner.id, '特殊岗位部门');
    expect((await admin.get(`/api/departments/${d.id}/special-post`)).json().data.map((h: { postName: string }) => h.postName)).toEqual(['部门经理']);
    const postTree = (await admin.get(`/api/companies/${owner.id}/posts/tree`)).json().data;
    expect(postTree[0].children.map((n: { title: string }) => n.title)).toContain('总经理');
    expect((await admin.get(`/api/companies/${owner.id}/users`)).json().data.records).toEqual([]);
    expect((await admin.get('/api/companies/departments/users/tree')).statusCode).toBe(200);
  });

  it('another tenant reaches none of it', async () => {
    const mine = await newCompany('MINE');
    const d = await newDept(mine.id, '我的部门');
    expectFailure(await other.get(`/api/companies/${mine.id}`), 404);
    expectFailure(await other.get(`/api/departments/${d.id}`), 404);
    expectFailure(await del(other, `/api/companies/${mine.id}`), 404);
    expectFailure(await other.post('/api/departments/', { companyId: mine.id, deptName: 'x' }), 404, '公司不存在');
    const tree = (await other.get('/api/companies/departments/tree')).json().data;
    expect(JSON.stringify(tree)).not.toContain('我的部门');
  });
});
