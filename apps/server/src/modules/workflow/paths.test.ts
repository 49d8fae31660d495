import { STAMP_CATEGORY } from '@macro/contract/stamps';
import { started } from '@macro/contract/workflow';
import { withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
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

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const PASSWORD = 'Flow@123456';

const node = (approver: number, form = '') =>
  `<bpmn:extensionElements><macro:node><macro:approver kind="person" values="${approver}"/>${form}</macro:node></bpmn:extensionElements>`;

/**
 * A purchase: the start form may not set `approvedAmount`; at the manager's node `amount` is
 * read-only, `salary` hidden, `note` editable (not listed).
 */
const purchaseXml = (managerId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_purchase" targetNamespace="http://macro.console/test">
  <bpmn:process id="purchase" name="Purchase" isExecutable="true">
    <bpmn:startEvent id="start" name="Apply"><bpmn:extensionElements><macro:node><macro:form formKey="purchaseForm"><macro:field name="approvedAmount" permission="readonly"/></macro:form></macro:node></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:userTask id="manager" name="Manager">${node(managerId, '<macro:form formKey="purchaseForm"><macro:field name="amount" permission="readonly"/><macro:field name="salary" permission="hidden"/></macro:form>')}</bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="manager"/>
    <bpmn:sequenceFlow id="f2" sourceRef="manager" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** A parent that calls `purchase` and then waits for the manager again. */
const parentXml = (managerId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_parent" targetNamespace="http://macro.console/test">
  <bpmn:process id="budget" name="Budget" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:callActivity id="call" calledElement="purchase"/>
    <bpmn:userTask id="review" name="Review">${node(managerId)}</bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="call"/>
    <bpmn:sequenceFlow id="f2" sourceRef="call" targetRef="review"/>
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string() });
const page = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number(), nextCursor: z.string().nullable() });
const done = z.object({ done: z.literal(true) });
const taskForm = z.object({
  nodeId: z.string(),
  formKey: z.string().nullable(),
  fields: z.array(z.object({ name: z.string(), permission: z.string() })),
  data: z.record(z.string(), z.unknown()),
});
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describeDb(`workflow forms, signatures, related processes and start links (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let clerk: Client;
  let manager: Client;
  let nobody: Client;
  let other: Client;
  let ids: { clerk: number; manager: number; role: number };
  let modelId: number;

  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
    ids = await withTenant(server.database.db, TENANT, async (tx) => {
      const role = await adminRoleId(tx);
      const make = (account: string, roleIds: number[]) => createUser(tx, { account, name: account, password: PASSWORD, roleIds });
      const result = { clerk: await make('wfp_clerk', [role]), manager: await make('wfp_manager', [role]), role };
      await make('wfp_nobody', []);
      return result;
    });
    const client = async (account: string) => as(server, (await signIn(server, TENANT, account, PASSWORD)).access_token);
    clerk = await client('wfp_clerk');
    manager = await client('wfp_manager');
    nobody = await client('wfp_nobody');
    // The form the template's nodes bind: data are checked against it when a process starts and when an approver changes them.
    const purchaseForm = {
      code: 'purchaseForm',
      name: '采购单',
      document: {
        schema: {
          type: 'object',
          properties: {
            amount: { type: 'number', title: '金额' },
            approvedAmount: { type: 'number' },
            salary: { type: 'number' },
            note: { type: 'string', maxLength: 50 },
          },
        },
        uiSchema: {},
      },
    };
    for (const code of ['purchaseForm', 'authorisedForm']) expect((await admin.post('/api/form-scheme', { ...purchaseForm, code })).statusCode).toBe(200);
    modelId = (await admin.post(`${SCHEME}/new-model`, { name: '采购', code: 'purchase', category: 'finance', xml: purchaseXml(ids.manager) })).json().data.id;
    expect(modelId).toBeGreaterThan(0);
  });
  afterAll(() => server.close());

  const put = (c: Client, url: string, payload: unknown) => c.call({ method: 'PUT', url, payload: payload as object });
  const todo = async (c: Client, extra = '') => expectOk(await c.get(`${TASK}/upcoming-task?${extra}`), page(taskRow));
  const start = async (variables: Record<string, unknown>, title = '采购电脑') =>
    expectOk(await clerk.post(`${TASK}/create-process`, { code: 'purchase', title, variables }), started);
  const managerTaskOf = async (instanceId: number) => (await todo(manager, 'size=100')).records.find((t) => t.processInstanceId === instanceId)!;

  it("lists a task with its due time from the node's due setting, none without one", async () => {
    const dueXml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_due" targetNamespace="http://macro.console/test">
  <bpmn:process id="dueTest" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="check"><bpmn:extensionElements><macro:node dueIn="P2D"><macro:approver kind="person" values="${ids.manager}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expect((await admin.post(`${SCHEME}/new-model`, { name: '时限', code: 'dueTest', category: 'finance', xml: dueXml })).statusCode).toBe(200);
    const run = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'dueTest', title: '有时限', variables: {} }), started);
    const row = (await manager.get(`${TASK}/upcoming-task?size=100`))
      .json()
      .data.records.find((t: { processInstanceId: number }) => t.processInstanceId === run.instanceId);
    expect(Math.abs(Date.parse(row.dueTime) - Date.parse(row.createTime) - 2 * 86_400_000)).toBeLessThan(5_000);
    const other = await start({ amount: 1 });
    const plain = (await manager.get(`${TASK}/upcoming-task?size=100`))
      .json()
      .data.records.find((t: { processInstanceId: number }) => t.processInstanceId === other.instanceId);
    expect(plain.dueTime).toBeNull();
  });

  it('gives the start form of a template and refuses a field the start node makes read-only', async () => {
    const form = expectOk(
      await clerk.get(`${TASK}/create-processform?code=purchase`),
      z.object({ nodeId: z.string(), formKey: z.string().nullable(), fields: z.array(z.unknown()) }),
    );
    expect(form).toMatchObject({ nodeId: 'start', formKey: 'purchaseForm', fields: [{ name: 'approvedAmount', permission: 'readonly' }] });
    expectFailure(await clerk.get(`${TASK}/create-processform`), 400, '请选择流程模板');
    expectFailure(await adminEn.get(`${TASK}/create-processform?code=nosuch`), 404, 'The template does not exist');
    expectFailure(await other.get(`${TASK}/create-processform?code=purchase`), 404);
    expectFailure(
      await clerk.post(`${TASK}/create-process`, { code: 'purchase', variables: { amount: 1, approvedAmount: 1 } }),
      422,
      '字段「approvedAmount」在此节点不可修改',
    );
  });

  it('keeps hidden fields out of the task and refuses changing read-only or hidden fields, through form-process and approve', async () => {
    const run = await start({ amount: 800, salary: 30000, note: '三台' });
    const task = await managerTaskOf(run.instanceId);
    const form = expectOk(await manager.get(`${TASK}/task-form?taskId=${task.taskId}`), taskForm);
    expect(form).toMatchObject({ nodeId: 'manager', formKey: 'purchaseForm', data: { amount: 800, note: '三台' } });
    expect(form.data).not.toHaveProperty('salary');
    expect(form.fields).toEqual([
      { name: 'amount', permission: 'readonly' },
      { name: 'salary', permission: 'hidden' },
    ]);
    // The task screen's own call hides it too.
    const detail = (await manager.get(`${TASK}/process-mytask?taskId=${task.taskId}`)).json().data;
    expect(detail.variables).not.toHaveProperty('salary');

    expectFailure(await manager.post(`${TASK}/form-process`, { taskId: task.taskId, variables: { amount: 900 } }), 422, '字段「amount」在此节点不可修改');
    const en = as(server, (await signIn(server, TENANT, 'wfp_manager', PASSWORD)).access_token, 'en');
    expectFailure(await en.post(`${TASK}/form-process`, { taskId: task.taskId, variables: { salary: 1 } }), 422, 'Field salary cannot be changed at this node');
    // The whole form posted back unchanged, with the editable field changed: saved, the task stays open.
    expectOk(await manager.post(`${TASK}/form-process`, { taskId: task.taskId, variables: { amount: 800, note: '两台' } }), done);
    expect(expectOk(await manager.get(`${TASK}/task-form?taskId=${task.taskId}`), taskForm).data).toMatchObject({ amount: 800, note: '两台' });
    expect((await managerTaskOf(run.instanceId)).taskId).toBe(task.taskId);
    // Only the approver saves the form; others do not even see the task.
    expectFailure(await clerk.post(`${TASK}/form-process`, { taskId: task.taskId, variables: { note: 'x' } }), 422, '该任务不由您处理');
    expectFailure(await nobody.get(`${TASK}/task-form?taskId=${task.taskId}`), 403);
    expectFailure(await other.get(`${TASK}/task-form?taskId=${task.taskId}`), 404);
    expectFailure(await manager.post(`${TASK}/form-process`, { taskId: task.taskId, variables: 'x' }), 400);

    // Approve cannot change them either, and a refused approval leaves the task open.
    expectFailure(
      await manager.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'approve', variables: { salary: 0 } }),
      422,
      '字段「salary」在此节点不可修改',
    );
    expect((await managerTaskOf(run.instanceId)).taskId).toBe(task.taskId);
    expectOk(await manager.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'approve', variables: { note: '一台' } }), done);
    // The initiator sees the whole data of the ended process.
    const view = (await clerk.get(`${TASK}/view-process?processInstanceId=${run.instanceId}`)).json().data;
    expect(view.variables).toMatchObject({ amount: 800, salary: 30000, note: '一台' });
    // The approver, viewing the whole process afterwards, still does not see what their node hid.
    const managerView = (await manager.get(`${TASK}/view-process?processInstanceId=${run.instanceId}`)).json().data;
    expect(managerView.variables).toMatchObject({ amount: 800, note: '一台' });
    expect(managerView.variables).not.toHaveProperty('salary');
  });

  it('signs an open task with a stamp: password checked, history keeps the stamp, the task stays open', async () => {
    const seal = (password: string) => encryptPassword(server.publicKey, password);
    const stamp = (
      await admin.post('/api/macro-flow/stamps', {
        stampName: '采购章',
        category: STAMP_CATEGORY.public,
        password: seal('seal789'),
        image: TINY_PNG,
        memberIds: [ids.manager],
      })
    ).json().data;
    const run = await start({ amount: 10 });
    const task = await managerTaskOf(run.instanceId);
    expectFailure(await manager.post(`${TASK}/signature`, { taskId: task.taskId, password: seal('seal789') }), 400, '请选择签章');
    expectFailure(await manager.post(`${TASK}/signature`, { taskId: task.taskId, stampId: stamp.id, password: seal('bad') }), 422, '签章密码错误');
    // The stamp password travels encrypted as at sign-in: plain text is refused, in the caller's language.
    expectFailure(
      await manager.post(`${TASK}/signature`, { taskId: task.taskId, stampId: stamp.id, password: 'seal789' }),
      400,
      '密码无法解密，请刷新页面后重试',
    );
    const signEn = await manager.call({
      method: 'POST',
      url: `${TASK}/signature`,
      payload: { taskId: task.taskId, stampId: stamp.id, password: 'seal789' },
      headers: { 'accept-language': 'en' },
    });
    expectFailure(signEn, 400, 'The password could not be decrypted, please reload the page and retry');
    expectOk(await manager.post(`${TASK}/signature`, { taskId: task.taskId, stampId: stamp.id, password: seal('seal789'), comment: '已盖章' }), done);
    const history = (await clerk.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`)).json().data as {
      action: string | null;
      stamp: string | null;
    }[];
    expect(history).toContainEqual(expect.objectContaining({ action: 'sign', stamp: '采购章' }));
    expect((await managerTaskOf(run.instanceId)).taskId).toBe(task.taskId);
    expectFailure(await other.post(`${TASK}/signature`, { taskId: task.taskId, stampId: stamp.id, password: seal('seal789') }), 404);
  });

  it('lists the processes related through a call activity, and reads one only when related', async () => {
    expectOk(
      await admin.post(`${SCHEME}/new-model`, { name: '预算', code: 'budget', category: 'finance', xml: parentXml(ids.manager) }),
      z.object({ id: z.number() }),
    );
    const parent = expectOk(await clerk.post(`${TASK}/create-process`, { code: 'budget', title: '年度预算' }), started);
    const related = z.array(z.object({ processInstanceId: z.number(), relation: z.string(), status: z.string() }));
    const children = expectOk(await clerk.get(`${TASK}/relationTask?processInstanceId=${parent.instanceId}`), related);
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({ relation: 'child', status: 'approving' });
    const childId = children[0].processInstanceId;
    // From the child, as its approver: the parent.
    expect(expectOk(await manager.get(`${TASK}/relationTask?processInstanceId=${childId}`), related)).toEqual([
      expect.objectContaining({ processInstanceId: parent.instanceId, relation: 'parent' }),
    ]);
    const info = (await clerk.get(`${TASK}/relationTask-Info?processInstanceId=${parent.instanceId}&relatedId=${childId}`)).json().data;
    expect(info.instance).toMatchObject({ processInstanceId: childId, code: 'purchase' });
    const unrelated = await start({ amount: 1 });
    expectFailure(await clerk.get(`${TASK}/relationTask-Info?processInstanceId=${parent.instanceId}&relatedId=${unrelated.instanceId}`), 404, '流程不存在');
    expectFailure(await nobody.get(`${TASK}/relationTask?processInstanceId=${parent.instanceId}`), 403);
    expectFailure(await other.get(`${TASK}/relationTask?processInstanceId=${parent.instanceId}`), 404);
  });

  it('reads a template resource and its running and finished processes', async () => {
    const resource = (await admin.get(`${SCHEME}/read-resource?modelId=${modelId}`)).json().data;
    expect(resource).toMatchObject({ fileName: 'purchase.bpmn20.xml', version: 1 });
    expect(resource.xml).toContain('purchaseForm');
    const check = (await admin.get(`${SCHEME}/validate-relationtask?modelId=${modelId}`)).json().data;
    expect(check.removable).toBe(false);
    const info = (await admin.get(`${SCHEME}/relation-taskinfo?modelId=${modelId}`)).json().data;
    expect(info.running).toBe(check.running);
    expect(info.finished).toBeGreaterThanOrEqual(1);
    expect(info.versions).toEqual([expect.objectContaining({ version: 1, running: check.running })]);
    const running = (await admin.get(`${SCHEME}/relation-task?modelId=${modelId}`)).json().data;
    expect(running.total).toBe(check.running);
    expect(running.records.every((r: { code: string; status: string }) => r.code === 'purchase' && r.status === 'approving')).toBe(true);
    const finished = (await admin.get(`${SCHEME}/finished-task?modelId=${modelId}&keyword=采购电脑`)).json().data;
    expect(finished.records.map((r: { status: string }) => r.status)).toContain('approved');
    expectFailure(await other.get(`${SCHEME}/read-resource?modelId=${modelId}`), 404, '模板不存在');
    expectFailure(await other.get(`${SCHEME}/finished-task?modelId=${modelId}`), 404);
    expectFailure(await admin.get(`${SCHEME}/relation-task?modelId=abc`), 400);
  });

  it('pages the to-do list by cursor, newest first, without repeating a row', async () => {
    for (const n of [1, 2, 3]) await start({ amount: n }, `游标${n}`);
    const first = await todo(manager, 'size=2&keyword=游标');
    expect(first.records).toHaveLength(2);
    expect(first.records[0].taskId).toBeGreaterThan(first.records[1].taskId);
    expect(first.nextCursor).not.toBeNull();
    const second = await todo(manager, `size=2&keyword=游标&cursor=${first.nextCursor}`);
    expect(second.records).toHaveLength(1);
    expect(second.records[0].taskId).toBeLessThan(first.records[1].taskId);
    expect(second.nextCursor).toBeNull();
    expectFailure(await manager.get(`${TASK}/upcoming-task?cursor=garbage`), 400);
  });

  it('starts a process through a single-use start link, without a token, as the user who issued it', async () => {
    const post = (payload: string) => server.app.inject({ method: 'POST', url: '/api/nwfschemeinfo/createProcess', headers: FORM, payload });
    const link = expectOk(
      await clerk.post(`${TASK}/create-process-link`, { code: 'purchase', title: '外部申请' }),
      z.object({ token: z.string(), path: z.string(), expiresAt: z.string() }),
    );
    expect(link.path).toBe('/api/nwfschemeinfo/createProcess');
    const body = new URLSearchParams({ token: link.token, amount: '12', note: '表单提交' }).toString();
    const run = started.parse(JSON.parse((await post(body)).body).data);
    const mine = (await clerk.get(`${TASK}/my-task?keyword=外部申请`)).json().data.records as { processInstanceId: number }[];
    expect(mine.map((r) => r.processInstanceId)).toContain(run.instanceId);
    const view = (await clerk.get(`${TASK}/view-process?processInstanceId=${run.instanceId}`)).json().data;
    expect(view.variables).toMatchObject({ note: '表单提交' });
    expect(Number(view.variables.amount)).toBe(12);
    // Once only.
    const again = await post(body);
    expect(again.statusCode).toBe(401);
    expect(JSON.parse(again.body).sys_msg).toBe('发起链接已被使用');
    // A forged secret, a missing token, an expired link: refused, nothing started.
    const forged = `${link.token.slice(0, -4)}AAAA`;
    const next = expectOk(await clerk.post(`${TASK}/create-process-link`, { code: 'purchase' }), z.object({ token: z.string() }));
    expect((await post(new URLSearchParams({ token: `${next.token.slice(0, -4)}AAAA` }).toString())).statusCode).toBe(401);
    expect((await post(new URLSearchParams({ token: forged }).toString())).statusCode).toBe(401);
    expect((await post(new URLSearchParams({ amount: '1' }).toString())).statusCode).toBe(400);
    expect((await post(new URLSearchParams({ token: 'x.y.z' }).toString())).statusCode).toBe(401);
    await withTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`update wf_start_link set expires_at = now() - interval '1 minute' where used_at is null`),
    );
    expect((await post(new URLSearchParams({ token: next.token }).toString())).statusCode).toBe(401);
    // Issuing needs a signed-in holder of the handle code and a template of the tenant.
    expectFailure(await nobody.post(`${TASK}/create-process-link`, { code: 'purchase' }), 403);
    expectFailure(await other.post(`${TASK}/create-process-link`, { code: 'purchase' }), 404);
    expectFailure(await clerk.post(`${TASK}/create-process-link`, { code: 'purchase', expiresInMinutes: 0 }), 400);
  });

  it('keeps workflow relations: one per template, its form and authority, who may start it', async () => {
    const relation = z.object({
      id: z.number(),
      name: z.string(),
      nwfSchemeInfoId: z.number(),
      code: z.string(),
      formKey: z.string(),
      authority: z.object({ users: z.array(z.number()) }),
    });
    const schemeId = (
      await admin.post(`${SCHEME}/new-model`, {
        name: '授权',
        code: 'authorised',
        category: 'finance',
        xml: purchaseXml(ids.manager).replaceAll('purchase', 'authorised'),
      })
    ).json().data.id;
    expectFailure(await admin.post('/api/macro-flow/workflow-relation', { nwfSchemeInfoId: schemeId }), 400, '请输入关联名称');
    expectFailure(await admin.post('/api/macro-flow/workflow-relation', { name: 'x', nwfSchemeInfoId: schemeId, authority: { users: [999999] } }), 422);
    expectFailure(await admin.post('/api/macro-flow/workflow-relation', { name: 'x', nwfSchemeInfoId: 999999 }), 404, '模板不存在');
    // Open authority: anyone with the code starts it, auth-user says so.
    const created = expectOk(
      await admin.post('/api/macro-flow/workflow-relation', { name: '授权关联', nwfSchemeInfoId: schemeId, formKey: 'authForm' }),
      relation,
    );
    expect(created).toMatchObject({ code: 'authorised', formKey: 'authForm' });
    expectFailure(await admin.post('/api/macro-flow/workflow-relation', { name: '重复', nwfSchemeInfoId: schemeId }), 409, '该模板已有流程关联');
    expect((await admin.get(`/api/macro-flow/workflow-Auth/auth-user/${schemeId}`)).json().data).toEqual({ open: true, users: [] });
    expectOk(await clerk.post(`${TASK}/create-process`, { code: 'authorised', variables: {} }), started);
    // Authority to the manager only: the clerk is refused, the manager starts.
    expectOk(
      await put(admin, `/api/macro-flow/workflow-relation/${created.id}`, {
        name: '授权关联',
        nwfSchemeInfoId: schemeId,
        formKey: 'authForm',
        authority: { users: [ids.manager] },
      }),
      relation,
    );
    const auth = (await admin.get(`/api/macro-flow/workflow-Auth/auth-user/${schemeId}`)).json().data;
    expect(auth).toEqual({ open: false, users: [expect.objectContaining({ userId: ids.manager, account: 'wfp_manager' })] });
    expectFailure(await clerk.post(`${TASK}/create-process`, { code: 'authorised', variables: {} }), 422, '您无权发起此流程');
    expectOk(await manager.post(`${TASK}/create-process`, { code: 'authorised', variables: {} }), started);
    // The launch list offers it to the manager only.
    const startable = async (client: typeof clerk) =>
      ((await client.get(`${TASK}/get-allprocess?size=100&keyword=${encodeURIComponent('授权')}`)).json().data.records as { code: string }[]).map(
        (r) => r.code,
      );
    expect(await startable(manager)).toEqual(['authorised']);
    expect(await startable(clerk)).toEqual([]);
    // By role: both hold it, both are offered it.
    const byRole = { name: '授权关联', nwfSchemeInfoId: schemeId, formKey: 'authForm', authority: { roles: [ids.role] } };
    expectOk(await put(admin, `/api/macro-flow/workflow-relation/${created.id}`, byRole), relation);
    expect(await startable(clerk)).toEqual(['authorised']);
    expectOk(await put(admin, `/api/macro-flow/workflow-relation/${created.id}`, { ...byRole, authority: { users: [ids.manager] } }), relation);
    const formInfo = (await clerk.get(`/api/macro-flow/workflow-relation/formInfo?nwfSchemeInfoId=${schemeId}`)).json().data;
    expect(formInfo).toMatchObject({ relationId: created.id, formKey: 'authForm', fields: [{ name: 'approvedAmount', permission: 'readonly' }] });
    expect((await admin.get(`/api/macro-flow/workflow-relation/info/${created.id}`)).json().data).toMatchObject({
      name: '授权关联',
      authority: { users: [ids.manager] },
    });
    expect((await admin.get('/api/macro-flow/workflow-relation?keyword=授权')).json().data.records.map((r: { id: number }) => r.id)).toEqual([created.id]);
    // The other tenant sees and changes nothing; a user without the codes is refused.
    expectFailure(await other.get(`/api/macro-flow/workflow-relation/info/${created.id}`), 404, '流程关联不存在');
    expectFailure(await other.call({ method: 'DELETE', url: `/api/macro-flow/workflow-relation/${created.id}` }), 404);
    expectFailure(await other.get(`/api/macro-flow/workflow-Auth/auth-user/${schemeId}`), 404);
    expectFailure(await nobody.get('/api/macro-flow/workflow-relation'), 403);
    expectOk(await admin.call({ method: 'DELETE', url: `/api/macro-flow/workflow-relation/${created.id}` }), done);
    expectOk(await clerk.post(`${TASK}/create-process`, { code: 'authorised', variables: {} }), started);
    expect(await startable(clerk)).toEqual(['authorised']);
  });
});
