import { directoryDepartment, directorySettings, directorySyncResult, directoryUserSynced } from '@macro/contract/directory';
import { dept } from '@macro/contract/org';
import { USER_STATUS, userRecord } from '@macro/contract/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readConfig } from '../../platform/config.ts';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  signedInServer,
  signIn,
  startServer,
  type TestServer,
} from '../../test/helper.ts';
import { DINGTALK_DIRECTORY, type DirectoryStandIn, dingtalkDirectoryStandIn, WECOM_DIRECTORY, wecomDirectoryStandIn } from './standIns.ts';

const pageOf = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number() });

describe('directory configuration', () => {
  it('reads each directory from its credentials, the contacts secret first, the base URLs as configuration', () => {
    expect(readConfig({}).directory).toEqual({});
    const config = readConfig({
      MACRO_WECOM_CORP_ID: 'ww1',
      MACRO_WECOM_CORP_SECRET: 'app-secret',
      MACRO_WECOM_CONTACT_SECRET: 'contacts',
      MACRO_WECOM_BASE_URL: 'http://127.0.0.1:9/',
      MACRO_DINGTALK_CLIENT_ID: 'key',
      MACRO_DINGTALK_CLIENT_SECRET: 'secret',
    });
    expect(config.directory).toEqual({
      wecom: { baseUrl: 'http://127.0.0.1:9', corpId: 'ww1', secret: 'contacts' },
      dingtalk: { baseUrl: 'https://oapi.dingtalk.com', appKey: 'key', appSecret: 'secret' },
    });
  });
});

describeDb(`enterprise directory sync (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let other: Client;
  let wecom: DirectoryStandIn;
  let dingtalk: DirectoryStandIn;
  let companyId: number;

  const departmentsHere = async () => expectOk(await admin.get(`/api/macro-system/dept/list?companyId=${companyId}&size=500`), pageOf(dept)).records;
  const usersNamed = async (account: string) =>
    expectOk(await admin.get(`/api/macro-user/page?account=${account}&size=50`), pageOf(userRecord)).records.filter((u) => u.account === account);
  const sync = async (provider: string, client = admin) => client.post(`/api/${provider}/sync-department`);

  beforeAll(async () => {
    [wecom, dingtalk] = await Promise.all([wecomDirectoryStandIn(), dingtalkDirectoryStandIn()]);
    ({ server, admin, other } = await signedInServer({
      directory: {
        wecom: { baseUrl: wecom.url, corpId: WECOM_DIRECTORY.corpId, secret: WECOM_DIRECTORY.secret },
        dingtalk: { baseUrl: dingtalk.url, appKey: DINGTALK_DIRECTORY.appKey, appSecret: DINGTALK_DIRECTORY.appSecret },
      },
    }));
    const company = await admin.post('/api/companies', { companyName: '同步公司', companyCode: 'SYNC' });
    companyId = expectOk(company, z.object({ id: z.number() })).id;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([wecom?.close(), dingtalk?.close()]);
  });

  beforeEach(() => {
    wecom.down = false;
    dingtalk.down = false;
  });

  it('needs a company before syncing, and checks the settings it is given', async () => {
    const fresh = expectOk(await admin.get('/api/wechat-work'), directorySettings);
    expect(fresh).toMatchObject({ provider: 'wechat-work', configured: true, organisationId: WECOM_DIRECTORY.corpId, companyId: null, lastSync: null });
    expect(JSON.stringify(fresh)).not.toContain(WECOM_DIRECTORY.secret);
    expectFailure(await sync('wechat-work'), 422, '请先在同步设置中选择公司');
    expectFailure(await sync('wechat-work', as(server, (await signIn(server)).access_token, 'en')), 422, 'Choose a company in the sync settings first');
    const put = (body: unknown, client = admin) => client.call({ method: 'PUT', url: '/api/wechat-work', payload: body as object });
    for (const bad of [{}, { companyId: 'x' }, { companyId: -1 }, { companyId: 1e20 }, { companyId, parentDeptId: 1.5 }]) expectFailure(await put(bad), 400);
    expectFailure(await put({ companyId: 999_999 }), 404, '所选公司不存在');
    const elsewhere = expectOk(await admin.post('/api/companies', { companyName: '别的公司', companyCode: 'ELSE' }), z.object({ id: z.number() })).id;
    const foreignDept = expectOk(await admin.post('/api/departments/', { companyId: elsewhere, deptName: '别处' }), z.object({ id: z.number() })).id;
    expectFailure(await put({ companyId, parentDeptId: foreignDept }), 404, '所选上级部门不存在或不属于该公司');
    // Another tenant cannot point its sync at this tenant's company.
    expectFailure(await put({ companyId }, other), 404);
    const saved = expectOk(await put({ companyId }), directorySettings);
    expect(saved).toMatchObject({ companyId, parentDeptId: 0 });
    expect(expectOk(await other.get('/api/wechat-work'), directorySettings).companyId).toBeNull();
  });

  it('mirrors WeChat Work departments and members, then skips everything on a second run', async () => {
    wecom.departments = [
      { id: 1, name: '企业总部', parentId: 0, order: 100 },
      { id: 2, name: '研发部', parentId: 1, order: 90 },
      { id: 3, name: '前端组', parentId: 2, order: 10 },
      { id: 4, name: '销售部', parentId: 1, order: 95 },
    ];
    wecom.members = [
      { userid: 'zhangsan', name: '张三', departments: [2], mobile: '13800000001', email: 'zs@example.com', position: '工程师' },
      { userid: 'lisi', name: '李四', departments: [3, 4], mobile: '+86 138 0000 0002' },
      { userid: 'wang.wu', name: '王五', departments: [4], status: 5 },
    ];
    const first = expectOk(await sync('wechat-work'), directorySyncResult);
    expect(first.departments).toEqual({ created: 4, updated: 0, skipped: 0 });
    expect(first.users).toEqual({ created: 3, updated: 0, skipped: 0 });

    const here = await departmentsHere();
    const byName = new Map(here.map((d) => [d.deptName, d]));
    expect(byName.get('企业总部')?.parentId).toBe(0);
    expect(byName.get('研发部')?.parentId).toBe(byName.get('企业总部')?.id);
    expect(byName.get('前端组')?.parentId).toBe(byName.get('研发部')?.id);
    // WeChat Work lists larger orders first: 销售部 (95) before 研发部 (90).
    expect(byName.get('销售部')!.sort).toBeLessThan(byName.get('研发部')!.sort);

    const [zhangsan] = await usersNamed('zhangsan');
    expect(zhangsan).toMatchObject({
      name: '张三',
      deptId: byName.get('研发部')?.id,
      mobile: '13800000001',
      email: 'zs@example.com',
      code: '工程师',
      status: USER_STATUS.enabled,
    });
    const [lisi] = await usersNamed('lisi');
    // The main department wins; a mobile the console would refuse is left blank, not fatal.
    expect(lisi).toMatchObject({ deptId: byName.get('前端组')?.id, mobile: '' });
    const [wangwu] = await usersNamed('wang_wu');
    expect(wangwu).toMatchObject({ name: '王五', status: USER_STATUS.disabled });

    const listed = expectOk(await admin.get('/api/wechat-work/departments'), z.array(directoryDepartment));
    expect(listed.find((d) => d.externalId === '3')).toEqual({ externalId: '3', name: '前端组', externalParentId: '2', deptId: byName.get('前端组')?.id });

    const again = expectOk(await sync('wechat-work'), directorySyncResult);
    expect(again.departments).toEqual({ created: 0, updated: 0, skipped: 4 });
    expect(again.users).toEqual({ created: 0, updated: 0, skipped: 3 });
    expect(await departmentsHere()).toHaveLength(here.length);
    expect(expectOk(await admin.get('/api/wechat-work'), directorySettings).lastSync).toEqual(again);
  });

  it('follows renames and moves, fetching a new token when the old one expired', async () => {
    wecom.departments.find((d) => d.id === 3)!.name = '前端与设计组';
    wecom.members.find((m) => m.userid === 'zhangsan')!.departments = [4];
    wecom.expireTokens();
    const before = wecom.seen.filter((s) => s.includes('/cgi-bin/gettoken')).length;
    const result = expectOk(await sync('wechat-work'), directorySyncResult);
    expect(result.departments).toEqual({ created: 0, updated: 1, skipped: 3 });
    expect(result.users).toEqual({ created: 0, updated: 1, skipped: 2 });
    expect(wecom.seen.filter((s) => s.includes('/cgi-bin/gettoken')).length).toBe(before + 1);
    const here = await departmentsHere();
    expect(here.map((d) => d.deptName)).toContain('前端与设计组');
    const [zhangsan] = await usersNamed('zhangsan');
    expect(zhangsan.deptName).toBe('销售部');
  });

  it('links a member whose account exists instead of duplicating it, and syncs one member on request', async () => {
    const salesId = (await departmentsHere()).find((d) => d.deptName === '销售部')!.id;
    expectOk(
      await admin.post('/api/macro-user/submit', {
        account: 'zhaoliu',
        name: '赵六（手工）',
        deptId: salesId,
        password: encryptPassword(server.publicKey, 'Zhao@123456'),
        password2: encryptPassword(server.publicKey, 'Zhao@123456'),
      }),
      z.object({ id: z.number() }),
    );
    wecom.members.push({ userid: 'zhaoliu', name: '赵六', departments: [4] });
    const synced = expectOk(await admin.call({ method: 'PUT', url: '/api/wechat-work/sync-user/zhaoliu' }), directoryUserSynced);
    expect(synced.outcome).toBe('updated');
    const found = await usersNamed('zhaoliu');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: synced.userId, name: '赵六' });
    expect(expectOk(await admin.call({ method: 'PUT', url: '/api/wechat-work/sync-user/zhaoliu' }), directoryUserSynced).outcome).toBe('skipped');

    expectFailure(await admin.call({ method: 'PUT', url: '/api/wechat-work/sync-user/nobody' }), 404, '通讯录中不存在成员 nobody');
    expectFailure(await admin.call({ method: 'PUT', url: '/api/wechat-work/sync-user/bad%00id' }), 400);
    wecom.departments.push({ id: 9, name: '新部门', parentId: 1 });
    wecom.members.push({ userid: 'newbie', name: '新人', departments: [9] });
    expectFailure(await admin.call({ method: 'PUT', url: '/api/wechat-work/sync-user/newbie' }), 422, '成员 newbie 所在的部门尚未同步，请先同步部门');
  });

  it('changes nothing when the directory fails, even half-way through, and says why', async () => {
    const before = (await departmentsHere()).map((d) => d.deptName).sort();
    wecom.departments.push({ id: 10, name: '不会出现', parentId: 1 });
    wecom.down = true;
    expectFailure(await sync('wechat-work'), 503, '通讯录暂时无法访问，请稍后重试');
    wecom.down = false;
    // The departments are read and written, then the member lists fail: the transaction undoes it all.
    wecom.failPath = '/cgi-bin/user/list';
    try {
      expectFailure(await sync('wechat-work'), 503);
    } finally {
      wecom.failPath = null;
    }
    expect((await departmentsHere()).map((d) => d.deptName).sort()).toEqual(before);
    wecom.departments = wecom.departments.filter((d) => d.id !== 10);
  });

  it("refuses with the directory's own reason when the credentials are wrong", async () => {
    const wrong = await startServer({ directory: { wecom: { baseUrl: wecom.url, corpId: WECOM_DIRECTORY.corpId, secret: 'wrong' } } });
    try {
      const client = as(wrong, (await signIn(wrong)).access_token);
      expectFailure(await client.get('/api/wechat-work/departments'), 502, /40001 invalid credential/);
      const none = as(wrong, (await signIn(wrong)).access_token, 'en');
      expectFailure(
        await none.get('/api/ding-talk/departments'),
        422,
        'The server has no credentials for this directory configured; contact the administrator',
      );
      expect(expectOk(await none.get('/api/ding-talk'), directorySettings)).toMatchObject({ configured: false, organisationId: '' });
    } finally {
      await wrong.close();
    }
  });

  it('pages through DingTalk members by cursor and mirrors them all', async () => {
    dingtalk.departments = [
      { id: 1, name: '钉钉总部', parentId: 0 },
      { id: 20, name: '客服部', parentId: 1 },
    ];
    dingtalk.members = Array.from({ length: 110 }, (_, i) => ({ userid: `ding${i}`, name: `客服${i}`, departments: [20] }));
    const put = await admin.call({ method: 'PUT', url: '/api/ding-talk', payload: { companyId } });
    expectOk(put, directorySettings);
    const result = expectOk(await sync('ding-talk'), directorySyncResult);
    expect(result.departments).toEqual({ created: 2, updated: 0, skipped: 0 });
    expect(result.users).toEqual({ created: 110, updated: 0, skipped: 0 });
    expect(dingtalk.seen.some((s) => s.includes('/topapi/v2/user/list') && s.includes('"cursor":100'))).toBe(true);
    expect(await usersNamed('ding109')).toHaveLength(1);
    const second = expectOk(await sync('ding-talk'), directorySyncResult);
    expect(second.users).toEqual({ created: 0, updated: 0, skipped: 110 });
  });

  it('reads DingTalk departments, syncs one member (60121 when absent), renews an expired token, and gives the reason for wrong credentials (40089)', async () => {
    const listed = expectOk(await admin.get('/api/ding-talk/departments'), z.array(directoryDepartment));
    expect(listed.map((d) => d.name)).toEqual(expect.arrayContaining(['钉钉总部', '客服部']));
    expect(listed.find((d) => d.name === '客服部')).toMatchObject({ externalId: '20', externalParentId: '1' });

    dingtalk.members.find((m) => m.userid === 'ding0')!.name = '客服零号';
    dingtalk.expireTokens();
    const tokens = dingtalk.seen.filter((s) => s.includes('/gettoken')).length;
    const synced = expectOk(await admin.call({ method: 'PUT', url: '/api/ding-talk/sync-user/ding0' }), directoryUserSynced);
    expect(synced.outcome).toBe('updated');
    expect(dingtalk.seen.filter((s) => s.includes('/gettoken')).length).toBe(tokens + 1);
    expect((await usersNamed('ding0'))[0]).toMatchObject({ id: synced.userId, name: '客服零号' });
    expect(expectOk(await admin.call({ method: 'PUT', url: '/api/ding-talk/sync-user/ding0' }), directoryUserSynced).outcome).toBe('skipped');
    expectFailure(await admin.call({ method: 'PUT', url: '/api/ding-talk/sync-user/ghost' }), 404, '通讯录中不存在成员 ghost');

    const wrong = await startServer({ directory: { dingtalk: { baseUrl: dingtalk.url, appKey: DINGTALK_DIRECTORY.appKey, appSecret: 'wrong' } } });
    try {
      const client = as(wrong, (await signIn(wrong)).access_token);
      expectFailure(await client.get('/api/ding-talk/departments'), 502, /40089/);
    } finally {
      await wrong.close();
    }
  });

  it('keeps another tenant out: its sync needs its own company and sees none of these departments', async () => {
    expectFailure(await sync('wechat-work', other), 422);
    const theirs = await other.get('/api/macro-system/dept/list?size=500');
    expect(theirs.body).not.toContain('企业总部');
    expect(theirs.body).not.toContain('前端与设计组');
    expect(expectOk(await other.get('/api/wechat-work/departments'), z.array(directoryDepartment)).every((d) => d.deptId === null)).toBe(true);
  });
});
