import { formSchemeInfo } from '@macro/contract/forms';
import { scheme, started } from '@macro/contract/workflow';
import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, dbLabel, describeDb, expectFailure, expectOk, listening, signedInServer, type TestServer } from '../../test/helper.ts';

/*
 * Data sources seen from processes: form data sent with a process are checked against what a
 * choice's data source offers, as a record's save is; and a data source an approver rule names
 * is kept while a template, or a process still running, names it.
 */

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';

const hasPostgres = await listening(5432);
if (!hasPostgres) console.warn('workflow forms with data sources: no PostgreSQL on 127.0.0.1:5432, not tested');

const SCHEMA = `wf_form_ds_${dbLabel}_${process.pid}`;
const owner = () => new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });

const definitions = (code: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/test">
  <bpmn:process id="${code}" name="${code}" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:extensionElements><macro:node><macro:form formKey="dsLeave"/></macro:node></bpmn:extensionElements></bpmn:startEvent>
    ${body}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** Start (the form) → Check, approved by `approver` with the form too → end. */
const formXml = (code: string, approver: number) =>
  definitions(
    code,
    `<bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${approver}"/><macro:form formKey="dsLeave"/></macro:node></bpmn:extensionElements></bpmn:userTask>`,
  );

/** Start → Check, its approvers read from the data source `id` → end. */
const pickXml = (code: string, id: number) =>
  definitions(
    code,
    `<bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="sql" dataSource="${id}" column="id"/></macro:node></bpmn:extensionElements></bpmn:userTask>`,
  );

const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string() });
const done = z.object({ done: z.literal(true) });

describeDb(`process form data and approver rules on data sources (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let adminId: number;
  let staffSource: number;
  let approverSource: number;
  let linkId: number;

  beforeAll(async () => {
    ({ server, admin, adminEn, adminId } = await signedInServer());
    if (!hasPostgres) return;
    const client = owner();
    await client.connect();
    await client.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
      create table ${SCHEMA}.staff (id integer primary key, name text, dept text not null);
      insert into ${SCHEMA}.staff values (11, '张三', 'sales'), (12, '李四', 'dev'), (13, '王五', 'sales'), (${adminId}, 'admin', 'boss');`);
    await client.end();
    const id = z.object({ id: z.number() });
    linkId = expectOk(
      await admin.post('/api/database-links', {
        name: `wf-form-${SCHEMA}`,
        kind: 'postgresql',
        host: '127.0.0.1',
        port: 5432,
        database: 'postgres',
        username: 'postgres',
        schema: SCHEMA,
      }),
      id,
    ).id;
    staffSource = expectOk(
      await admin.post('/api/data-sources', { name: '销售员工', linkId, sql: "select id, name from staff where dept = 'sales' order by id" }),
      id,
    ).id;
    approverSource = expectOk(await admin.post('/api/data-sources', { name: '老板', linkId, sql: "select id from staff where dept = 'boss'" }), id).id;
    expectOk(
      await admin.post('/api/form-scheme', {
        code: 'dsLeave',
        name: '请假单',
        document: {
          schema: { type: 'object', properties: { staff: { type: 'string', title: '员工' }, note: { type: 'string', title: '备注' } } },
          uiSchema: { staff: { 'ui:options': { dataSource: { id: staffSource, value: 'id', label: 'name' } } } },
        },
      }),
      formSchemeInfo,
    );
  });
  afterAll(async () => {
    await server.close();
    if (!hasPostgres) return;
    const client = owner();
    await client.connect();
    await client.query(`drop schema if exists ${SCHEMA} cascade`);
    await client.end();
  });

  const deploy = (code: string, xml: string, name = code) => admin.post(`${SCHEME}/new-model`, { name, code, category: 'finance', xml });
  const start = (client: Client, code: string, variables: Record<string, unknown>) => client.post(`${TASK}/create-process`, { code, title: code, variables });
  const instances = async (code: string) =>
    rowsOf(await server.database.db.execute(sql`select i.id from wf_instance i join wf_definition d on d.id = i.definition_id where d.key = ${code}`)).length;
  const openTask = async (instanceId: number) =>
    expectOk(await admin.get(`${TASK}/upcoming-task?size=100`), z.object({ records: z.array(taskRow) })).records.find(
      (t) => t.processInstanceId === instanceId,
    );
  const removeSource = (client: Client, id: number) => client.delete(`/api/data-sources?ids=${id}`);

  describe.skipIf(!hasPostgres)('on a PostgreSQL link', () => {
    it('starts a process only with a value the data source offers, naming the field of another and creating nothing', async () => {
      expect((await deploy('dsStart', formXml('dsStart', adminId))).statusCode).toBe(200);
      // 李四 is of another department: the data source does not offer him.
      expectFailure(await start(adminEn, 'dsStart', { staff: '12', note: 'x' }), 422, '员工 has an option that is not offered');
      expectFailure(await start(admin, 'dsStart', { staff: '12' }), 422, '员工的选项无效');
      expect(await instances('dsStart')).toBe(0);
      // A draft is checked when it starts, as any start is; it stays a draft.
      const draft = expectOk(
        await admin.post(`${TASK}/saveOrEditTempfiledInfo`, { code: 'dsStart', title: 'draft', data: { staff: '12' } }),
        z.object({ id: z.number() }),
      );
      expectFailure(await adminEn.post(`${TASK}/create-process`, { draftId: draft.id }), 422, '员工 has an option that is not offered');
      expect(await instances('dsStart')).toBe(0);
      const run = expectOk(await start(admin, 'dsStart', { staff: '13', note: 'ok' }), started);
      expect(await openTask(run.instanceId)).toMatchObject({ nodeId: 'check' });
    });

    it('completes or saves a task only with offered values; a refused one leaves the task open and the data as they were', async () => {
      await deploy('dsTask', formXml('dsTask', adminId));
      const run = expectOk(await start(admin, 'dsTask', { staff: '11' }), started);
      const task = (await openTask(run.instanceId))!;
      const handle = (client: Client, variables: Record<string, unknown>) =>
        client.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'approve', variables });
      expectFailure(await handle(adminEn, { staff: '12' }), 422, '员工 has an option that is not offered');
      expectFailure(
        await adminEn.post(`${TASK}/form-process`, { taskId: task.taskId, variables: { staff: '12' } }),
        422,
        '员工 has an option that is not offered',
      );
      expect(await openTask(run.instanceId)).toMatchObject({ taskId: task.taskId, nodeId: 'check' });
      const form = expectOk(await admin.get(`${TASK}/task-form?taskId=${task.taskId}`), z.object({ data: z.record(z.string(), z.unknown()) }));
      expect(form.data.staff).toBe('11');
      expectOk(await handle(admin, { staff: '13' }), done);
      expect(await openTask(run.instanceId)).toBeUndefined();
    });

    it('checks what the initiator sends again after a rejection back to the start', async () => {
      await deploy('dsAgain', formXml('dsAgain', adminId));
      const run = expectOk(await start(admin, 'dsAgain', { staff: '11' }), started);
      const task = (await openTask(run.instanceId))!;
      expectOk(await admin.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'reject', rejectTo: 'start' }), done);
      const again = (await openTask(run.instanceId))!;
      expect(again.nodeId).toBe('start');
      expectFailure(
        await adminEn.post(`${TASK}/reinitiate-process`, { taskId: again.taskId, variables: { staff: '12' } }),
        422,
        '员工 has an option that is not offered',
      );
      expect(await openTask(run.instanceId)).toMatchObject({ taskId: again.taskId });
      expectOk(await admin.post(`${TASK}/reinitiate-process`, { taskId: again.taskId, variables: { staff: '13' } }), done);
      expect(await openTask(run.instanceId)).toMatchObject({ nodeId: 'check' });
    });

    it('keeps a data source while a template or a running process names it in an approver rule, and names that use', async () => {
      const model = expectOk(await deploy('dsPick', pickXml('dsPick', approverSource), '报销'), scheme);
      expectFailure(await removeSource(admin, approverSource), 409, '模板“报销”第 1 版的节点“Check”从数据源“老板”取审批人，不能删除');
      expectFailure(
        await removeSource(adminEn, approverSource),
        409,
        'Node "Check" of template "报销" (version 1) takes its approvers from data source "老板", which therefore cannot be deleted',
      );
      const run = expectOk(await start(admin, 'dsPick', {}), started);
      // The next version names it no more; the process running on the first still does.
      const update = { id: model.id, name: '报销', category: 'finance', xml: formXml('dsPick', adminId) };
      expect((await admin.call({ method: 'PUT', url: `${SCHEME}/update`, payload: update })).statusCode).toBe(200);
      expectFailure(await removeSource(admin, approverSource), 409, '模板“报销”第 1 版的节点“Check”从数据源“老板”取审批人，不能删除');
      const task = (await openTask(run.instanceId))!;
      expectOk(await admin.post(`${TASK}/task-handle`, { taskId: task.taskId, action: 'approve' }), done);
      expectOk(await removeSource(admin, approverSource), z.object({ removed: z.literal(1) }));
      // Deploying a model naming it now says it is gone.
      expectFailure(await deploy('dsPickLate', pickXml('dsPickLate', approverSource)), 422);
    });
  });
});
