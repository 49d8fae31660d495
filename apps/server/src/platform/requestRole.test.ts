import { APP_ROLE } from '@macro/store';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { tablesOf } from '../modules.ts';
import { rotateTokenSecret } from '../modules/auth/index.ts';
import {
  ADMIN_PASSWORD,
  as,
  BASIC,
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  OTHER_TENANT,
  signIn,
  startServer,
  TENANT,
  type TestServer,
  tokenRequest,
} from '../test/helper.ts';
import { openDatabase } from './db.ts';

/*
 * Administrator-written SQL cannot leave its tenant or reach the platform's secrets: tried
 * through the API as a tenant administrator (every tenant's administrator designs templates),
 * and, on PostgreSQL, as the request role's own login.
 */

const SCHEME = '/api/macro-flow/model-scheme-info';

const sqlModel = (query: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_sql" targetNamespace="http://macro.console/test">
  <bpmn:process id="bySql" name="By SQL" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="pick" name="Picked"><bpmn:extensionElements><macro:node><macro:approver kind="sql"><![CDATA[${query}]]></macro:approver></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="pick"/>
    <bpmn:sequenceFlow id="f2" sourceRef="pick" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** Each escape, and the name the refusal must give. */
const ESCAPES: [string, string][] = [
  [`select 1 as "F_UserId" where set_config('role', 'none', true) is not null`, 'set_config'],
  [`select 1 as "F_UserId", pg_catalog.set_config('role', 'postgres', false)`, 'set_config'],
  [`select 1 as "F_UserId" where set_config('app.tenant_id', '000000', true) is not null`, 'set_config'],
  [`reset role`, 'only a SELECT'],
  [`set role postgres`, 'only a SELECT'],
  [`select 1 as "F_UserId", query_to_xml('select * from platform_key', true, true, '')`, 'query_to_xml'],
  [`select 1 as "F_UserId", pg_read_file('/etc/passwd')`, 'pg_read_file'],
  [`select 1 as "F_UserId", lo_import('/etc/passwd')`, 'lo_import'],
  [`select usesysid::integer as "F_UserId" from pg_user`, 'pg_user'],
  [`select 1 as "F_UserId" from pg_catalog.pg_authid`, 'pg_catalog.pg_authid'],
  [`select 1 as "F_UserId" from pg_advisory_lock(42)`, 'RangeFunction'],
  [`select 1 as "F_UserId", pg_advisory_lock(42)`, 'pg_advisory_lock'],
  [`select 1 as "F_UserId", pg_sleep(5)`, 'pg_sleep'],
  [`select length(value)::integer as "F_UserId" from platform_key`, 'platform_key'],
  [`select user_id as "F_UserId" from auth_session`, 'auth_session'],
  [`select id as "F_UserId" from macro_user`, 'macro_user'],
  [`select ctid::text::integer as "F_UserId" from approver_users`, 'ctid'],
  [`copy (select 1) to '/tmp/x'`, 'only a SELECT'],
];

describeDb(`administrator SQL is fenced (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let otherAdmin: Client;
  let otherUserIds: number[];

  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token, 'en');
    otherAdmin = as(server, (await signIn(server, OTHER_TENANT)).access_token, 'en');
    const ids = await server.database.db.execute(sql`select id from macro_user where tenant_id = ${OTHER_TENANT}`);
    otherUserIds = (ids as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  });
  afterAll(async () => server?.close());

  it.each(ESCAPES)('refuses at save, naming what is refused: %s', async (query, refused) => {
    const before = (await otherAdmin.get(`${SCHEME}/page?size=100`)).json().data.total;
    const create = { name: 'Escape', code: `escape-${Math.random().toString(36).slice(2, 8)}`, category: 'finance', xml: sqlModel(query) };
    const response = await otherAdmin.post(`${SCHEME}/new-model`, create);
    expectFailure(response, 422, /UserTask pick/);
    const lint = (await otherAdmin.post(`${SCHEME}/lint`, { xml: sqlModel(query) })).json().data;
    expect(lint).toEqual([expect.objectContaining({ elementId: 'pick', code: 'approverSql', message: expect.stringContaining(refused) })]);
    // Nothing ran, so nothing was read: no key, no user of the platform tenant in the answer.
    expect(response.body).not.toMatch(/BEGIN|PRIVATE|postgres:|root:/);
    expect((await otherAdmin.get(`${SCHEME}/page?size=100`)).json().data.total).toBe(before);
  });

  it('resolves approvers through the approver views of its own tenant only', async () => {
    const everyone = 'select user_id as "F_UserId" from approver_users order by user_id';
    const simulated = (await otherAdmin.post(`${SCHEME}/simulate`, { xml: sqlModel(everyone), variables: {} })).json().data;
    const picked = simulated.steps.find((s: { nodeId: string }) => s.nodeId === 'pick').approvers.map((a: { id: number }) => a.id);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.sort()).toEqual([...otherUserIds].sort());
    // The platform tenant's administrator, asking the same, sees the platform tenant's users: none of the other's.
    const own = (await admin.post(`${SCHEME}/simulate`, { xml: sqlModel(everyone), variables: {} })).json().data;
    const ownIds = own.steps.find((s: { nodeId: string }) => s.nodeId === 'pick').approvers.map((a: { id: number }) => a.id);
    expect(ownIds.some((id: number) => otherUserIds.includes(id))).toBe(false);
  });

  it('answers a failing query with its SQLSTATE only: the database text, which quotes values, stays out', async () => {
    // Casting an account name to a number fails with a message that quotes the account.
    const leaky = `select account::integer as "F_UserId" from approver_users`;
    const response = await otherAdmin.post(`${SCHEME}/simulate`, { xml: sqlModel(leaky), variables: {} });
    expect(response.json().data.warnings).toEqual(['The approver SQL failed: SQLSTATE 22P02']);
    expect(response.body).not.toMatch(/admin|invalid input syntax/);
  });
});

(dbLabel === 'postgres' ? describeDb : describe.skip)(
  'the request role, logged in as itself (PostgreSQL; PGlite has one connection, held by the parser fence)',
  () => {
    let server: TestServer;
    let client: pg.Client;

    beforeAll(async () => {
      server = await startServer();
      const url = new URL(server.databaseUrl ?? '');
      url.username = APP_ROLE;
      url.password = '';
      client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
    });
    afterAll(async () => {
      await client?.end();
      await server?.close();
    });

    const refused = async (text: string) => {
      await client.query('begin');
      try {
        await client.query(text);
        return undefined;
      } catch (error) {
        return (error as { code?: string }).code;
      } finally {
        await client.query('rollback');
      }
    };

    it('is no superuser, bypasses no policy, owns nothing, and is what requests log in as', async () => {
      const { rows } = await client.query(`select current_user as name, rolsuper, rolbypassrls,
      exists (select 1 from pg_class where relowner = r.oid) as owns from pg_roles r where rolname = current_user`);
      expect(rows[0]).toEqual({ name: APP_ROLE, rolsuper: false, rolbypassrls: false, owns: false });
      const served = await server.database.requestDb.execute(sql`select current_user as name, session_user as login`);
      expect((served as unknown as { rows: unknown[] }).rows[0]).toEqual({ name: APP_ROLE, login: APP_ROLE });
    });

    it('keeps the server from starting when requests would log in as a superuser, with what to do instead', async () => {
      const owner = server.databaseUrl ?? '';
      const opening = openDatabase({ databaseUrl: owner, requestDatabaseUrl: owner, tables: tablesOf(server.modules), prepared: true });
      await expect(opening).rejects.toThrow(/superuser[\s\S]*CREATE ROLE macro_app LOGIN[\s\S]*DATABASE_REQUEST_URL/);
    });

    it('cannot read the signing keys or the sessions, even with every tenant setting', async () => {
      expect(await refused('select * from platform_key')).toBe('42501');
      expect(await refused('select * from auth_session')).toBe('42501');
      expect(await refused('select * from auth_used_refresh')).toBe('42501');
      expect(await refused(`select set_config('app.tenant_id', '${TENANT}', true); select * from auth_session`)).toBe('42501');
    });

    it('cannot become the owner: SET ROLE and set_config(role) to the owner fail, RESET ROLE stays itself', async () => {
      expect(await refused('set role postgres')).toBe('42501');
      expect(await refused(`select set_config('role', 'postgres', true)`)).toBe('42501');
      expect(await refused('set session authorization postgres')).toBe('42501');
      await client.query('begin');
      await client.query(`select set_config('role', 'none', true)`);
      await client.query('reset role');
      const { rows } = await client.query('select current_user as name');
      expect(rows[0].name).toBe(APP_ROLE);
      await client.query('rollback');
    });

    it('sees no tenant without the setting, one tenant with it, and cannot write into another', async () => {
      await client.query('begin');
      const none = await client.query('select count(*)::integer as n from macro_user');
      expect(none.rows[0].n).toBe(0);
      await client.query(`select set_config('app.tenant_id', '${OTHER_TENANT}', true)`);
      const seen = await client.query('select distinct tenant_id from macro_user');
      expect(seen.rows).toEqual([{ tenant_id: OTHER_TENANT }]);
      await client.query('rollback');
      expect(
        await refused(`select set_config('app.tenant_id', '${OTHER_TENANT}', true);
        insert into macro_post (post_code, post_name, tenant_id) values ('x', 'x', '${TENANT}')`),
      ).toBe('42501');
    });

    it('starts a request only for a live session: a made-up one changes no setting', async () => {
      await client.query('begin');
      const { rows } = await client.query(
        `select macro_request_begin('not-a-session', 1, '${TENANT}') as live, current_setting('app.tenant_id', true) as tenant`,
      );
      expect(rows[0].live).toBe(false);
      expect(rows[0].tenant ?? '').toBe('');
      await client.query('rollback');
    });
  },
);

describeDb(`the token secret rotates (${dbLabel})`, () => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('ends every session at once, and tokens signed before fail on a server that loaded the new secret', async () => {
    server = await startServer();
    const before = await signIn(server);
    const other = await signIn(server, OTHER_TENANT);
    const me = (token: string, app = server.app) => app.inject({ method: 'GET', url: '/api/user/getUserInfo', headers: { 'macro-auth': `bearer ${token}` } });
    expect((await me(before.access_token)).statusCode).toBe(200);
    expect(await rotateTokenSecret(server.database.db)).toBeGreaterThanOrEqual(2);
    expect((await me(before.access_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
    const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: before.refresh_token, scope: 'all' }, { 'tenant-id': TENANT });
    expect(refreshed.statusCode).toBe(400);
    // A process started after the rotation signs with the new secret: a token of the old one is refused.
    const restarted = await buildApp({ config: server.config, database: server.database, modules: server.modules });
    try {
      const fresh = await restarted.inject({
        method: 'POST',
        url: '/api/macro-auth/oauth/token',
        headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', 'tenant-id': TENANT },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: 'admin',
          password: encryptPassword(server.publicKey, ADMIN_PASSWORD),
          scope: 'all',
        }).toString(),
      });
      expect(fresh.statusCode).toBe(200);
      expect((await me(fresh.json().access_token, restarted)).statusCode).toBe(200);
      expect(fresh.json().access_token).not.toBe(before.access_token);
      // The old process's newest tokens are signed with the old secret: the new one does not take them.
      const stale = await signIn(server);
      expect((await me(stale.access_token, restarted)).statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});
