import { APP_ROLE, AUTH_ROLE, rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  OTHER_TENANT,
  signIn,
  TENANT,
  type TestServer,
  startServer,
  tokenRequest,
} from '../test/helper.ts';

const SYSTEM = '/api/macro-system/dict';

/** Bad input found by probing as an attacker would: each gets a clear 4xx, never a 500, never SQL. */
describeDb(`bad input and privileges (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  beforeAll(async () => {
    server = await startServer();
    const token = (await signIn(server)).access_token;
    admin = as(server, token);
    adminEn = as(server, token, 'en');
  });
  afterAll(() => server.close());

  it('refuses a NUL byte in a text field, a search term and the sign-in user name', async () => {
    expectFailure(await admin.post(`${SYSTEM}/submit`, { code: 'nul\u0000', dictKey: 'k', dictValue: 'v' }), 400, '不能包含空字符');
    expectFailure(await adminEn.get(`${SYSTEM}/parent-list?dictValue=a%00b`), 400, 'Must not contain a NUL character');
    const signInWithNul = await tokenRequest(server, { grant_type: 'password', username: 'ad\u0000min', password: 'x' }, { 'tenant-id': TENANT });
    expect(signInWithNul.statusCode).toBe(400);
    expect(signInWithNul.json().error).toBe('invalid_request');
  });

  it('refuses text holding half a UTF-16 surrogate pair, naming the field in the language asked', async () => {
    // JSON's escapes carry them: high alone, low alone, a pair in the wrong order (jsonb refuses them, text keeps U+FFFD instead).
    for (const broken of ['a\ud800', '\udc00b', '\udc00\ud800']) {
      expectFailure(await admin.post(`${SYSTEM}/submit`, { code: 'HalfPair', dictKey: 'k', dictValue: broken }), 400, /^dictValue：包含损坏的字符/);
    }
    expectFailure(
      await adminEn.post(`${SYSTEM}/submit`, { code: 'HalfPair', dictKey: 'k', dictValue: 'v', remark: 'x\udbff' }),
      400,
      /^remark: holds a broken character/,
    );
    expectFailure(
      await adminEn.post(`${SYSTEM}/submit`, { code: 'HalfPair', dictKey: 'k', dictValue: 'v', '\ud800': 1 }),
      400,
      /^body: holds a broken character/,
    );
    // A URL cannot carry one: its bytes are UTF-8, and half a pair in WTF-8 bytes is no UTF-8 (a path refuses it, a query keeps the escape as text).
    expectFailure(await adminEn.get(`/api/roles/%ED%A0%80/users`), 400, 'The request is not valid');
    expect((await admin.get(`${SYSTEM}/parent-list?code=HalfPair`)).json().data.total).toBe(0);
    // A pair sent as escapes is the character itself.
    const pair = await admin.call({
      method: 'POST',
      url: `${SYSTEM}/submit`,
      headers: { 'content-type': 'application/json' },
      payload: '{"code":"WholePair","dictKey":"k","dictValue":"\\ud83d\\ude00"}',
    });
    expect(pair.statusCode, pair.body).toBe(200);
    expect(pair.json().data.dictValue).toBe('😀');
  });

  it('refuses what the router refuses (an over-long path parameter, a broken %-escape) in the envelope and the language, without echoing the address', async () => {
    const long = 'x'.repeat(500);
    const refusedZh = expectFailure(await admin.get(`/api/roles/${long}`), 414, '请求参数错误');
    expect(JSON.stringify(refusedZh)).not.toContain(long);
    expectFailure(await adminEn.get(`/api/roles/${long}/users`), 414, 'The request is not valid');
    expectFailure(await adminEn.get('/api/roles/%E0%A4%A'), 400, 'The request is not valid');
    // No token either way: the router refuses the address before the guard is reached, and says nothing more.
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/tenant/${long}` });
    expectFailure(anonymous, 414, '请求参数错误');
  });

  it('refuses ids beyond a PostgreSQL integer, in the query, the body and a list', async () => {
    expectFailure(await admin.get(`${SYSTEM}/detail?id=2147483648`), 400, /编号必须是 1 到 2147483647 之间的整数/);
    expectFailure(await admin.get(`${SYSTEM}/child-list?parentId=99999999999999999999`), 400);
    expectFailure(await admin.post(`${SYSTEM}/submit`, { id: 2147483648, code: 'c', dictKey: 'k', dictValue: 'v' }), 400);
    expectFailure(await admin.post(`${SYSTEM}/submit`, { parentId: 1e20, code: 'c', dictKey: 'k', dictValue: 'v' }), 400);
    expectFailure(await admin.post(`${SYSTEM}/remove?ids=1,2147483648`), 400, '编号列表格式不正确');
    // The largest integer is a valid id that simply does not exist.
    expectFailure(await admin.get(`${SYSTEM}/detail?id=2147483647`), 404, '字典不存在');
  });

  it('reads ids as integers and nothing else', async () => {
    for (const id of [true, [1], '1', 1.5, null]) {
      expectFailure(await admin.post(`${SYSTEM}/submit`, { id, code: 'c', dictKey: 'k', dictValue: 'v' }), 400);
    }
    for (const parentId of [null, [], '0', false]) {
      expectFailure(await admin.post(`${SYSTEM}/submit`, { parentId, code: 'c', dictKey: 'k', dictValue: 'v' }), 400);
    }
    for (const id of ['1.0', '+1', '0x1', ' 1', '1e3', '-1', '']) {
      expectFailure(await admin.get(`${SYSTEM}/detail?id=${encodeURIComponent(id)}`), 400);
    }
    expectFailure(await admin.get(`${SYSTEM}/detail?id=1&id=2`), 400);
  });

  it('refuses broken %-encoding in HTTP Basic client credentials as a failed client authentication', async () => {
    const broken = `Basic ${Buffer.from('mac%ZZro:macro_secret').toString('base64')}`;
    const response = await tokenRequest(server, { grant_type: 'password', username: 'admin', password: 'x' }, { authorization: broken, 'tenant-id': TENANT });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client', success: false });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a unique-index race in the domain words, without SQL or parameters', async () => {
    // Insert behind the service's own check, as a concurrent request would, then submit the same code.
    await withTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`insert into macro_dict (kind, code, dict_key, dict_value) values ('system', 'RaceCode', '-1', 'race')`),
    );
    const { submitDict } = await import('../modules/dict/service.ts');
    const audit = server.modules.find((m) => m.audit)!.audit!;
    const actor = { tenantId: TENANT, userId: null, account: 't', ip: '', language: 'zh' as const };
    // The service's check sees the row; to reach the index, skip the check by racing two inserts.
    const attempts = await Promise.all(Array.from({ length: 4 }, () => admin.post(`${SYSTEM}/submit`, { code: 'RaceTwo', dictKey: '-1', dictValue: 'two' })));
    for (const response of attempts.filter((r) => r.statusCode !== 200)) {
      const body = expectFailure(response, 409, '字典编号「RaceTwo」已存在');
      expect(body.error_description).not.toMatch(/insert|macro_dict|params/i);
    }
    await expect(
      withTenant(server.database.db, TENANT, (tx) =>
        submitDict({ tx, actor, audit }, 'system', { parentId: 0, code: 'RaceCode', dictKey: '-1', dictValue: 'x', sort: 1, isSealed: 0, remark: '' }),
      ),
    ).rejects.toMatchObject({ status: 409, key: 'dict.codeExists' });
  });

  it('gives the request role only what requests need: no keys, no other tenant sessions', async () => {
    const { db } = server.database;
    const denied = await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        return tx.execute(sql`select * from platform_key`);
      })
      .then(
        () => 'read',
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    expect(denied).toMatch(/permission denied/);
    await signIn(server, OTHER_TENANT);
    // Sessions are not the request role's at all; sign-in's role sees one tenant's.
    const asRequest = await withTenant(db, TENANT, (tx) => tx.execute(sql`select distinct tenant_id from auth_session`)).then(
      () => 'read',
      (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
    );
    expect(asRequest).toMatch(/permission denied/);
    const sessions = await withTenant(db, TENANT, (tx) => tx.execute(sql`select distinct tenant_id from auth_session`), AUTH_ROLE);
    expect(rowsOf(sessions)).toEqual([{ tenant_id: TENANT }]);
    const privileges = rowsOf<{ table_name: string; privilege_type: string }>(
      await db.execute(sql`select table_name, privilege_type from information_schema.role_table_grants
        where grantee = ${APP_ROLE} and table_name in ('macro_menu', 'tenant', 'audit_log') order by 1, 2`),
    );
    expect(privileges).toEqual([
      { table_name: 'audit_log', privilege_type: 'INSERT' },
      { table_name: 'audit_log', privilege_type: 'SELECT' },
      // Menu administration is the platform tenant's (the menus service checks the actor).
      { table_name: 'macro_menu', privilege_type: 'DELETE' },
      { table_name: 'macro_menu', privilege_type: 'INSERT' },
      { table_name: 'macro_menu', privilege_type: 'SELECT' },
      { table_name: 'macro_menu', privilege_type: 'UPDATE' },
      // Written only by the platform tenant's administrators (the tenants service checks).
      { table_name: 'tenant', privilege_type: 'INSERT' },
      { table_name: 'tenant', privilege_type: 'SELECT' },
      { table_name: 'tenant', privilege_type: 'UPDATE' },
    ]);
  });

  it('answers 401 before validation: no token, a garbage token, whatever the body', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: `${SYSTEM}/detail` });
    expectFailure(anonymous, 401, '请先登录');
    const garbage = await server.app.inject({
      method: 'POST',
      url: `${SYSTEM}/submit`,
      headers: { 'macro-auth': 'bearer nonsense', 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expectFailure(garbage, 401, '登录已失效，请重新登录');
  });
});
