import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, signIn, startServer, TENANT, type TestServer } from '../../test/helper.ts';
import { adminRoleId } from '../identity/roles.ts';
import { roles } from '../identity/tables.ts';
import { createUser } from '../identity/users.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const PASSWORD = 'Flow@123456';

const roleModel = (roleId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_role" targetNamespace="http://macro.console/test">
  <bpmn:process id="byRole" name="By role" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="roleCompany" values="${roleId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const taskRow = z.object({ taskId: z.number(), processInstanceId: z.number(), nodeId: z.string() });
const done = z.object({ done: z.literal(true) });

describeDb(`an or-sign task handed to one person (${dbLabel})`, () => {
  let server: TestServer;
  let holders: Client[];
  let target: Client;
  let targetId: number;

  beforeAll(async () => {
    server = await startServer();
    const admin = as(server, (await signIn(server)).access_token);
    const accounts = ['cand_a', 'cand_b', 'cand_c', 'cand_target'];
    const ids = await withTenant(server.database.db, TENANT, async (tx) => {
      const everything = await adminRoleId(tx);
      const [checkers] = await tx.insert(roles).values({ roleName: '核对人', roleAlias: 'checkers' }).returning({ id: roles.id });
      const made: number[] = [];
      for (const [i, account] of accounts.entries()) {
        made.push(await createUser(tx, { account, name: account, password: PASSWORD, roleIds: i < 3 ? [everything, checkers.id] : [everything] }));
      }
      return { users: made, role: checkers.id };
    });
    targetId = ids.users[3];
    expectOk(
      await admin.post(`${SCHEME}/new-model`, { name: '核对', code: 'by-role', category: 'finance', xml: roleModel(ids.role) }),
      z.object({ id: z.number() }),
    );
    const client = async (account: string) => as(server, (await signIn(server, TENANT, account, PASSWORD)).access_token, 'en');
    holders = [await client('cand_a'), await client('cand_b'), await client('cand_c')];
    target = await client('cand_target');
  });
  afterAll(() => server?.close());

  const todo = async (c: Client) => expectOk(await c.get(`${TASK}/upcoming-task`), z.object({ records: z.array(taskRow) })).records;

  it('a role of three: each sees the request once; after one transfers it, only the target can decide it', async () => {
    const { instanceId } = expectOk(
      await holders[0].post(`${TASK}/create-process`, { code: 'by-role', title: '核对发票', variables: {} }),
      z.object({ instanceId: z.number() }),
    );
    const lists = await Promise.all(holders.map(todo));
    for (const list of lists) expect(list.filter((t) => t.processInstanceId === instanceId)).toHaveLength(1);
    // One task record, the same in all three lists.
    expect(new Set(lists.map((list) => list.find((t) => t.processInstanceId === instanceId)!.taskId)).size).toBe(1);
    const [mine] = lists[0].filter((t) => t.processInstanceId === instanceId);
    expectOk(await holders[0].call({ method: 'PUT', url: `${TASK}/change-candidate`, payload: { taskId: mine.taskId, userId: targetId } }), done);
    // The other two no longer see it, and the API refuses their approval of the task they saw.
    for (const [i, other] of [holders[1], holders[2]].entries()) {
      expect((await todo(other)).filter((t) => t.processInstanceId === instanceId)).toEqual([]);
      const theirs = lists[i + 1].find((t) => t.processInstanceId === instanceId)!;
      expectFailure(await other.post(`${TASK}/task-handle`, { taskId: theirs.taskId, action: 'approve' }), 422);
    }
    const [handed] = (await todo(target)).filter((t) => t.processInstanceId === instanceId);
    expectOk(await target.post(`${TASK}/task-handle`, { taskId: handed.taskId, action: 'approve', comment: 'ok' }), done);
    const history = (await target.get(`${TASK}/history-taskList?processInstanceId=${instanceId}`)).json().data as {
      action: string | null;
      userName: string;
      candidateNames: string[];
      targetName: string;
      comment: string | null;
    }[];
    // The transfer names who did it and whom it went to, not an id.
    expect(history.filter((h) => h.action === 'transfer')).toEqual([expect.objectContaining({ userName: 'cand_a', targetName: 'cand_target' })]);
    expect(history.find((h) => h.action === 'transfer')?.comment ?? '').not.toMatch(/→/);
    // The approval: one record, saying who was asked and who acted.
    expect(history.filter((h) => h.action === 'approve')).toEqual([
      expect.objectContaining({ userName: 'cand_target', candidateNames: ['cand_a', 'cand_b', 'cand_c'] }),
    ]);
  });
});
