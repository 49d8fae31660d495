import type { AddressInfo } from 'node:net';
import { NOTICE_ENDPOINTS as N, notifyPreferences } from '@macro/contract/notices';
import { requestPath, started } from '@macro/contract/workflow';
import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { adminRoleId } from '../identity/roles.ts';
import { createUser } from '../identity/users.ts';
import {
  type DirectoryStandIn,
  DINGTALK_DIRECTORY,
  dingtalkDirectoryStandIn,
  WECOM_AGENT,
  WECOM_DIRECTORY,
  wecomDirectoryStandIn,
} from '../directory/standIns.ts';
import { deliverDue, MAX_ATTEMPTS, sendersOf, smtpMailer } from './delivery.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const PASSWORD = 'Flow@123456';
const PREFS = `/api${N.preferences.path}`;

/** What the stand-in mail server received: envelope recipient and the raw message. */
interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server (the smtp-server package speaks the protocol); `refuse` makes it answer 451 to every message. */
async function mailServer() {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (state.refuse) return done(Object.assign(new Error('try again later'), { responseCode: 451 }));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Headers and body of a received message, the body decoded from quoted-printable or base64. */
function decoded(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const subjectLine = head.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  const words = [...subjectLine.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)];
  const subject = words.length
    ? words.map(([, kind, text]) => (kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text.replace(/_/g, ' ')))).join('')
    : subjectLine;
  const text = /Content-Transfer-Encoding: base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : decodeQ(body.replace(/=\r?\n/g, ''));
  return { subject, text };
}
const decodeQ = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const leaveXml = (approver: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_mailed" targetNamespace="http://macro.console/test">
  <bpmn:process id="mailed" name="Mailed" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${approver}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

describeDb(`messages by e-mail: chosen per user, sent after commit, retried, recorded (${dbLabel})`, () => {
  let mail: Awaited<ReturnType<typeof mailServer>>;
  let server: TestServer;
  let starter: Client;
  let approverEn: Client;
  let noAddress: Client;
  let approverId: number;

  beforeAll(async () => {
    mail = await mailServer();
    // Sent by the calls below, not by the server's own timer (an hour apart).
    server = await startServer({ mail: { url: mail.url, from: 'Macro <no-reply@macro.test>', publicUrl: 'https://console.macro.test', seconds: 3600 } });
    starter = as(server, (await signIn(server)).access_token);
    const ids = await withTenant(server.database.db, TENANT, async (tx) => {
      const everything = await adminRoleId(tx);
      return [
        await createUser(tx, { account: 'mail_approver', name: 'Mail Approver', email: 'approver@macro.test', password: PASSWORD, roleIds: [everything] }),
        await createUser(tx, { account: 'mail_none', name: 'No Address', password: PASSWORD, roleIds: [everything] }),
      ];
    });
    approverId = ids[0];
    expectOk(
      await starter.post(`${SCHEME}/new-model`, { name: '邮件', code: 'mailed', category: 'general', xml: leaveXml(approverId) }),
      z.object({ id: z.number() }),
    );
    approverEn = as(server, (await signIn(server, TENANT, 'mail_approver', PASSWORD)).access_token, 'en');
    noAddress = as(server, (await signIn(server, TENANT, 'mail_none', PASSWORD)).access_token);
  });
  afterAll(async () => {
    await server?.close();
    await mail?.close();
  });

  const mailer = () => ({ email: smtpMailer(server.config.mail!) });
  const deliveries = () =>
    withTenant(server.database.db, TENANT, async (tx) =>
      rowsOf<{ address: string; state: string; attempts: number; last_error: string }>(
        await tx.execute(sql`select address, state, attempts, last_error from macro_notice_delivery where user_id = ${approverId} order by id`),
      ),
    );

  it('a user turns e-mail on in their language; one without an address is told why not', async () => {
    expect(expectOk(await approverEn.get(PREFS), notifyPreferences)).toEqual({
      email: false,
      emailAddress: 'approver@macro.test',
      emailAvailable: true,
      // No directory application is configured on this server.
      wecom: false,
      wecomAvailable: false,
      dingtalk: false,
      dingtalkAvailable: false,
    });
    expectFailure(await approverEn.put(PREFS, { wecom: true }), 422, /WeChat Work notifications cannot be turned on/);
    expectFailure(await approverEn.put(PREFS, {}), 400);
    expect(expectOk(await approverEn.put(PREFS, { email: true }), notifyPreferences).email).toBe(true);
    expectFailure(await noAddress.put(PREFS, { email: true }), 422, '个人资料中没有邮箱地址，请先填写邮箱');
    expectFailure(await noAddress.put(PREFS, { email: 'yes' }), 400);
    expect(expectOk(await noAddress.get(PREFS), notifyPreferences).email).toBe(false);
  });

  it('a task arriving is e-mailed after the commit, in English, with a link into the console; nothing before the job runs', async () => {
    const run = expectOk(await starter.post(`${TASK}/create-process`, { code: 'mailed', title: 'Leave for Wang' }), started);
    // Written with the message, not sent inside the operation.
    expect(mail.received).toEqual([]);
    expect((await deliveries()).map((d) => d.state)).toEqual(['pending']);
    expect(await deliverDue(server.database.db, mailer(), { publicUrl: server.config.mail!.publicUrl })).toEqual({ sent: 1, failed: 0 });
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0].to).toEqual(['approver@macro.test']);
    const { subject, text } = decoded(mail.received[0].raw);
    expect(subject).toBe('To approve: Leave for Wang');
    expect(text).toContain('"Check"');
    expect(text).toMatch(/https:\/\/console\.macro\.test\/workflow\/tasks\/\d+/);
    expect((await deliveries()).map((d) => [d.state, d.attempts])).toEqual([['sent', 1]]);
    // Sent once: a second run finds nothing due.
    expect(await deliverDue(server.database.db, mailer())).toEqual({ sent: 0, failed: 0 });
    expect(mail.received).toHaveLength(1);
    expect(requestPath(run.instanceId)).toMatch(/\/workflow\/requests\//);
  });

  it('a refusing mail server is retried later with the reason kept, and given up after the last attempt', async () => {
    mail.received.length = 0;
    mail.state.refuse = true;
    expectOk(await starter.post(`${TASK}/create-process`, { code: 'mailed', title: 'Trip to Osaka' }), started);
    let now = Date.now();
    expect(await deliverDue(server.database.db, mailer(), { now: new Date(now) })).toEqual({ sent: 0, failed: 1 });
    const [, first] = await deliveries();
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first.last_error).toMatch(/^451/);
    // Not due again at once: the wait doubles from a minute.
    expect(await deliverDue(server.database.db, mailer(), { now: new Date(now + 1000) })).toEqual({ sent: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      now += 3600_000;
      expect(await deliverDue(server.database.db, mailer(), { now: new Date(now) })).toEqual({ sent: 0, failed: 1 });
    }
    expect((await deliveries())[1]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(await deliverDue(server.database.db, mailer(), { now: new Date(now + 10 * 3600_000) })).toEqual({ sent: 0, failed: 0 });
    mail.state.refuse = false;
    expect(mail.received).toEqual([]);
  });

  it('refuses bad requests with a clear 4xx, and a choice sent twice at once is kept once', async () => {
    expect((await server.app.inject({ method: 'GET', url: PREFS })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'PUT', url: PREFS, payload: { email: true } })).statusCode).toBe(401);
    expectFailure(await approverEn.put(PREFS, { email: 'true\u0000' }), 400);
    expectFailure(await approverEn.put(PREFS, { wecom: 1 }), 400);
    const twice = await Promise.all([approverEn.put(PREFS, { email: true }), approverEn.put(PREFS, { email: true })]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await withTenant(server.database.db, TENANT, async (tx) =>
      rowsOf<{ n: unknown }>(await tx.execute(sql`select count(*) as n from macro_notice_pref where user_id = ${approverId}`)),
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  it('turned off, nothing more is queued', async () => {
    expect(expectOk(await approverEn.put(PREFS, { email: false }), notifyPreferences).email).toBe(false);
    const before = (await deliveries()).length;
    expectOk(await starter.post(`${TASK}/create-process`, { code: 'mailed', title: 'Quiet one' }), started);
    expect(await deliveries()).toHaveLength(before);
  });
});

describeDb(`messages as WeChat Work and DingTalk work notifications (${dbLabel})`, () => {
  let wecom: DirectoryStandIn;
  let dingtalk: DirectoryStandIn;
  let server: TestServer;
  let starter: Client;
  let approver: Client;
  let approverId: number;

  beforeAll(async () => {
    [wecom, dingtalk] = [await wecomDirectoryStandIn(), await dingtalkDirectoryStandIn()];
    wecom.members = [{ userid: 'zhangsan', name: '张三', departments: [1] }];
    server = await startServer({
      directory: {
        wecom: {
          baseUrl: wecom.url,
          corpId: WECOM_DIRECTORY.corpId,
          secret: WECOM_DIRECTORY.secret,
          agent: { agentId: WECOM_AGENT.agentId, secret: WECOM_AGENT.secret },
        },
        dingtalk: { baseUrl: dingtalk.url, appKey: DINGTALK_DIRECTORY.appKey, appSecret: DINGTALK_DIRECTORY.appSecret, agentId: DINGTALK_DIRECTORY.agentId },
      },
    });
    starter = as(server, (await signIn(server)).access_token);
    approverId = await withTenant(server.database.db, TENANT, async (tx) => {
      const id = await createUser(tx, { account: 'work_approver', name: '张三', password: PASSWORD, roleIds: [await adminRoleId(tx)] });
      // Synced from both directories (as directory sync links a member to a user).
      await tx.execute(
        sql`insert into macro_directory_link (provider, kind, external_id, local_id) values ('wechat-work', 'user', 'zhangsan', ${id}), ('ding-talk', 'user', 'ding-zhangsan', ${id})`,
      );
      return id;
    });
    expectOk(
      await starter.post(`${SCHEME}/new-model`, {
        name: '工作通知',
        code: 'worked',
        category: 'general',
        xml: leaveXml(approverId).replaceAll('mailed', 'worked'),
      }),
      z.object({ id: z.number() }),
    );
    approver = as(server, (await signIn(server, TENANT, 'work_approver', PASSWORD)).access_token);
  });
  afterAll(async () => {
    await server?.close();
    await wecom?.close();
    await dingtalk?.close();
  });

  it('a synced user chooses both; a task arriving reaches them in each, as the application, in their language', async () => {
    const prefs = expectOk(await approver.get(PREFS), notifyPreferences);
    expect(prefs).toMatchObject({ wecomAvailable: true, dingtalkAvailable: true, emailAvailable: false });
    expect(expectOk(await approver.put(PREFS, { wecom: true, dingtalk: true }), notifyPreferences)).toMatchObject({
      wecom: true,
      dingtalk: true,
      email: false,
    });
    expectOk(await starter.post(`${TASK}/create-process`, { code: 'worked', title: '出差 张三' }), started);
    expect([wecom.messages, dingtalk.messages]).toEqual([[], []]);
    expect(await deliverDue(server.database.db, sendersOf(server.config))).toEqual({ sent: 2, failed: 0 });
    expect(wecom.messages).toEqual([{ to: ['zhangsan'], agentId: Number(WECOM_AGENT.agentId), text: expect.stringContaining('待审批：出差 张三') }]);
    expect(dingtalk.messages).toEqual([
      { to: ['ding-zhangsan'], agentId: Number(DINGTALK_DIRECTORY.agentId), text: expect.stringContaining('待审批：出差 张三') },
    ]);
    expect(wecom.messages[0].text).toContain('“Check”');
  });

  it("a member the application does not know is a failed attempt with the directory's reason", async () => {
    await withTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`update macro_directory_link set external_id = 'gone' where provider = 'wechat-work' and local_id = ${approverId}`),
    );
    expectOk(await approver.put(PREFS, { dingtalk: false }), notifyPreferences);
    expectOk(await starter.post(`${TASK}/create-process`, { code: 'worked', title: '出差 李四' }), started);
    expect(await deliverDue(server.database.db, sendersOf(server.config))).toEqual({ sent: 0, failed: 1 });
    const [row] = await withTenant(server.database.db, TENANT, async (tx) =>
      rowsOf<{ state: string; last_error: string }>(await tx.execute(sql`select state, last_error from macro_notice_delivery where address = 'gone'`)),
    );
    expect(row).toMatchObject({ state: 'pending' });
    expect(row.last_error).toMatch(/^81013 invalid user gone/);
  });
});
