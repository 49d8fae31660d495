import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dataSource } from '@macro/contract/datasources';
import { interfaceCategory, interfaceCategoryNode, interfaceInfo, productOperation } from '@macro/contract/interfaces';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, dbLabel, describeDb, expectFailure, expectOk, listening, TENANT } from '../../test/helper.ts';

const CATEGORY = '/api/xjr-interface-category';
const INFO = '/api/xjr-interface-info';
const OPEN = '/api/open';

const hasPostgres = await listening(5432);
if (!hasPostgres) console.warn('interfaces: no PostgreSQL on 127.0.0.1:5432, data-source interfaces are not tested');
const SCHEMA = `if_probe_${dbLabel}_${process.pid}`;

const page = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number() });
const rows = z.object({ records: z.array(z.record(z.string(), z.unknown())), total: z.number() });

describeDb(`interfaces (${dbLabel})`, () => {
  // Service calls may reach this machine: the HTTP interfaces forward to a stand-in here.
  const cast = castOf('if_clerk', { serviceHosts: ['127.0.0.1'] });
  let upstream: Server;
  let upstreamUrl = '';
  const seen: { method: string; url: string; body: string }[] = [];

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method ?? '', url: request.url ?? '', body });
        if (request.url?.startsWith('/broken')) return void response.writeHead(500).end('no');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echoed: request.url, body: body ? JSON.parse(body) : null }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  const category = async (name: string, parentId = 0) => expectOk(await cast.admin.post(CATEGORY, { name, parentId }), interfaceCategory);
  const create = async (body: object) => expectOk(await cast.admin.post(`${INFO}/customize`, body), interfaceInfo);
  const enable = async (id: number) => expectOk(await cast.admin.put(`${INFO}/${id}/enabled`), interfaceInfo);

  it('files interfaces in a category tree that never loops and keeps what it holds', async () => {
    const top = await category('对外接口');
    const child = await category('人事', top.id);
    await category('财务', top.id);
    const tree = expectOk(await cast.admin.get(`${CATEGORY}/tree`), z.array(interfaceCategoryNode));
    const node = tree.find((n) => n.id === top.id);
    expect(node?.children?.map((c) => c.name)).toEqual(['人事', '财务']);
    expectFailure(await cast.admin.post(CATEGORY, { id: top.id, name: '对外接口', parentId: child.id }), 422, '分类不能移到自身或其下级分类之下');
    expectFailure(await cast.admin.post(CATEGORY, { name: '人事', parentId: top.id }), 409, '该位置已有分类“人事”');
    expectFailure(await cast.admin.delete(`${CATEGORY}/${top.id}`), 422, '分类下还有分类或接口');
    const held = await create({ categoryId: child.id, code: 'hr_echo', name: '人事回显', path: 'hr/echo', kind: 'http', url: `${upstreamUrl}/hr` });
    expectFailure(await cast.admin.delete(`${CATEGORY}/${child.id}`), 422, '分类下还有分类或接口');
    // The list of a category holds the interfaces of the categories under it.
    const listed = expectOk(await cast.admin.get(`${INFO}/customize?categoryId=${top.id}`), page(interfaceInfo));
    expect(listed.records.map((r) => r.code)).toContain('hr_echo');
    expect(expectOk(await cast.admin.delete(`${INFO}/${held.id}`), z.object({ removed: z.number() })).removed).toBe(1);
    expect(expectOk(await cast.admin.delete(`${CATEGORY}/${child.id}`), z.object({ removed: z.number() })).removed).toBe(1);
  });

  it('refuses an interface that is not well made, with the reason in the reader’s language', async () => {
    const { id: categoryId } = await category('校验');
    const base = { categoryId, code: 'v1', name: '校验', kind: 'http', url: `${upstreamUrl}/v` };
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, path: '../etc' }), 400, /^路径为 1 到 6 段/);
    expectFailure(await cast.adminEn.post(`${INFO}/customize`, { ...base, path: 'Upper/Case' }), 400, /^The path is one to six segments/);
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, path: 'v', kind: 'dataSource', url: '' }), 400, '请选择数据源');
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, path: 'v', anonymous: true, permission: 'x:y' }), 400, '匿名接口不能要求权限编码');
    // The outbound allow-list decides where an HTTP interface may forward, when it is saved.
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, path: 'v', url: 'http://10.9.9.9/x' }), 422, /不允许|找不到|not allowed/i);
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, path: 'v', categoryId: 999999 }), 404, '分类不存在');
    await create({ ...base, path: 'v' });
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, code: 'v2', path: 'v' }), 409, '已有接口使用 GET /api/open/v');
    expectFailure(await cast.admin.post(`${INFO}/customize`, { ...base, path: 'v-other' }), 409, '编号“v1”已存在');
  });

  it('keeps one interface when several administrators create the same one at once', async () => {
    const { id: categoryId } = await category('并发');
    const body = (i: number) => ({ categoryId, code: `race${i}`, name: '并发', path: 'race/same', kind: 'http', url: `${upstreamUrl}/race` });
    // Different codes on one route, and one code on different routes: each race has one winner.
    for (const bodies of [Array.from({ length: 6 }, (_, i) => body(i)), Array.from({ length: 6 }, (_, i) => ({ ...body(99), path: `race/code${i}` }))]) {
      const answers = await Promise.all(bodies.map((b) => cast.admin.post(`${INFO}/customize`, b)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const lost of answers.filter((a) => a.statusCode === 409))
        expectFailure(lost, 409, /^(已有接口使用 GET \/api\/open\/race\/same|编号“race99”已存在)$/);
    }
    const listed = expectOk(await cast.admin.get(`${INFO}/customize?categoryId=${categoryId}&size=50`), page(interfaceInfo));
    expect(listed.records).toHaveLength(2);
  });

  it('serves an HTTP interface only while enabled, to holders of its code, within its rate limit, and logs every call', async () => {
    const { id: categoryId } = await category('转发');
    const made = await create({
      categoryId,
      code: 'fwd',
      name: '转发',
      path: 'fwd/orders',
      kind: 'http',
      url: `${upstreamUrl}/orders?fixed=1`,
      permission: 'interface:view',
      rateLimit: 3,
      response: 'raw',
    });
    expect(made).toMatchObject({ enabled: false, address: '/api/open/fwd/orders', permission: 'interface:view' });
    expectFailure(await cast.admin.get(`${OPEN}/fwd/orders?no=7`), 404, '接口不存在');
    await enable(made.id);
    const answer = await cast.admin.get(`${OPEN}/fwd/orders?no=7`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ echoed: '/orders?fixed=1&no=7', body: null });
    // The clerk holds no code: refused, and that refusal is logged too.
    expectFailure(await cast.clerk.get(`${OPEN}/fwd/orders`), 403, '您没有调用该接口所需的权限编码“interface:view”');
    // Without a token a non-anonymous interface answers 401.
    const anonymous = await cast.server.app.inject({ method: 'GET', url: `${OPEN}/fwd/orders`, headers: { 'tenant-id': TENANT } });
    expect(anonymous.statusCode).toBe(401);
    // Three calls a minute: the admin's second and third pass, the fourth is refused with Retry-After.
    expect((await cast.admin.get(`${OPEN}/fwd/orders`)).statusCode).toBe(200);
    expect((await cast.admin.get(`${OPEN}/fwd/orders`)).statusCode).toBe(200);
    const limited = await cast.admin.get(`${OPEN}/fwd/orders`);
    expectFailure(limited, 429, /^调用过于频繁：每分钟最多 3 次/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    const calls = expectOk(
      await cast.admin.get(`${INFO}/${made.id}/calls`),
      page(z.object({ status: z.number(), userName: z.string(), durationMs: z.number() })),
    );
    expect(calls.records.map((c) => c.status)).toEqual([429, 200, 200, 401, 403, 200]);
    expect(calls.records[0].userName).toBe('管理员');
    // Another tenant has no such interface.
    expectFailure(await cast.other.get(`${OPEN}/fwd/orders`), 404, '接口不存在');
    expectFailure(await cast.other.get(`${INFO}/${made.id}`), 404, '接口不存在');
    await cast.admin.put(`${INFO}/${made.id}/disabled`);
    expectFailure(await cast.admin.get(`${OPEN}/fwd/orders`), 404, '接口不存在');
  });

  it('forwards a POST body, and says when the address it forwards to fails', async () => {
    const { id: categoryId } = await category('转发二');
    const post = await create({ categoryId, code: 'fwd_post', name: '提交', method: 'POST', path: 'fwd/submit', kind: 'http', url: `${upstreamUrl}/submit` });
    await enable(post.id);
    const answer = expectOk(await cast.admin.post(`${OPEN}/fwd/submit`, { amount: 12 }), z.object({ echoed: z.string(), body: z.unknown() }));
    expect(answer).toEqual({ echoed: '/submit', body: { amount: 12 } });
    const broken = await create({ categoryId, code: 'fwd_broken', name: '坏的', path: 'fwd/broken', kind: 'http', url: `${upstreamUrl}/broken` });
    await enable(broken.id);
    expectFailure(await cast.admin.get(`${OPEN}/fwd/broken`), 502, '接口转发的地址返回了 500');
  });

  describe.skipIf(!hasPostgres)('on a data source', () => {
    let sourceId: number;
    beforeAll(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
        create table ${SCHEMA}.staff (id integer primary key, name text not null, dept text not null);
        insert into ${SCHEMA}.staff values (1, '张三', 'sales'), (2, '李四', 'sales'), (3, '王五', 'dev');`);
      await client.end();
      const link = expectOk(
        await cast.admin.post('/api/database-links', {
          name: `if-pg-${process.pid}`,
          kind: 'postgresql',
          host: '127.0.0.1',
          port: 5432,
          database: 'postgres',
          username: 'postgres',
          schema: SCHEMA,
        }),
        z.object({ id: z.number() }),
      );
      sourceId = expectOk(
        await cast.admin.post('/api/data-sources', {
          name: `员工-${process.pid}`,
          linkId: link.id,
          sql: 'select id, name from staff where dept = @dept order by id',
          parameters: [{ name: 'dept', type: 'text', required: true, label: '部门' }],
        }),
        dataSource,
      ).id;
    });
    afterAll(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(`drop schema if exists ${SCHEMA} cascade`);
      await client.end();
    });

    it('answers a page of the data source with the parameters checked, to anyone of the tenant when anonymous', async () => {
      const { id: categoryId } = await category('数据');
      const made = await create({
        categoryId,
        code: 'staff',
        name: '员工',
        path: 'staff/by-dept',
        kind: 'dataSource',
        dataSourceId: sourceId,
        anonymous: true,
      });
      expect(made).toMatchObject({ dataSourceId: sourceId, dataSourceName: `员工-${process.pid}`, anonymous: true, permission: '' });
      await enable(made.id);
      const signedIn = expectOk(await cast.clerk.get(`${OPEN}/staff/by-dept?dept=sales&size=1`), rows);
      expect(signedIn).toMatchObject({ records: [{ id: 1, name: '张三' }], total: 2 });
      const call = (url: string, headers: Record<string, string> = {}) => cast.server.app.inject({ method: 'GET', url, headers });
      const anonymous = await call(`${OPEN}/staff/by-dept?dept=dev`, { 'tenant-id': TENANT });
      expect(anonymous.statusCode, anonymous.body).toBe(200);
      expect(anonymous.json().data.records).toEqual([{ id: 3, name: '王五' }]);
      // Without a tenant an anonymous call cannot be placed; another tenant has no such interface.
      expect((await call(`${OPEN}/staff/by-dept?dept=dev`, { 'accept-language': 'en' })).json().sys_msg).toBe(
        'Name the tenant in the Tenant-Id header, or sign in',
      );
      expect((await call(`${OPEN}/staff/by-dept?dept=dev`, { 'tenant-id': 'no-such-tenant' })).statusCode).toBe(404);
      // A required parameter left out is refused with its label.
      expectFailure(await cast.admin.get(`${OPEN}/staff/by-dept`), 400, /部门/);
      // The tenant's OpenAPI document shows it under a tag of its own, with its parameter.
      const document = expectOk(await cast.admin.get(`${INFO}/openapi`), z.record(z.string(), z.unknown())) as {
        tags: { name: string }[];
        paths: Record<string, { get?: { tags: string[]; parameters: { name: string; in: string }[]; security: unknown[] } }>;
      };
      expect(document.tags.map((t) => t.name)).toContain('员工');
      const operation = document.paths['/api/open/staff/by-dept']?.get;
      expect(operation?.tags).toEqual(['员工']);
      expect(operation?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:dept', 'query:current', 'query:size', 'header:tenant-id']);
      expect(operation?.security).toEqual([]);
    });
  });

  it("lists the product's own operations with the codes they need", async () => {
    const all = expectOk(await cast.admin.get('/api/interface'), z.array(productOperation));
    expect(all.find((o) => o.operationId === 'interfaces.page')).toMatchObject({
      method: 'GET',
      path: '/api/xjr-interface-info/customize',
      permission: 'interface:view',
    });
    expect(all.find((o) => o.operationId === 'interfaces.open.get')?.permission).toBe('optional');
    const found = expectOk(await cast.admin.get('/api/interface/page?keyword=xjr-interface-category&size=50'), page(productOperation));
    expect(found.records.map((o) => o.operationId).sort()).toEqual(['interfaces.categoryRemove', 'interfaces.categorySubmit', 'interfaces.categoryTree']);
    expectFailure(await cast.clerk.get('/api/interface'), 403, /interface:view/);
  });
});
