import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, as, dbLabel, describeDb, encryptPassword, signIn, TENANT, type TestServer, startServer, tokenRequest } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const LOCKED = '连续登录失败次数过多，账号已锁定，请稍后再试或联系管理员解锁';
const WRONG = '账号或密码错误';
const RIGHT = 'Right@123456';

describeDb(`sign-in lockout (${dbLabel})`, () => {
  let server: TestServer;
  let admin: ReturnType<typeof as>;
  const LIMIT = 5;
  beforeAll(async () => {
    server = await startServer({ maxLoginFailures: LIMIT, lockSeconds: 60 });
    admin = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());

  const attempt = (account: string, password: string, tenant = TENANT, on = server) =>
    tokenRequest(on, { grant_type: 'password', username: account, password: encryptPassword(on.publicKey, password), scope: 'all' }, { 'tenant-id': tenant });
  const newUser = (account: string) => withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account, name: account, password: RIGHT }));
  const failTimes = async (account: string, times: number, tenant = TENANT) => {
    const messages: string[] = [];
    for (let i = 0; i < times; i++) messages.push((await attempt(account, 'Wrong@000', tenant)).json().sys_msg);
    return messages;
  };

  it('locks after the allowed failures; then even the right password is refused with the same answer as a wrong one', async () => {
    await newUser('victim');
    expect(await failTimes('victim', LIMIT)).toEqual(Array(LIMIT).fill(WRONG));
    const right = await attempt('victim', RIGHT);
    const wrong = await attempt('victim', 'Wrong@000');
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ error: 'invalid_grant', sys_msg: LOCKED });
    // Nothing in the answer tells the right password from a wrong one.
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.json()).toEqual(right.json());
  });

  it('locks an account that does not exist, and a tenant that does not exist, exactly the same way', async () => {
    await newUser('known');
    const known = await failTimes('known', LIMIT + 1);
    const ghost = await failTimes('ghost-account', LIMIT + 1);
    expect(ghost).toEqual(known);
    expect(ghost.at(-1)).toBe(LOCKED);
    const nowhere = await failTimes('admin', LIMIT + 1, '987654');
    expect(nowhere.slice(0, LIMIT)).toEqual(Array(LIMIT).fill('租户不存在或已停用'));
    expect(nowhere.at(-1)).toBe(LOCKED);
    const [a, b] = [await attempt('known', RIGHT), await attempt('ghost-account', RIGHT)];
    expect(a.json()).toEqual(b.json());
  });

  it('a lock blocks new password sign-ins only: an anonymous attacker cannot log a signed-in user out', async () => {
    await newUser('signedin');
    const tokens = await signIn(server, TENANT, 'signedin', RIGHT);
    const client = as(server, tokens.access_token);
    expect((await client.get('/api/user/getUserInfo')).statusCode).toBe(200);
    // Anyone can lock an account by guessing wrong…
    await failTimes('signedin', LIMIT);
    expect((await attempt('signedin', RIGHT)).json()).toMatchObject({ error: 'invalid_grant', sys_msg: LOCKED });
    // …but the user already signed in keeps working, and their session goes on refreshing.
    expect((await client.get('/api/user/getUserInfo')).statusCode).toBe(200);
    const refresh = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode, refresh.body).toBe(200);
    const renewed = as(server, refresh.json().access_token);
    expect((await renewed.get('/api/user/getUserInfo')).statusCode).toBe(200);
  });

  it('lifts the lock by itself after its time, and the next lock in a row lasts twice as long', async () => {
    // A one-second first lock keeps the expiry and doubling checks short.
    const brief = await startServer({ maxLoginFailures: LIMIT, lockSeconds: 1 });
    try {
      await withTenant(brief.database.db, TENANT, (tx) => createUser(tx, { account: 'patient', name: 'p', password: RIGHT }));
      const fail = async () => {
        const messages: string[] = [];
        for (let i = 0; i < LIMIT; i++) messages.push((await attempt('patient', 'Wrong@000', TENANT, brief)).json().sys_msg);
        return messages;
      };
      await fail();
      expect((await attempt('patient', RIGHT, TENANT, brief)).json().sys_msg).toBe(LOCKED);
      await new Promise((r) => setTimeout(r, 1100));
      // The lock ran out: the count starts again, and a second lock in a row lasts 2 s.
      expect(await fail()).toEqual(Array(LIMIT).fill(WRONG));
      const lockedAt = Date.now();
      await new Promise((r) => setTimeout(r, 1100));
      expect((await attempt('patient', RIGHT, TENANT, brief)).json().sys_msg).toBe(LOCKED);
      await new Promise((r) => setTimeout(r, Math.max(0, lockedAt + 2100 - Date.now())));
      expect((await attempt('patient', RIGHT, TENANT, brief)).statusCode).toBe(200);
    } finally {
      await brief.close();
    }
  });

  it('counts failures since the last success only', async () => {
    await newUser('forgetful');
    await failTimes('forgetful', LIMIT - 1);
    expect((await attempt('forgetful', RIGHT)).statusCode).toBe(200);
    expect(await failTimes('forgetful', LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(WRONG));
    expect((await attempt('forgetful', RIGHT)).statusCode).toBe(200);
  });

  it('lets an administrator unlock at once, audited; an unknown user is not found', async () => {
    const id = await newUser('unlockme');
    await failTimes('unlockme', LIMIT);
    expect((await attempt('unlockme', RIGHT)).json().sys_msg).toBe(LOCKED);
    const missing = await admin.post('/api/macro-user/unlock', { userIds: [id, 2_000_000_000] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().sys_msg).toBe('用户不存在');
    const empty = await admin.post('/api/macro-user/unlock', { userIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().sys_msg).toBe('请选择用户');
    const unlocked = await admin.post('/api/macro-user/unlock', { userIds: [id] });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data).toEqual({ unlocked: 1 });
    expect((await attempt('unlockme', RIGHT)).statusCode).toBe(200);
    const audit = rowsOf<{ action: string; account: string }>(
      await server.database.db.execute(
        sql`select action, account from audit_log where resource = 'user' and resource_id = ${String(id)} and tenant_id = ${TENANT}`,
      ),
    );
    expect(audit).toEqual([{ action: 'unlock', account: 'admin' }]);
  });

  it('refuses a disabled user with the right password, without telling a wrong guess so, and ends their sessions', async () => {
    const id = await newUser('leaver');
    const client = as(server, (await signIn(server, TENANT, 'leaver', RIGHT)).access_token);
    await server.database.db.execute(sql`update macro_user set status = 0 where id = ${id}`);
    expect((await client.get('/api/user/getUserInfo')).statusCode).toBe(401);
    expect((await attempt('leaver', 'Wrong@000')).json().sys_msg).toBe(WRONG);
    expect((await attempt('leaver', RIGHT)).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '该用户已被禁用' });
  });

  it('evaluates exactly the allowed number of concurrent wrong guesses and refuses the rest as locked', async () => {
    await newUser('burst');
    const guesses = await Promise.all(Array.from({ length: 12 }, () => attempt('burst', 'Wrong@000')));
    const messages = guesses.map((g) => g.json().sys_msg);
    expect(messages.filter((m) => m === WRONG)).toHaveLength(LIMIT);
    expect(messages.filter((m) => m === LOCKED)).toHaveLength(12 - LIMIT);
    // And a burst of right passwords while locked signs nobody in.
    const right = await Promise.all(Array.from({ length: 4 }, () => attempt('burst', RIGHT)));
    expect(right.map((r) => r.json().sys_msg)).toEqual(Array(4).fill(LOCKED));
  });

  it('keeps the administrator of the tenant reachable: an administrator of the platform signs in meanwhile', async () => {
    expect((await attempt('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
