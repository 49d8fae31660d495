import { NOTICE_CATEGORY, NOTICE_ENDPOINTS as N, inboxItem, unreadCounts } from '@macro/contract/notices';
import { started } from '@macro/contract/workflow';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectOk, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { adminRoleId } from '../identity/roles.ts';
import { createUser } from '../identity/users.ts';
import { engineFor } from './shared.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const PASSWORD = 'Flow@123456';
const DAY = 24 * 3600_000;

/** An approval by `approvers` (an or-sign: each gets the task) with a reminder every day, three times. */
const remindedXml = (approvers: number[]) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_reminded" targetNamespace="http://macro.console/test">
  <bpmn:process id="reminded" name="Reminded" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="check" name="核对"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${approvers.join(',')}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:boundaryEvent id="nudge" attachedToRef="check" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeCycle>R3/P1D</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:boundaryEvent>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const inbox = z.object({ records: z.array(inboxItem) });
const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string() });

describeDb(`reminders of a waiting task in the console's bell (${dbLabel})`, () => {
  let server: TestServer;
  let starter: Client;
  let actors: Client[];
  let bystander: Client;

  beforeAll(async () => {
    server = await startServer();
    starter = as(server, (await signIn(server)).access_token);
    const accounts = ['remind_a', 'remind_b', 'remind_c'];
    const ids = await withTenant(server.database.db, TENANT, async (tx) => {
      const everything = await adminRoleId(tx);
      const made: number[] = [];
      for (const account of accounts) made.push(await createUser(tx, { account, name: account, password: PASSWORD, roleIds: [everything] }));
      return made;
    });
    expectOk(
      await starter.post(`${SCHEME}/new-model`, { name: '催办', code: 'reminded', category: 'general', xml: remindedXml(ids.slice(0, 2)) }),
      z.object({ id: z.number() }),
    );
    const client = async (account: string) => as(server, (await signIn(server, TENANT, account, PASSWORD)).access_token);
    actors = [await client('remind_a'), await client('remind_b')];
    bystander = await client('remind_c');
  });
  afterAll(() => server?.close());

  /** The timers run as the server runs them, `days` (and a minute) after now. */
  const daysLater = (days: number) => {
    const engine = engineFor({ db: server.database.db, config: server.config, audit: server.modules.find((m) => m.audit)!.audit! });
    return engine.runDueJobs(server.database.db, { now: new Date(Date.now() + days * DAY + 60_000), runOn: server.database.requestDb });
  };
  const messages = async (c: Client) =>
    expectOk(await c.get(`/api${N.inbox.path}?category=${NOTICE_CATEGORY.message}&size=100`), inbox).records.filter((m) => m.title.startsWith('催办'));
  const unread = async (c: Client) => expectOk(await c.get(`/api${N.unread.path}`), unreadCounts).message;
  const historyOf = async (instanceId: number) =>
    ((await starter.get(`${TASK}/history-taskList?processInstanceId=${instanceId}`)).json().data as { action: string | null; comment: string | null }[]).filter(
      (h) => h.action === 'remind',
    );

  it('the bell notice reaches every actor of the task at each firing: three times, then the reminder stops', async () => {
    const run = expectOk(await starter.post(`${TASK}/create-process`, { code: 'reminded', title: '发票核对' }), started);
    const before = await Promise.all([...actors, bystander].map(unread));
    expect(await daysLater(1)).toBe(1);
    for (const actor of actors) {
      const [message] = await messages(actor);
      expect(message).toMatchObject({ title: '催办：核对', read: false });
      expect(message.content).toContain('发票核对');
      expect(message.content).toContain('1/3');
    }
    expect((await Promise.all([...actors, bystander].map(unread))).map((n, i) => n - before[i])).toEqual([1, 1, 0]);
    expect(await daysLater(2)).toBe(1);
    expect(await daysLater(3)).toBe(1);
    expect(await daysLater(4)).toBe(0);
    expect(await daysLater(10)).toBe(0);
    for (const actor of actors) expect((await messages(actor)).map((m) => m.content.match(/\d\/3/)?.[0])).toEqual(['3/3', '2/3', '1/3']);
    expect(await messages(bystander)).toEqual([]);
    expect((await historyOf(run.instanceId)).map((h) => h.comment)).toEqual(['1/3', '2/3', '3/3']);
  });

  it('the reminder stops when the task is completed', async () => {
    const run = expectOk(await starter.post(`${TASK}/create-process`, { code: 'reminded', title: '合同核对' }), started);
    expect(await daysLater(1)).toBe(1);
    const tasks = expectOk(await actors[0].get(`${TASK}/upcoming-task?size=100`), z.object({ records: z.array(taskRow) })).records;
    const task = tasks.find((t) => t.processInstanceId === run.instanceId)!;
    expectOk(await actors[0].post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    expect(await daysLater(2)).toBe(0);
    expect(await daysLater(3)).toBe(0);
    const about = (c: Client) => messages(c).then((list) => list.filter((m) => m.content.includes('合同核对')).length);
    expect(await Promise.all(actors.map(about))).toEqual([1, 1]);
    expect((await historyOf(run.instanceId)).map((h) => h.comment)).toEqual(['1/3']);
  });
});
