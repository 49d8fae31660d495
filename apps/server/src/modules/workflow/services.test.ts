import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { roleRecord } from '@macro/contract/roles';
import { started } from '@macro/contract/workflow';
import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import type { Tx } from '@macro/store';
import { WorkflowError } from '@macro/workflow';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { adminRoleId } from '../identity/roles.ts';
import { createUser } from '../identity/users.ts';
import { servicePort } from './services.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const PASSWORD = 'Flow@123456';

/**
 * A credit check: an HTTP service scores the request, the holders of the role the BPMN potential
 * owner names review it, the built-in archive keeps the data, and it ends.
 */
const creditXml = (code: string, service: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/test">
  <bpmn:resource id="approverResource" name="Approver"/>
  <bpmn:process id="${code}" name="Credit" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:serviceTask id="score"><bpmn:extensionElements><macro:node>${service}</macro:node></bpmn:extensionElements></bpmn:serviceTask>
    <bpmn:userTask id="review" name="Review"><bpmn:potentialOwner id="owner"><bpmn:resourceRef>approverResource</bpmn:resourceRef></bpmn:potentialOwner></bpmn:userTask>
    <bpmn:serviceTask id="archive"><bpmn:extensionElements><macro:node><macro:service kind="builtin" name="archive"/></macro:node></bpmn:extensionElements></bpmn:serviceTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="score"/>
    <bpmn:sequenceFlow id="f2" sourceRef="score" targetRef="review"/>
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="archive"/>
    <bpmn:sequenceFlow id="f4" sourceRef="archive" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/**
 * The credit check with a manual fallback: each error boundary event of the service task (with a
 * bpmn:error of that code, or none to catch every error) leads to a person who checks by hand.
 */
const fallbackXml = (code: string, url: string, catches: (string | undefined)[]) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/test">
  <bpmn:resource id="approverResource" name="Approver"/>
  ${catches.map((c, i) => (c ? `<bpmn:error id="error_${i}" errorCode="${c}"/>` : '')).join('')}
  <bpmn:process id="${code}" name="Credit" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:serviceTask id="score"><bpmn:extensionElements><macro:node><macro:service kind="http" url="${url}"/></macro:node></bpmn:extensionElements></bpmn:serviceTask>
    ${catches.map((c, i) => `<bpmn:boundaryEvent id="caught_${i}" attachedToRef="score"><bpmn:errorEventDefinition${c ? ` errorRef="error_${i}"` : ''}/></bpmn:boundaryEvent><bpmn:sequenceFlow id="fc_${i}" sourceRef="caught_${i}" targetRef="manual"/>`).join('')}
    <bpmn:userTask id="review" name="Review"><bpmn:potentialOwner id="owner"><bpmn:resourceRef>approverResource</bpmn:resourceRef></bpmn:potentialOwner></bpmn:userTask>
    <bpmn:userTask id="manual" name="Manual check"><bpmn:potentialOwner id="owner2"><bpmn:resourceRef>approverResource</bpmn:resourceRef></bpmn:potentialOwner></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="score"/>
    <bpmn:sequenceFlow id="f2" sourceRef="score" targetRef="review"/>
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="end"/>
    <bpmn:sequenceFlow id="f4" sourceRef="manual" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string() });
const page = z.object({ records: z.array(taskRow) });

describeDb(`workflow service tasks and BPMN performers in the product (${dbLabel})`, () => {
  let server: TestServer;
  let stand: Server;
  let base: string;
  let admin: Client;
  let adminEn: Client;
  let reviewer: Client;
  const received: { path: string; body: unknown }[] = [];

  beforeAll(async () => {
    // The integration the template calls: a local stand-in, allowed by its address as an operator would list it.
    stand = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', body: body ? JSON.parse(body) : null });
        if (request.url === '/score') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ grade: 'A', score: 91 }));
        if (request.url === '/broken') return response.writeHead(503).end('down');
        if (request.url === '/text') return response.writeHead(200).end('hello');
        setTimeout(() => response.writeHead(200).end('{}'), 2_000);
      });
    });
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    server = await startServer({ serviceHosts: ['127.0.0.1'], serviceTimeoutMs: 300 });
    const token = (await signIn(server)).access_token;
    admin = as(server, token);
    adminEn = as(server, token, 'en');
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '信用审批', roleAlias: 'Approver' }), roleRecord).id;
    // The reviewer holds the role the performer names (and the administrator's, to reach the task screens); the administrator does not hold it.
    await withTenant(server.database.db, TENANT, async (tx) =>
      createUser(tx, { account: 'credit_reviewer', name: '审批人', password: PASSWORD, roleIds: [role, await adminRoleId(tx)] }),
    );
    reviewer = as(server, (await signIn(server, TENANT, 'credit_reviewer', PASSWORD)).access_token);
  });
  afterAll(async () => {
    await server.close();
    stand.close();
  });

  const deploy = async (code: string, service: string) =>
    expect((await admin.post(`${SCHEME}/new-model`, { name: code, code, category: 'finance', xml: creditXml(code, service) })).statusCode).toBe(200);
  const instancesOf = async (code: string) =>
    rowsOf(await server.database.db.execute(sql`select i.id from wf_instance i join wf_definition d on d.id = i.definition_id where d.key = ${code}`)).length;

  it('calls the HTTP service with the form data, merges its answer, gives the task to the performer role and archives at the end', async () => {
    await deploy('credit', `<macro:service kind="http" url="${base}/score"/>`);
    const run = expectOk(await admin.post(`${TASK}/create-process`, { code: 'credit', title: '授信', variables: { amount: 5000 } }), started);
    expect(received.at(-1)).toEqual({ path: '/score', body: { instanceId: run.instanceId, nodeId: 'score', variables: { amount: 5000 } } });
    const task = expectOk(await reviewer.get(`${TASK}/upcoming-task?size=100`), page).records.find((t) => t.processInstanceId === run.instanceId);
    expect(task?.nodeId).toBe('review');
    expect(expectOk(await admin.get(`${TASK}/upcoming-task?size=100`), page).records.some((t) => t.processInstanceId === run.instanceId)).toBe(false);
    const form = (await reviewer.get(`${TASK}/task-form?taskId=${task!.taskId}`)).json().data;
    expect(form.data).toMatchObject({ amount: 5000, grade: 'A', score: 91 });
    expectOk(await reviewer.post(`${TASK}/task-handle`, { taskId: task!.taskId, action: 'approve', variables: {} }), z.object({ done: z.literal(true) }));
    const [archived] = rowsOf<{ after: { node: string; variables: Record<string, unknown> } }>(
      await server.database.db.execute(
        sql`select after from audit_log where action = 'archive' and resource = 'workflow-instance' and resource_id = ${String(run.instanceId)}`,
      ),
    );
    expect(archived.after).toMatchObject({ node: 'archive', variables: { amount: 5000, grade: 'A', score: 91 } });
    const [state] = rowsOf<{ state: string }>(await server.database.db.execute(sql`select state from wf_instance where id = ${run.instanceId}`));
    expect(state.state).toBe('completed');
  });

  it('a simulation calls no service: nothing reaches the integration, and the warning names each service task skipped', async () => {
    const before = received.length;
    const simulation = z.object({ steps: z.array(z.object({ nodeId: z.string() })), ended: z.boolean(), warnings: z.array(z.string()) });
    const result = expectOk(
      await adminEn.post(`${SCHEME}/simulate`, { xml: creditXml('credit-sim', `<macro:service kind="http" url="${base}/score"/>`), variables: { amount: 1 } }),
      simulation,
    );
    expect(received.length).toBe(before);
    expect(result.steps.map((s) => s.nodeId)).toEqual(['review']);
    expect(result.warnings).toEqual(expect.arrayContaining(['Service task score was not called in the simulation: the call counts as succeeded with no data']));
  });

  it("refuses the start when the service fails, in the reader's language, and keeps nothing of it", async () => {
    const cases: [string, string, string][] = [
      ['credit-broken', `<macro:service kind="http" url="${base}/broken"/>`, 'Service task score failed: HTTP 503'],
      ['credit-text', `<macro:service kind="http" url="${base}/text"/>`, 'Service task score did not answer with a JSON object of at most 256 KB'],
      ['credit-slow', `<macro:service kind="http" url="${base}/slow"/>`, 'Service task score got no answer within 300 ms'],
      [
        'credit-host',
        `<macro:service kind="http" url="${base.replace('127.0.0.1', '127.0.0.2')}/score"/>`,
        'Service task score may not call 127.0.0.2: address not allowed or not found',
      ],
      [
        'credit-v6',
        `<macro:service kind="http" url="${base.replace('127.0.0.1', '[::1]')}/score"/>`,
        'Service task score may not call [::1]: address not allowed or not found',
      ],
      ['credit-file', '<macro:service kind="http" url="file:///etc/passwd"/>', 'The address of service task score is not an http or https address'],
      ['credit-builtin', '<macro:service kind="builtin" name="format-disk"/>', 'Service task score names an unknown built-in service format-disk'],
    ];
    for (const [code, service, message] of cases) {
      await deploy(code, service);
      expectFailure(await adminEn.post(`${TASK}/create-process`, { code, title: 'x', variables: { amount: 1 } }), 422, message);
      expect(await instancesOf(code)).toBe(0);
    }
    expectFailure(await admin.post(`${TASK}/create-process`, { code: 'credit-broken', title: 'x', variables: {} }), 422, '服务任务 score 调用失败：HTTP 503');
  });

  const deployFallback = async (code: string, url: string, catches: (string | undefined)[]) =>
    expect((await admin.post(`${SCHEME}/new-model`, { name: code, code, category: 'finance', xml: fallbackXml(code, url, catches) })).statusCode).toBe(200);
  /** Where the request waits for the reviewer, and what its history says of the service task. */
  const outcome = async (instanceId: number) => {
    const tasks = expectOk(await reviewer.get(`${TASK}/upcoming-task?size=100`), page).records.filter((t) => t.processInstanceId === instanceId);
    const history = (await reviewer.get(`${TASK}/history-taskList?processInstanceId=${instanceId}`)).json().data as {
      nodeId: string;
      action: string | null;
      comment: string | null;
    }[];
    return { at: tasks.map((t) => t.nodeId), errors: history.filter((h) => h.action === 'serviceError').map((h) => `${h.nodeId}: ${h.comment}`) };
  };

  it('the error flow is taken with a matching code: an HTTP 503 goes to the manual check, the history naming the status', async () => {
    await deployFallback('fallback-503', `${base}/broken`, ['404', '503']);
    const run = expectOk(await admin.post(`${TASK}/create-process`, { code: 'fallback-503', title: '授信', variables: { amount: 1 } }), started);
    expect(await outcome(run.instanceId)).toEqual({ at: ['manual'], errors: ['score: 503'] });
  });

  it('the error flow is not taken with a non-matching code: the refusal stays and nothing is kept', async () => {
    await deployFallback('fallback-404', `${base}/broken`, ['404']);
    expectFailure(
      await adminEn.post(`${TASK}/create-process`, { code: 'fallback-404', title: 'x', variables: {} }),
      422,
      'Service task score failed: HTTP 503',
    );
    expect(await instancesOf('fallback-404')).toBe(0);
  });

  it('an error boundary event without a code catches every failure; the history gives the reason, never the address', async () => {
    const hidden = base.replace('127.0.0.1', '127.0.0.2');
    await deployFallback('fallback-any', `${hidden}/score`, ['503', undefined]);
    const run = expectOk(await admin.post(`${TASK}/create-process`, { code: 'fallback-any', title: '授信', variables: {} }), started);
    const seen = await outcome(run.instanceId);
    expect(seen).toEqual({ at: ['manual'], errors: ['score: refused'] });
    const history = (await reviewer.get(`${TASK}/history-taskList?processInstanceId=${run.instanceId}`)).body;
    expect(history).not.toContain('127.0.0.2');
    await deployFallback('fallback-slow', `${base}/slow`, [undefined]);
    const slow = expectOk(await admin.post(`${TASK}/create-process`, { code: 'fallback-slow', title: '授信', variables: {} }), started);
    expect(await outcome(slow.instanceId)).toEqual({ at: ['manual'], errors: ['score: timeout'] });
  });
});

/** Every way of writing this machine's loopback in a URL's host. */
const LOOPBACK = ['127.0.0.1', 'localhost', 'localhost.', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '0177.0.0.1', '0x7f000001', '127.1', '0.0.0.0'];

describeDb(`workflow service tasks without an allow-list (${dbLabel})`, () => {
  let server: TestServer;
  let stand: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    stand = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"leaked":true}'));
    stand.on('connection', () => connections++);
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    port = (stand.address() as AddressInfo).port;
    server = await startServer({ serviceHosts: [], serviceTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    await server.close();
    stand.close();
  });

  it("refuses every spelling of loopback as an address not allowed, in the reader's language, and calls nothing", async () => {
    const token = (await signIn(server)).access_token;
    const en = as(server, token, 'en');
    const zh = as(server, token);
    for (const [i, host] of LOOPBACK.entries()) {
      const code = `loop-${i}`;
      expect(
        (
          await en.post(`${SCHEME}/new-model`, {
            name: code,
            code,
            category: 'finance',
            xml: creditXml(code, `<macro:service kind="http" url="http://${host}:${port}/score"/>`),
          })
        ).statusCode,
      ).toBe(200);
      const named = new URL(`http://${host}/`).hostname;
      expectFailure(
        await en.post(`${TASK}/create-process`, { code, title: 'x', variables: {} }),
        422,
        `Service task score may not call ${named}: address not allowed or not found`,
      );
      expectFailure(
        await zh.post(`${TASK}/create-process`, { code, title: 'x', variables: {} }),
        422,
        `服务任务 score 不能调用 ${named}：地址不允许访问或无法解析`,
      );
    }
    expect(connections).toBe(0);
  });

  it('refuses a name that resolves to loopback even when the name is listed', async () => {
    const services = servicePort({ serviceHosts: ['erp.example.test'], serviceTimeoutMs: 2_000 }, server.modules.find((m) => m.audit)!.audit!, async () => [
      '127.0.0.1',
    ]);
    const refusal = await services
      .invoke({} as Tx, { kind: 'http', url: `http://erp.example.test:${port}/score`, instanceId: 1, nodeId: 'score', variables: {} })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WorkflowError);
    expect(refusal).toMatchObject({ code: 'workflow.serviceRefused', params: { node: 'score', host: 'erp.example.test' } });
    expect(connections).toBe(0);
  });
});
