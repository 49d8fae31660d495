import { STAMP_CATEGORY } from '@macro/contract/stamps';
import { historyRecord, lintProblem, scheme, started } from '@macro/contract/workflow';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
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
  TENANT,
  type TestServer,
} from '../../test/helper.ts';
import { adminRoleId } from '../identity/roles.ts';
import { TINY_PNG } from '../stamps/index.ts';
import { createUser } from '../identity/users.ts';
import { userPosts, userRoles, users } from '../identity/tables.ts';
import { companies, departments } from '../org/tables.ts';
import { roles } from '../identity/tables.ts';
import { inArray } from 'drizzle-orm';
import type { ModuleDeps } from '../../platform/module.ts';
import { module as workflowModule } from './index.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const MONITOR = '/api/macro-flow/workflow-monitor';
const PASSWORD = 'Flow@123456';

/**
 * Expense approval: the manager (a person) approves; above 1000 the director (whoever holds the
 * post) approves too, else the process ends.
 */
const expenseXml = (managerId: number, postId: number, timer = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_expense" targetNamespace="http://macro.console/test">
  <bpmn:process id="expense" name="Expense" isExecutable="true">
    <bpmn:startEvent id="start" name="Submit"/>
    <bpmn:userTask id="manager" name="Manager"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${managerId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:exclusiveGateway id="big" default="small"/>
    <bpmn:userTask id="director" name="Director"><bpmn:extensionElements><macro:node><macro:approver kind="post" values="${postId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>${timer}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="manager"/>
    <bpmn:sequenceFlow id="f2" sourceRef="manager" targetRef="big"/>
    <bpmn:sequenceFlow id="large" sourceRef="big" targetRef="director"><bpmn:conditionExpression>amount &gt; 1000</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="small" sourceRef="big" targetRef="end"/>
    <bpmn:sequenceFlow id="f3" sourceRef="director" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string(), status: z.string(), title: z.string() });
const page = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number() });
const instanceRow = z.object({
  processInstanceId: z.number(),
  state: z.string(),
  status: z.string(),
  code: z.string(),
  name: z.string(),
  title: z.string(),
  version: z.number(),
  starterName: z.string(),
  currentNodes: z.array(z.string()),
  currentApprovers: z.array(z.string()),
});

describeDb(`workflow routes (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let clerk: Client;
  let manager: Client;
  let director: Client;
  let nobody: Client;
  let other: Client;
  let ids: { clerk: number; manager: number; director: number; post: number };

  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
    ids = await withTenant(server.database.db, TENANT, async (tx) => {
      const role = await adminRoleId(tx);
      const make = (account: string, roleIds: number[]) => createUser(tx, { account, name: account, password: PASSWORD, roleIds });
      const result = {
        clerk: await make('wf_clerk', [role]),
        manager: await make('wf_manager', [role]),
        director: await make('wf_director', [role]),
        post: 0,
      };
      await make('wf_nobody', []);
      return result;
    });
    ids.post = (await admin.post('/api/posts', { postCode: 'wf_director', postName: '审批总监' })).json().data.id;
    await withTenant(server.database.db, TENANT, (tx) => tx.insert(userPosts).values({ userId: ids.director, postId: ids.post }));
    const client = async (account: string) => as(server, (await signIn(server, TENANT, account, PASSWORD)).access_token);
    clerk = await client('wf_clerk');
    manager = await client('wf_manager');
    director = await client('wf_director');
    nobody = await client('wf_nobody');
  });
  afterAll(() => server.close());

  const put = (c: Client, url: string, payload: unknown) => c.call({ method: 'PUT', url, payload: payload as object });
  const todo = async (c: Client) => expectOk(await c.get(`${TASK}/upcoming-task`), page(taskRow)).records;
  const handle = (c: Client, body: object) => c.post(`${TASK}/task-handle`, body);

  it('deploys a template: name, number and a known category required, then lists it with its versions', async () => {
    expectFailure(await admin.post(`${SCHEME}/new-model`, { code: 'expense', category: 'finance', xml: expenseXml(1, 1) }), 400, '请输入模板名称');
    expectFailure(
      await adminEn.post(`${SCHEME}/new-model`, { name: 'Expense', category: 'finance', xml: expenseXml(1, 1) }),
      400,
      'Please enter the template number',
    );
    expectFailure(
      await adminEn.post(`${SCHEME}/new-model`, { name: 'Expense', code: 'expense', xml: expenseXml(1, 1) }),
      400,
      'Please choose the template category',
    );
    expectFailure(await admin.post(`${SCHEME}/new-model`, { name: 'Expense', code: 'expense', category: 'nosuch', xml: expenseXml(1, 1) }), 400);
    // A model the engine refuses: 422 naming the element, nothing kept.
    const bad = expenseXml(1, 1).replace('<bpmn:endEvent id="end"/>', '<bpmn:endEvent id="end"/><bpmn:scriptTask id="js"/>');
    expectFailure(await adminEn.post(`${SCHEME}/new-model`, { name: 'Expense', code: 'expense', category: 'finance', xml: bad }), 422, /js/);
    expect(expectOk(await admin.get(`${SCHEME}/page?code=expense`), page(scheme)).total).toBe(0);

    const created = expectOk(
      await admin.post(`${SCHEME}/new-model`, { name: '报销', code: 'expense', category: 'finance', xml: expenseXml(ids.manager, ids.post) }),
      scheme,
    );
    expect(created).toMatchObject({ code: 'expense', name: '报销', category: 'finance', enabled: true, version: 1 });
    expectFailure(
      await admin.post(`${SCHEME}/create`, { name: '报销2', code: 'expense', category: 'finance', xml: expenseXml(1, 1) }),
      409,
      '模板编号「expense」已存在',
    );
    const updated = expectOk(
      await put(admin, `${SCHEME}/update`, { id: created.id, name: '费用报销', category: 'finance', xml: expenseXml(ids.manager, ids.post) }),
      scheme,
    );
    expect(updated).toMatchObject({ name: '费用报销', version: 2 });
    const versions = (await admin.get(`${SCHEME}/history?id=${created.id}`)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const info = (await admin.get(`${SCHEME}/info?modelId=${created.id}`)).json().data;
    expect(info.xml).toContain('amount &gt; 1000');
    // The other tenant sees nothing of it and can reuse the number.
    expect(expectOk(await other.get(`${SCHEME}/page`), page(scheme)).records.map((r) => r.code)).not.toContain('expense');
    expectFailure(await other.get(`${SCHEME}/info?modelId=${created.id}`), 404, '模板不存在');
  });

  it('runs the approval: start, approve, exclusive branch, reject back to the start, resubmit, complete', async () => {
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', title: '出差报销', variables: { amount: 5000 } }), started);
    const [managerTask] = await todo(manager);
    expect(managerTask).toMatchObject({ processInstanceId: run.instanceId, nodeId: 'manager', status: 'approving', title: '出差报销' });
    expect(await todo(director)).toEqual([]);
    // Not the director's task.
    expectFailure(await handle(director, { taskId: managerTask.taskId, action: 'approve' }), 422, '该任务不由您处理');
    expectOk(await handle(manager, { taskId: managerTask.taskId, action: 'approve', comment: '同意' }), z.object({ done: z.literal(true) }));
    // 5000 > 1000: the director (by post) gets it.
    const [directorTask] = await todo(director);
    expect(directorTask).toMatchObject({ nodeId: 'director', processInstanceId: run.instanceId });
    // The starter's list names the template, the node it waits at and who holds it now.
    const waiting = expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records.find((r) => r.processInstanceId === run.instanceId);
    expect(waiting).toMatchObject({ name: '费用报销', currentNodes: ['Director'], currentApprovers: ['wf_director'] });
    expect(waiting?.starterName).toMatch(/\S/);
    const targets = (await director.get(`${TASK}/rejectNodeSelect?taskId=${directorTask.taskId}`)).json().data.map((t: { nodeId: string }) => t.nodeId);
    expect(targets).toEqual(expect.arrayContaining(['start', 'manager']));
    expectFailure(await handle(director, { taskId: directorTask.taskId, action: 'reject' }), 422, '未选择驳回节点');
    expectOk(
      await handle(director, { taskId: directorTask.taskId, action: 'reject', rejectTo: 'start', comment: '金额太高' }),
      z.object({ done: z.literal(true) }),
    );
    expect(await todo(director)).toEqual([]);
    const [startTask] = await todo(clerk);
    expect(startTask).toMatchObject({ nodeId: 'start', processInstanceId: run.instanceId });
    // Resubmitted with a smaller amount: after the manager the process ends without the director.
    expectOk(await clerk.post(`${TASK}/reinitiate-process`, { taskId: startTask.taskId, variables: { amount: 800 } }), z.object({ done: z.literal(true) }));
    const [again] = await todo(manager);
    expectOk(await handle(manager, { taskId: again.taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    expect(await todo(director)).toEqual([]);
    const mine = expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records;
    expect(mine.find((r) => r.processInstanceId === run.instanceId)).toMatchObject({ state: 'completed', status: 'approved', code: 'expense' });
    const done = expectOk(await manager.get(`${TASK}/history-task`), page(taskRow)).records;
    expect(done.filter((t) => t.processInstanceId === run.instanceId)).toHaveLength(2);
    const history = (await clerk.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`)).json().data as {
      action: string | null;
      nodeId: string;
      userId: number;
    }[];
    const actions = history.filter((h) => h.action).map((h) => `${h.nodeId}:${h.action}`);
    expect(actions).toEqual(expect.arrayContaining(['manager:approve', 'director:reject', 'start:reinitiate']));
    const diagram = (await clerk.get(`${TASK}/diagram-view?processInstanceId=${run.instanceId}`)).json().data;
    // The director's node stays painted as rejected: the resubmission never reached it again.
    expect(diagram.done).toEqual(expect.arrayContaining(['start', 'manager']));
    expect(diagram.rejected).toEqual(['director']);
    expect(diagram.flows).toContain('small');
    // The other tenant finds none of it.
    expectFailure(await other.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`), 404);
    expect(expectOk(await other.get(`${MONITOR}/finished-tasks`), page(instanceRow)).records.map((r) => r.code)).not.toContain('expense');
  });

  it('signs an approval with a stamp, refusing a wrong password with its message', async () => {
    const seal = (password: string) => encryptPassword(server.publicKey, password);
    const stamp = (
      await admin.post('/api/macro-flow/stamps', {
        stampName: '财务章',
        category: STAMP_CATEGORY.public,
        password: seal('seal123'),
        image: TINY_PNG,
        memberIds: [ids.manager],
      })
    ).json().data;
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { amount: 10 } }), started);
    const task = (await todo(manager)).find((t) => t.processInstanceId === run.instanceId)!;
    expectFailure(await handle(manager, { taskId: task.taskId, action: 'approve', stampId: stamp.id, stampPassword: seal('nope') }), 422, '签章密码错误');
    // The stamp password travels encrypted as at sign-in: plain text is refused and approves nothing.
    expectFailure(
      await handle(manager, { taskId: task.taskId, action: 'approve', stampId: stamp.id, stampPassword: 'seal123' }),
      400,
      '密码无法解密，请刷新页面后重试',
    );
    expect((await todo(manager)).map((t) => t.taskId)).toContain(task.taskId);
    expectOk(
      await handle(manager, { taskId: task.taskId, action: 'approve', stampId: stamp.id, stampPassword: seal('seal123') }),
      z.object({ done: z.literal(true) }),
    );
    const history = (await clerk.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`)).json().data as { stamp: string | null }[];
    expect(history.some((h) => h.stamp === '财务章')).toBe(true);
  });

  it('keeps drafts, the recycle bin, circulations, transfer, withdraw and the monitor', async () => {
    const draft = (await clerk.post(`${TASK}/saveOrEditTempfiledInfo`, { code: 'expense', title: '草稿报销', data: { amount: 20 } })).json().data;
    expect(
      (await clerk.get(`${TASK}/getTempfiledInfoList?keyword=${encodeURIComponent('草稿')}`)).json().data.records.map((d: { id: number }) => d.id),
    ).toEqual([draft.id]);
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { draftId: draft.id }), started);
    expect((await clerk.get(`${TASK}/getTempfiledInfoList`)).json().data.records).toEqual([]);
    // Withdraw the start (needs the confirmation), then resubmit.
    expectFailure(await clerk.post(`${TASK}/recall-process`, { processInstanceId: run.instanceId }), 422);
    expectOk(await clerk.post(`${TASK}/recall-process`, { processInstanceId: run.instanceId, confirmStart: true }), z.object({ done: z.literal(true) }));
    const start = (await todo(clerk)).find((t) => t.processInstanceId === run.instanceId)!;
    await clerk.post(`${TASK}/reinitiate-process`, { taskId: start.taskId });
    // Transfer to the director, who circulates it to the clerk.
    const task = (await todo(manager)).find((t) => t.processInstanceId === run.instanceId)!;
    expectOk(await put(manager, `${TASK}/change-candidate`, { taskId: task.taskId, userId: ids.director }), z.object({ done: z.literal(true) }));
    expect((await todo(director)).map((t) => t.taskId)).toContain(task.taskId);
    await director.post(`${TASK}/circulate`, { processInstanceId: run.instanceId, userIds: [ids.clerk] });
    const [cc] = (await clerk.get(`${TASK}/manual-task`)).json().data.records;
    expect(cc).toMatchObject({ processInstanceId: run.instanceId, read: false });
    await put(clerk, `${TASK}/read/${cc.id}`, {});
    expect((await clerk.get(`${TASK}/manual-task`)).json().data.records[0].read).toBe(true);
    // Monitor: suspend refuses task work, assign refused while suspended, resume.
    expect((await admin.get(`${MONITOR}/unfinished-tasks`)).json().data.records.map((r: { processInstanceId: number }) => r.processInstanceId)).toContain(
      run.instanceId,
    );
    await admin.post(`${MONITOR}/suspend-process`, { processInstanceId: run.instanceId });
    expectFailure(await handle(director, { taskId: task.taskId, action: 'approve' }), 422, '流程已挂起');
    expectFailure(await admin.call({ method: 'PATCH', url: `${MONITOR}/assign`, payload: { taskId: task.taskId, userId: ids.manager } }), 422);
    expectFailure(await admin.post(`${MONITOR}/suspend-process`, { processInstanceId: run.instanceId }), 422);
    await admin.post(`${MONITOR}/resume-process`, { processInstanceId: run.instanceId });
    expectOk(
      await admin.call({ method: 'PATCH', url: `${MONITOR}/assign`, payload: { taskId: task.taskId, userId: ids.manager } }),
      z.object({ done: z.literal(true) }),
    );
    expect((await admin.get(`${MONITOR}/getAssign?processInstanceId=${run.instanceId}`)).json().data).toEqual([
      expect.objectContaining({ taskId: task.taskId, userId: ids.manager }),
    ]);
    // The monitor reads the history of a process it took no part in; the other tenant cannot.
    const seen = expectOk(await admin.get(`${MONITOR}/history?processInstanceId=${run.instanceId}`), z.array(historyRecord));
    expect(seen.map((h) => h.action)).toEqual(expect.arrayContaining(['start', 'withdraw', 'reinitiate', 'transfer', 'cc']));
    // Each line says what kind of node it happened at, so a reader can tell a task from a gateway.
    expect(seen.find((h) => h.action === 'start')).toMatchObject({ nodeKind: 'startEvent' });
    expect(seen.find((h) => h.action === 'transfer')).toMatchObject({ nodeKind: 'userTask' });
    expectFailure(await other.get(`${MONITOR}/history?processInstanceId=${run.instanceId}`), 404);
    // Recycle bin: only the starter, then restore, then bin and purge.
    expectFailure(await manager.call({ method: 'DELETE', url: `${TASK}/to-recyclebin/${run.instanceId}` }), 404);
    await clerk.call({ method: 'DELETE', url: `${TASK}/to-recyclebin/${run.instanceId}` });
    expect((await todo(manager)).map((t) => t.processInstanceId)).not.toContain(run.instanceId);
    expect((await clerk.get(`${TASK}/recycle-task`)).json().data.records.map((r: { processInstanceId: number }) => r.processInstanceId)).toContain(
      run.instanceId,
    );
    await put(clerk, `${TASK}/restore-process/${run.instanceId}`, {});
    expect((await todo(manager)).map((t) => t.processInstanceId)).toContain(run.instanceId);
    await clerk.call({ method: 'DELETE', url: `${TASK}/to-recyclebin/${run.instanceId}` });
    expectOk(await clerk.call({ method: 'DELETE', url: `${TASK}/delete-processinstance/${run.instanceId}` }), z.object({ done: z.literal(true) }));
    expectFailure(await clerk.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`), 404, '流程不存在');
  });

  it('opens tasks, processes, versions and nodes for the screens', async () => {
    const [row] = expectOk(await admin.get(`${SCHEME}/page?code=expense`), page(scheme)).records;
    const nodes = (await admin.get(`${SCHEME}/node-info?modelId=${row.id}`)).json().data as { id: string; kind: string }[];
    expect(nodes.filter((n) => n.kind === 'userTask').map((n) => n.id)).toEqual(['manager', 'director']);
    const v1 = (await admin.get(`${SCHEME}/history?id=${row.id}`)).json().data.at(-1);
    expect((await admin.get(`${SCHEME}/review-his-version?definitionId=${v1.definitionId}`)).json().data).toMatchObject({
      version: 1,
      xml: expect.stringContaining('expense'),
    });
    expect(
      (await clerk.get(`${TASK}/get-allprocess?keyword=${encodeURIComponent('报销')}`)).json().data.records.map((r: { code: string }) => r.code),
    ).toContain('expense');

    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', title: '打开', variables: { amount: 42 } }), started);
    const task = (await todo(manager)).find((t) => t.processInstanceId === run.instanceId)!;
    const detail = (await manager.get(`${TASK}/process-mytask?taskId=${task.taskId}`)).json().data;
    expect(detail).toMatchObject({
      task: { taskId: task.taskId, nodeId: 'manager' },
      node: { id: 'manager', rejectMode: 'chosen' },
      variables: { amount: 42 },
    });
    // This template binds no form anywhere: nothing to show read-only either.
    expect([detail.node.formKey, detail.startFormKey]).toEqual([null, null]);
    expect((await clerk.get(`${TASK}/process-mytask?taskId=${task.taskId}`)).statusCode).toBe(200);
    expectFailure(await director.get(`${TASK}/process-mytask?taskId=${task.taskId}`), 404, '任务不存在');
    // The director takes no part in it (yet): the process does not exist for them.
    expectFailure(await director.get(`${TASK}/view-process?processInstanceId=${run.instanceId}`), 404, '流程不存在');
    expectFailure(await director.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`), 404, '流程不存在');
    const view = (await manager.get(`${TASK}/view-process?processInstanceId=${run.instanceId}`)).json().data;
    expect(view).toMatchObject({ instance: { processInstanceId: run.instanceId, status: 'approving' }, variables: { amount: 42 } });
    expect(view.openTasks).toEqual([expect.objectContaining({ nodeId: 'manager', userId: ids.manager })]);
    expect(view.formKey).toBeNull();
    // The monitor draws any process, whoever took part; the same highlights as the task centre's.
    const drawn = (await admin.get(`${MONITOR}/diagram?processInstanceId=${run.instanceId}`)).json().data;
    expect(drawn).toMatchObject({ current: ['manager'], rejected: [], xml: expect.stringContaining('expense') });
    expect(drawn.done).toContain('start');
    expect((await clerk.get(`${TASK}/candidate-users?processInstanceId=${run.instanceId}`)).json().data).toEqual(view.openTasks);
    expect((await clerk.get(`${TASK}/getHisTaskAssignee?processInstanceId=${run.instanceId}`)).json().data).toEqual([
      expect.objectContaining({ nodeId: 'start', userId: ids.clerk }),
    ]);
    await clerk.post(`${TASK}/circulate`, { processInstanceId: run.instanceId, userIds: [ids.director] });
    const [cc] = (await director.get(`${TASK}/manual-task?keyword=${encodeURIComponent('打开')}`)).json().data.records;
    expect((await director.get(`${TASK}/diagram-view?processInstanceId=${run.instanceId}`)).statusCode).toBe(200);
    expect((await director.get(`${TASK}/get-manualinfo?id=${cc.id}`)).json().data.instance.processInstanceId).toBe(run.instanceId);
    expectFailure(await manager.get(`${TASK}/get-manualinfo?id=${cc.id}`), 404, '传阅不存在');
    const seal = (password: string) => encryptPassword(server.publicKey, password);
    const stamp = (
      await admin.post('/api/macro-flow/stamps', {
        stampName: '校验章',
        category: STAMP_CATEGORY.public,
        password: seal('seal456'),
        image: TINY_PNG,
        memberIds: [ids.manager],
      })
    ).json().data;
    expectFailure(await manager.post(`${TASK}/validate-signation`, { stampId: stamp.id, password: seal('bad') }), 422, '签章密码错误');
    expectFailure(await manager.post(`${TASK}/validate-signation`, { stampId: stamp.id, password: 'seal456' }), 400, '密码无法解密，请刷新页面后重试');
    expect((await manager.post(`${TASK}/validate-signation`, { stampId: stamp.id, password: seal('seal456') })).json().data).toEqual({ valid: true });
  });

  it('approves a task exactly once under simultaneous requests', async () => {
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { amount: 3 } }), started);
    const task = (await todo(manager)).find((t) => t.processInstanceId === run.instanceId)!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => handle(manager, { taskId: task.taskId, action: 'approve' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.statusCode !== 200)) expect(a.statusCode).toBe(422);
    const history = (await clerk.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`)).json().data as {
      nodeId: string;
      action: string | null;
    }[];
    expect(history.filter((h) => h.nodeId === 'manager' && h.action === 'approve')).toHaveLength(1);
  });

  it('tests and changes the version of running instances', async () => {
    const [row] = expectOk(await admin.get(`${SCHEME}/page?code=expense`), page(scheme)).records;
    const atManager = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { amount: 5000 } }), started);
    const atDirector = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { amount: 5000 } }), started);
    const first = (await todo(manager)).find((t) => t.processInstanceId === atDirector.instanceId)!;
    await handle(manager, { taskId: first.taskId, action: 'approve' });
    // A new version without the director, with a reminder on the manager's node.
    const reminder =
      '<bpmn:boundaryEvent id="remind" attachedToRef="manager" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>P2D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent><bpmn:sequenceFlow id="f4" sourceRef="remind" targetRef="end"/>';
    const noDirector = expenseXml(ids.manager, ids.post)
      .replace(/<bpmn:userTask id="director"[\s\S]*?<\/bpmn:userTask>/, reminder)
      .replace('<bpmn:sequenceFlow id="large" sourceRef="big" targetRef="director">', '<bpmn:sequenceFlow id="large" sourceRef="big" targetRef="end">')
      .replace('<bpmn:sequenceFlow id="f3" sourceRef="director" targetRef="end"/>', '');
    const v = expectOk(await put(admin, `${SCHEME}/update`, { id: row.id, name: row.name, category: row.category, xml: noDirector }), scheme);
    const body = { instanceIds: [atManager.instanceId, atDirector.instanceId], definitionId: v.definitionId };
    const reports = (await admin.post(`${SCHEME}/change-processversion-test`, body)).json().data as { instanceId: number; maps: boolean; unmapped: string[] }[];
    // The token at the manager's node gets the new version's reminder, due two days from the change.
    const reminded = { node: 'manager', timer: 'remind', kind: 'boundary', dueAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
    expect(reports).toEqual([
      expect.objectContaining({ instanceId: atManager.instanceId, maps: true, timersAdded: [reminded], timersRemoved: [] }),
      expect.objectContaining({ instanceId: atDirector.instanceId, maps: false, unmapped: ['director'] }),
    ]);
    expectFailure(await admin.post(`${SCHEME}/change-processversion`, body), 422, /director/);
    const moved = (await admin.post(`${SCHEME}/change-processversion`, { ...body, instanceIds: [atManager.instanceId] })).json().data;
    expect(moved).toEqual([expect.objectContaining({ instanceId: atManager.instanceId, maps: true, timersAdded: [reminded] })]);
    const mine = expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records;
    expect(mine.find((r) => r.processInstanceId === atManager.instanceId)?.version).toBe(v.version);
    // Restore the two-approver model for the tests after this one.
    expectOk(await put(admin, `${SCHEME}/update`, { id: row.id, name: row.name, category: row.category, xml: expenseXml(ids.manager, ids.post) }), scheme);
  });

  it('adds and removes counter-signers, only by one who holds the node', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_board" targetNamespace="http://macro.console/test">
  <bpmn:process id="board" name="Board" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="sign" name="Board"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${ids.manager},${ids.director}"/><macro:counterSign type="parallel" completion="all"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
    <bpmn:sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expectOk(await admin.post(`${SCHEME}/new-model`, { name: '会签', code: 'board', category: 'general', xml }), scheme);
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'board' }), started);
    const mine = async (c: Client) => (await todo(c)).find((t) => t.processInstanceId === run.instanceId);
    const managerTask = (await mine(manager))!;
    // Not the clerk's node; nobody who is not a user of the tenant.
    expectFailure(await clerk.post(`${TASK}/again-candidate`, { taskId: managerTask.taskId, userIds: [ids.clerk] }), 422, '该任务不由您处理');
    expectFailure(await manager.post(`${TASK}/again-candidate`, { taskId: managerTask.taskId, userIds: [2147483647] }), 422, '所选用户不存在');
    expectOk(await manager.post(`${TASK}/again-candidate`, { taskId: managerTask.taskId, userIds: [ids.clerk] }), z.object({ done: z.literal(true) }));
    expect((await mine(clerk))?.nodeId).toBe('sign');
    expectOk(await manager.post(`${TASK}/remove-candidate`, { taskId: managerTask.taskId, userIds: [ids.clerk] }), z.object({ done: z.literal(true) }));
    expect(await mine(clerk)).toBeUndefined();
    await handle(manager, { taskId: managerTask.taskId, action: 'approve' });
    await handle(director, { taskId: (await mine(director))!.taskId, action: 'approve' });
    const started_ = expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records;
    expect(started_.find((r) => r.processInstanceId === run.instanceId)?.state).toBe('completed');
    // Circulating needs a part in the process: the administrator, a stranger to it, cannot copy it to themselves.
    expectFailure(await admin.post(`${TASK}/circulate`, { processInstanceId: run.instanceId, userIds: [ids.director] }), 404, '流程不存在');
    expectFailure(await put(manager, `${TASK}/change-candidate`, { taskId: managerTask.taskId, userId: 2147483647 }), 422, '所选用户不存在');
  });

  it('refuses a disabled template, an unknown one, and users without the code', async () => {
    const [row] = expectOk(await admin.get(`${SCHEME}/page?code=expense`), page(scheme)).records;
    await admin.post(`${SCHEME}/disable`, { id: row.id });
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'expense' }), 422, '模板费用报销已停用');
    await admin.post(`${SCHEME}/enable`, { id: row.id });
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'nosuch' }), 404, '模板不存在');
    expectFailure(await nobody.post(`${TASK}/create-process`, { code: 'expense' }), 403, /wftask:handle/);
    expectFailure(await nobody.get(`${TASK}/upcoming-task`), 403, /wftask:view/);
    expectFailure(await nobody.get(`${SCHEME}/page`), 403, /wfscheme:view/);
    expectFailure(await nobody.post(`${MONITOR}/suspend-process`, { processInstanceId: 1 }), 403, /wfmonitor:edit/);
  });

  it('answers bad input with 400 and a message, never a 500', async () => {
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { note: 'a\u0000b' } }), 400, '表单数据不合法');
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { amount: 1e300 } }), 400, '表单数据不合法');
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: 'x' }), 400);
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'exp\u0000ense' }), 400);
    expectFailure(await clerk.post(`${TASK}/task-handle`, { taskId: 99999999999, action: 'approve' }), 400);
    expectFailure(await clerk.post(`${TASK}/task-handle`, { taskId: '1', action: 'approve' }), 400);
    expectFailure(await clerk.post(`${TASK}/task-handle`, { taskId: 1, action: 'maybe' }), 400, '请选择同意或驳回');
    expectFailure(await clerk.get(`${TASK}/history-taskList?processInstanceId=abc`), 400);
    expectFailure(await clerk.get(`${TASK}/upcoming-task?size=100000`), 400);
    expectFailure(await clerk.post(`${TASK}/task-handle`, { taskId: 2147483647, action: 'approve' }), 404, '任务不存在');
  });

  it('fires due timers from the server process when timers are on', async () => {
    const timed = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_timed" targetNamespace="http://macro.console/test">
  <bpmn:process id="timed" name="Timed" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="wait" name="Wait"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${ids.manager}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:boundaryEvent id="late" attachedToRef="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1S</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
    <bpmn:endEvent id="end"/>
    <bpmn:endEvent id="expired"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
    <bpmn:sequenceFlow id="f2" sourceRef="wait" targetRef="end"/>
    <bpmn:sequenceFlow id="f3" sourceRef="late" targetRef="expired"/>
  </bpmn:process>
</bpmn:definitions>`;
    expectOk(await admin.post(`${SCHEME}/new-model`, { name: '限时', code: 'timed', category: 'general', xml: timed }), scheme);
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'timed' }), started);
    expect((await todo(manager)).map((t) => t.processInstanceId)).toContain(run.instanceId);
    const stop = workflowModule.background!({
      db: server.database.db,
      requestDb: server.database.requestDb,
      config: { ...server.config, workflowTimerSeconds: 0.2 },
    } as ModuleDeps)!;
    try {
      const state = async () =>
        expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records.find((r) => r.processInstanceId === run.instanceId)?.state;
      for (let i = 0; i < 40 && (await state()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 200));
      expect(await state()).toBe('completed');
    } finally {
      stop();
    }
    expect((await todo(manager)).map((t) => t.processInstanceId)).not.toContain(run.instanceId);
    const diagram = (await clerk.get(`${TASK}/diagram-view?processInstanceId=${run.instanceId}`)).json().data;
    expect(diagram.flows).toContain('f3');
    // Off by default in tests: the server's own config has no timer.
    expect(workflowModule.background!({ db: server.database.db, requestDb: server.database.requestDb, config: server.config } as ModuleDeps)).toBeUndefined();
  });

  it('resolves approvers from the organisation: superior, role in department, role in company', async () => {
    const roleId = await withTenant(server.database.db, TENANT, async (tx) => {
      const [company] = await tx.insert(companies).values({ companyName: '流程公司', companyCode: 'wf_co' }).returning();
      const [dept] = await tx.insert(departments).values({ companyId: company.id, deptName: '流程部', manager: 'wf_manager' }).returning();
      await tx
        .update(users)
        .set({ deptId: dept.id })
        .where(inArray(users.id, [ids.clerk, ids.director]));
      const [role] = await tx.insert(roles).values({ roleName: '流程审批', roleAlias: 'wf_approver' }).returning();
      await tx.insert(userRoles).values({ userId: ids.director, roleId: role.id });
      return role.id;
    });
    const step = (id: string, kind: string, values: string) =>
      `<bpmn:userTask id="${id}" name="${id}"><bpmn:extensionElements><macro:node><macro:approver kind="${kind}" values="${values}"/></macro:node></bpmn:extensionElements></bpmn:userTask>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_org" targetNamespace="http://macro.console/test">
  <bpmn:process id="org" name="Org" isExecutable="true">
    <bpmn:startEvent id="start"/>${step('sup', 'superior', '1')}${step('dept', 'roleDept', String(roleId))}${step('comp', 'roleCompany', String(roleId))}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="sup"/>
    <bpmn:sequenceFlow id="f2" sourceRef="sup" targetRef="dept"/>
    <bpmn:sequenceFlow id="f3" sourceRef="dept" targetRef="comp"/>
    <bpmn:sequenceFlow id="f4" sourceRef="comp" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expectOk(await admin.post(`${SCHEME}/new-model`, { name: '组织审批', code: 'org', category: 'general', xml }), scheme);
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'org' }), started);
    const next = async (c: Client, node: string) => {
      const task = (await todo(c)).find((t) => t.processInstanceId === run.instanceId);
      expect(task?.nodeId).toBe(node);
      expectOk(await handle(c, { taskId: task!.taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    };
    await next(manager, 'sup');
    await next(director, 'dept');
    await next(director, 'comp');
    const mine = expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records;
    expect(mine.find((r) => r.processInstanceId === run.instanceId)?.state).toBe('completed');
    // The admin (no department) starting it finds no superior: refused with the spec's message.
    expectFailure(await admin.post(`${TASK}/create-process`, { code: 'org' }), 422, /sup/);
  });

  it('gives the task of a delegating approver to the deputy, whose approval hands it back', async () => {
    const now = Date.now();
    const delegation = await manager.post('/api/macro-flow/workflow-Delegate', {
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 3_600_000).toISOString(),
      entrustedUserId: ids.director,
      processKeys: ['expense'],
    });
    expect(delegation.statusCode).toBe(200);
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'expense', variables: { amount: 1 } }), started);
    const deputyTask = (await todo(director)).find((t) => t.processInstanceId === run.instanceId);
    expect(deputyTask?.nodeId).toBe('manager');
    expect((await todo(manager)).map((t) => t.processInstanceId)).not.toContain(run.instanceId);
    expectOk(await handle(director, { taskId: deputyTask!.taskId, action: 'approve', comment: '代审' }), z.object({ done: z.literal(true) }));
    const back = (await todo(manager)).find((t) => t.processInstanceId === run.instanceId);
    expect(back?.taskId).toBe(deputyTask!.taskId);
    expectOk(await handle(manager, { taskId: back!.taskId, action: 'approve' }), z.object({ done: z.literal(true) }));
    const mine = expectOk(await clerk.get(`${TASK}/my-task`), page(instanceRow)).records;
    expect(mine.find((r) => r.processInstanceId === run.instanceId)?.state).toBe('completed');
  });

  it('simulates a template on sample data: the path, the approvers each node resolves to, and warnings; nothing is kept', async () => {
    const simulation = z.object({
      steps: z.array(z.object({ nodeId: z.string(), approvers: z.array(z.object({ id: z.number(), name: z.string() })) })),
      ended: z.boolean(),
      warnings: z.array(z.string()),
    });
    const run = async (variables: object, xml = expenseXml(ids.manager, ids.post), client = admin) =>
      expectOk(await client.post(`${SCHEME}/simulate`, { xml, variables }), simulation);
    const before = (await admin.get(`${SCHEME}/page?size=100`)).json().data.total;
    const small = await run({ amount: 500 });
    expect(small).toMatchObject({ ended: true, warnings: [] });
    expect(small.steps.map((s) => [s.nodeId, s.approvers.map((a) => a.id)])).toEqual([['manager', [ids.manager]]]);
    const large = await run({ amount: 5000 });
    expect(large.steps.map((s) => [s.nodeId, s.approvers.map((a) => a.id)])).toEqual([
      ['manager', [ids.manager]],
      ['director', [ids.director]],
    ]);
    // A post nobody holds: the node resolves to nobody, said in the request's language.
    const empty = await run({ amount: 5000 }, expenseXml(ids.manager, 999_999));
    expect(empty.ended).toBe(false);
    expect(empty.warnings).toEqual([expect.stringMatching(/Director.*没有下一节点处理人/)]);
    const english = await run({ amount: 5000 }, expenseXml(ids.manager, 999_999), adminEn);
    expect(english.warnings[0]).toMatch(/Director/);
    expect(english.warnings[0]).not.toMatch(/没有/);
    // The engine's lint still refuses an unsupported model.
    expectFailure(
      await admin.post(`${SCHEME}/simulate`, { xml: expenseXml(1, 1).replace('<bpmn:endEvent id="end"/>', '<bpmn:scriptTask id="end"/>'), variables: {} }),
      422,
    );
    // Nothing of the runs is kept: no template, no process, no task.
    expect((await admin.get(`${SCHEME}/page?size=100`)).json().data.total).toBe(before);
    expect((await todo(manager)).filter((t) => t.title.startsWith('__simulation'))).toEqual([]);
    expectFailure(await nobody.post(`${SCHEME}/simulate`, { xml: expenseXml(1, 1), variables: {} }), 403);
  });

  it("lints a template as deploying would: each element it cannot run by type and id, in the reader's language, nothing for one it runs, nothing kept", async () => {
    const lint = async (xml: string, client = admin) => expectOk(await client.post(`${SCHEME}/lint`, { xml }), z.array(lintProblem));
    const before = (await admin.get(`${SCHEME}/page?size=100`)).json().data.total;
    expect(await lint(expenseXml(ids.manager, ids.post))).toEqual([]);
    const broken = expenseXml(1, 1).replace('<bpmn:endEvent id="end"/>', '<bpmn:scriptTask id="end"/>');
    expect(await lint(broken)).toContainEqual({ elementType: 'ScriptTask', elementId: 'end', code: 'unsupportedElement', message: '不支持的元素 ScriptTask' });
    expect(await lint(broken, adminEn)).toContainEqual({
      elementType: 'ScriptTask',
      elementId: 'end',
      code: 'unsupportedElement',
      message: 'ScriptTask is not a supported element',
    });
    const nobodyApproves = expenseXml(1, 1).replace('<macro:approver kind="person" values="1"/>', '');
    expect(await lint(nobodyApproves)).toEqual([
      { elementType: 'UserTask', elementId: 'manager', code: 'approverMissing', message: '审批节点需要设置审批人规则' },
    ]);
    const writesSql = expenseXml(1, 1).replace(
      '<macro:approver kind="person" values="1"/>',
      '<macro:approver kind="sql"><![CDATA[delete from macro_user]]></macro:approver>',
    );
    expect(await lint(writesSql)).toEqual([
      { elementType: 'UserTask', elementId: 'manager', code: 'approverSql', message: expect.stringMatching(/^审批人 SQL 被拒绝：/) },
    ]);
    // The same model is refused on deploy, naming the first element and its problem in the reader's language.
    expectFailure(await admin.post(`${SCHEME}/simulate`, { xml: broken, variables: {} }), 422);
    const create = { name: 'Broken', code: 'lint-broken', category: 'finance', xml: broken };
    expectFailure(await admin.post(`${SCHEME}/new-model`, create), 422, /ScriptTask end：不支持的元素 ScriptTask/);
    expectFailure(await adminEn.post(`${SCHEME}/new-model`, create), 422, /ScriptTask end: ScriptTask is not a supported element/);
    expectFailure(await admin.post(`${SCHEME}/lint`, { xml: '<not bpmn' }), 422);
    expectFailure(await admin.post(`${SCHEME}/lint`, { xml: 42 }), 400);
    expect([400, 422]).toContain((await admin.post(`${SCHEME}/lint`, { xml: 'a\u0000b' })).statusCode);
    expect((await as(server, '').post(`${SCHEME}/lint`, { xml: expenseXml(1, 1) })).statusCode).toBe(401);
    expectFailure(await nobody.post(`${SCHEME}/lint`, { xml: expenseXml(1, 1) }), 403);
    expect((await admin.get(`${SCHEME}/page?size=100`)).json().data.total).toBe(before);
  });

  it("refuses a model with several problems listing every one, each naming its element, in the reader's language", async () => {
    const threeProblems = expenseXml(1, 1)
      .replace('<macro:approver kind="person" values="1"/>', '')
      .replace('<macro:approver kind="post" values="1"/>', '<macro:approver kind="wizard" values="1"/>')
      .replace('<bpmn:endEvent id="end"/>', '<bpmn:endEvent id="end"><bpmn:escalationEventDefinition/></bpmn:endEvent>');
    const problem = z.object({ elementType: z.string(), elementId: z.string(), code: z.string(), message: z.string() });
    const refusal = z.object({ sys_msg: z.string(), problems: z.array(problem) });
    const create = { name: 'Three problems', code: 'lint-three', category: 'finance', xml: threeProblems };
    const zh = refusal.parse(
      expectFailure(await admin.post(`${SCHEME}/new-model`, create), 422, '流程配置无效：UserTask manager：审批节点需要设置审批人规则（另有 2 处问题）'),
    );
    expect(zh.problems).toEqual([
      { elementType: 'UserTask', elementId: 'manager', code: 'approverMissing', message: '审批节点需要设置审批人规则' },
      { elementType: 'UserTask', elementId: 'director', code: 'approverKindUnknown', message: '未知的审批人类型 wizard' },
      { elementType: 'EndEvent', elementId: 'end', code: 'endEventDefinition', message: '不支持带 EscalationEventDefinition 的结束事件' },
    ]);
    const en = refusal.parse(
      expectFailure(
        await adminEn.post(`${SCHEME}/new-model`, create),
        422,
        'Process config invalid: UserTask manager: An approval node needs an approver rule (and 2 more)',
      ),
    );
    expect(en.problems).toEqual([
      { elementType: 'UserTask', elementId: 'manager', code: 'approverMissing', message: 'An approval node needs an approver rule' },
      { elementType: 'UserTask', elementId: 'director', code: 'approverKindUnknown', message: 'Unknown approver kind wizard' },
      { elementType: 'EndEvent', elementId: 'end', code: 'endEventDefinition', message: 'End events with EscalationEventDefinition are not supported' },
    ]);
    // A new version of a template is refused the same way; one problem alone reads without a count.
    const saved = expectOk(await admin.post(`${SCHEME}/new-model`, { ...create, code: 'lint-three-ok', xml: expenseXml(1, 1) }), scheme);
    const update = refusal.parse(
      expectFailure(await admin.put(`${SCHEME}/update`, { id: saved.id, name: 'Three problems', category: 'finance', xml: threeProblems }), 422),
    );
    expect(update.problems.map((p) => p.elementId)).toEqual(['manager', 'director', 'end']);
    const one = expenseXml(1, 1).replace('<macro:approver kind="person" values="1"/>', '');
    const single = refusal.parse(
      expectFailure(
        await adminEn.post(`${SCHEME}/new-model`, { ...create, xml: one }),
        422,
        'Process config invalid: UserTask manager: An approval node needs an approver rule',
      ),
    );
    expect(single.problems).toEqual([
      { elementType: 'UserTask', elementId: 'manager', code: 'approverMissing', message: 'An approval node needs an approver rule' },
    ]);
  });
});
