import { NOTICE_CATEGORY, NOTICE_ENDPOINTS as N, inboxItem, type InboxItem } from '@macro/contract/notices';
import { requestPath, started, taskPath } from '@macro/contract/workflow';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { adminRoleId } from '../identity/roles.ts';
import { createUser } from '../identity/users.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const PASSWORD = 'Flow@123456';

const NS = 'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn"';
const approval = (id: string, name: string, approver: string) =>
  `<bpmn:userTask id="${id}" name="${name}"><bpmn:extensionElements><macro:node><macro:approver kind="${approver.split(':')[0]}" values="${approver.split(':')[1]}"/></macro:node></bpmn:extensionElements></bpmn:userTask>`;

/** Leave: the team lead, then HR. */
const leaveXml = (lead: number, hr: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="defs_notified" targetNamespace="http://macro.console/test">
  <bpmn:process id="notified" name="Leave" isExecutable="true">
    <bpmn:startEvent id="start"/>
    ${approval('lead', '组长审批', `person:${lead}`)}
    ${approval('hr', '人事审批', `person:${hr}`)}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="lead"/>
    <bpmn:sequenceFlow id="f2" sourceRef="lead" targetRef="hr"/>
    <bpmn:sequenceFlow id="f3" sourceRef="hr" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** Two branches at once: HR, and a role nobody holds, which refuses the start after HR's task was made. */
const halfwayXml = (hr: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="defs_halfway" targetNamespace="http://macro.console/test">
  <bpmn:process id="halfway" name="Halfway" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:parallelGateway id="fork"/>
    ${approval('hr', '人事审批', `person:${hr}`)}
    ${approval('nobody', '无人审批', 'post:987654')}
    <bpmn:parallelGateway id="join"/>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="fork"/>
    <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="hr"/>
    <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="nobody"/>
    <bpmn:sequenceFlow id="f4" sourceRef="hr" targetRef="join"/>
    <bpmn:sequenceFlow id="f5" sourceRef="nobody" targetRef="join"/>
    <bpmn:sequenceFlow id="f6" sourceRef="join" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const inbox = z.object({ records: z.array(inboxItem) });
const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string() });

describeDb(`workflow messages in the bell: arrivals, decisions, the end (${dbLabel})`, () => {
  let server: TestServer;
  let starter: Client;
  let lead: Client;
  let hr: Client;
  let hrEn: Client;

  beforeAll(async () => {
    server = await startServer();
    starter = as(server, (await signIn(server)).access_token);
    const ids = await withTenant(server.database.db, TENANT, async (tx) => {
      const everything = await adminRoleId(tx);
      return [
        await createUser(tx, { account: 'notify_lead', name: '王组长', password: PASSWORD, roleIds: [everything] }),
        await createUser(tx, { account: 'notify_hr', name: '李人事', password: PASSWORD, roleIds: [everything] }),
      ];
    });
    expectOk(
      await starter.post(`${SCHEME}/new-model`, { name: '请假', code: 'notified', category: 'general', xml: leaveXml(ids[0], ids[1]) }),
      z.object({ id: z.number() }),
    );
    expectOk(
      await starter.post(`${SCHEME}/new-model`, { name: '半途', code: 'halfway', category: 'general', xml: halfwayXml(ids[1]) }),
      z.object({ id: z.number() }),
    );
    lead = as(server, (await signIn(server, TENANT, 'notify_lead', PASSWORD)).access_token);
    const hrToken = (await signIn(server, TENANT, 'notify_hr', PASSWORD)).access_token;
    hr = as(server, hrToken);
    hrEn = as(server, hrToken, 'en');
  });
  afterAll(() => server?.close());

  /** The messages of one request in a user's bell, oldest first. */
  const messagesOf = async (c: Client, title: string): Promise<InboxItem[]> =>
    expectOk(await c.get(`/api${N.inbox.path}?category=${NOTICE_CATEGORY.message}&size=100`), inbox)
      .records.filter((m) => m.content.includes(title))
      .reverse();
  const taskOf = async (c: Client, instanceId: number) =>
    expectOk(await c.get(`${TASK}/upcoming-task?size=100`), z.object({ records: z.array(taskRow) })).records.find((t) => t.processInstanceId === instanceId)!;
  const handle = (c: Client, body: Record<string, unknown>) => c.post(`${TASK}/task-handle`, body);

  it('tells each approver their task has arrived, the starter of a rejection with its reason and of the approval, each opening its page', async () => {
    const run = expectOk(await starter.post(`${TASK}/create-process`, { code: 'notified', title: '年假 张三' }), started);
    const leadTask = await taskOf(lead, run.instanceId);
    const [arrived] = await messagesOf(lead, '年假 张三');
    expect(arrived).toMatchObject({ title: '待审批：年假 张三', read: false, link: taskPath(leadTask.taskId) });
    expect(arrived.content).toContain('组长审批');
    expect(await messagesOf(hr, '年假 张三')).toEqual([]);

    expectOk(await handle(lead, { taskId: leadTask.taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    const hrTask = await taskOf(hr, run.instanceId);
    // Each reader reads it in their own language.
    expect((await messagesOf(hrEn, '年假 张三')).map((m) => [m.title, m.link])).toEqual([['To approve: 年假 张三', taskPath(hrTask.taskId)]]);
    expect((await messagesOf(hr, '年假 张三'))[0].title).toBe('待审批：年假 张三');

    expectOk(await handle(hr, { taskId: hrTask.taskId, action: 'reject', rejectTo: 'lead', comment: '日期不对' }), z.object({ done: z.literal(true) }));
    const [rejected] = await messagesOf(starter, '年假 张三');
    expect(rejected).toMatchObject({ title: '已驳回：年假 张三', link: requestPath(run.instanceId) });
    expect(rejected.content).toContain('李人事');
    expect(rejected.content).toContain('日期不对');
    expect(rejected.content).toContain('组长审批');
    // The lead has the task again, and a second message for it; HR is told nothing of their own decision.
    expect((await messagesOf(lead, '年假 张三')).map((m) => m.title)).toEqual(['待审批：年假 张三', '待审批：年假 张三']);
    expect(await messagesOf(hr, '年假 张三')).toHaveLength(1);

    expectOk(await handle(lead, { taskId: (await taskOf(lead, run.instanceId)).taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    expectOk(await handle(hr, { taskId: (await taskOf(hr, run.instanceId)).taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    expect((await messagesOf(starter, '年假 张三')).map((m) => m.title)).toEqual(['已驳回：年假 张三', '已通过：年假 张三']);
  });

  it("the monitor's diagram: no token, a NUL byte or an id beyond an integer is a 4xx, never a 500; an unknown one 404", async () => {
    const DIAGRAM = '/api/macro-flow/workflow-monitor/diagram';
    expect((await server.app.inject({ method: 'GET', url: `${DIAGRAM}?processInstanceId=1` })).statusCode).toBe(401);
    expectFailure(await starter.get(`${DIAGRAM}?processInstanceId=1%00`), 400);
    expectFailure(await starter.get(`${DIAGRAM}?processInstanceId=2147483648`), 400);
    expectFailure(await starter.get(`${DIAGRAM}?processInstanceId=2147483647`), 404);
    // A user without the monitor's code is refused it.
    const hrOnly = await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'notify_plain', name: '无权限', password: PASSWORD }));
    expect(hrOnly).toBeGreaterThan(0);
    const plain = as(server, (await signIn(server, TENANT, 'notify_plain', PASSWORD)).access_token);
    expectFailure(await plain.get(`${DIAGRAM}?processInstanceId=1`), 403);
  });

  it('a refused operation leaves no message: the task made before the refusal is rolled back with its message', async () => {
    expectFailure(await starter.post(`${TASK}/create-process`, { code: 'halfway', title: '半途 李四' }), 422);
    expect(await messagesOf(hr, '半途 李四')).toEqual([]);
  });
});
