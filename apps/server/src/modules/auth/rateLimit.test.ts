import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { tablesOf } from '../../modules.ts';
import { hit, TooManyAttempts } from './rateLimit.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import { ADMIN_PASSWORD, dbLabel, describeDb, encryptPassword, TENANT, type TestServer, startServer, tokenRequest } from '../../test/helper.ts';

const form = (server: TestServer, account: string, password = 'Wrong@000') => ({
  grant_type: 'password',
  username: account,
  password: encryptPassword(server.publicKey, password),
  scope: 'all',
});

describeDb(`sign-in rate limits (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ signInRatePerAccount: 3, signInRatePerAddress: 8, signInRateWindow: 60 });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After and a translated message past the limit of one account, other accounts unaffected', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await tokenRequest(server, form(server, 'limited'), { 'tenant-id': TENANT, 'x-i': String(i) })).statusCode).toBe(400);
    }
    const refused = await tokenRequest(server, form(server, 'limited', ADMIN_PASSWORD), { 'tenant-id': TENANT, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      success: false,
      httpCode: 429,
      sys_msg: `Too many sign-in attempts, please try again in ${retry} seconds`,
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    // Another account from the same address still gets its answer.
    const admin = await tokenRequest(server, form(server, 'admin', ADMIN_PASSWORD), { 'tenant-id': TENANT });
    expect(admin.statusCode).toBe(200);
  });

  it('opens a window at the first attempt, so a burst is counted whole whenever it starts, and forgets it once it has passed', async () => {
    const { db } = server.database;
    const key = `window-test-${Date.now()}`;
    await hit(db, key, 2, 1);
    await hit(db, key, 2, 1);
    const refused = await hit(db, key, 2, 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).retryAfter).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(hit(db, key, 2, 1)).resolves.toBeUndefined();
  });

  it('limits one client address across accounts and grants, and not the others', async () => {
    const from = (address: string, account: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/macro-auth/oauth/token',
        remoteAddress: address,
        headers: {
          authorization: `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`,
          'tenant-id': TENANT,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(form(server, account)).toString(),
      });
    for (let i = 0; i < 8; i++) expect((await from('10.9.8.7', `someone${i}`)).statusCode).toBe(400);
    const refused = await from('10.9.8.7', 'someone-else');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().sys_msg).toMatch(/^登录尝试过于频繁，请 \d+ 秒后再试$/);
    expect((await from('10.9.8.6', 'someone-else')).statusCode).toBe(400);
  });
});

/** Two servers on one PostgreSQL count against the same limits: the counters live in the database. */
describe.runIf(process.env.TEST_DB === 'postgres' && inject('postgresTemplate'))('sign-in rate limits across replicas', () => {
  let first: TestServer;
  let second: TestServer;
  let secondDb: Database;
  beforeAll(async () => {
    first = await startServer({ signInRatePerAccount: 4, signInRatePerAddress: 100, signInRateWindow: 60 });
    secondDb = await openDatabase({ databaseUrl: first.databaseUrl, tables: tablesOf(first.modules) });
    const app = await buildApp({ config: first.config, database: secondDb, modules: first.modules });
    second = { ...first, app, database: secondDb };
  });
  afterAll(async () => {
    await second.app.close();
    await secondDb.close();
    await first.close();
  });

  it('refuses the attempt past the limit whichever replica receives it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const replica = i % 2 === 0 ? first : second;
      statuses.push((await tokenRequest(replica, form(replica, 'roaming'), { 'tenant-id': TENANT })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });
});
