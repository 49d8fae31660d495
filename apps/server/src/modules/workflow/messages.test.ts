import { correlatedMessage, processView } from '@macro/contract/workflow';
import { beforeAll, expect, it } from 'vitest';
import { castOf, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const MESSAGE = '/api/macro-flow/workflow-message';

/** An order: placed by a message (its start event), it then waits for the payment message before shipping. */
const orderXml = (approverId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_msgorder" targetNamespace="http://macro.console/test">
  <bpmn:message id="Msg_placed" name="orderPlaced"/>
  <bpmn:message id="Msg_paid" name="paymentPaid"/>
  <bpmn:process id="msgorder" name="Order" isExecutable="true">
    <bpmn:startEvent id="placed" name="Placed"><bpmn:messageEventDefinition messageRef="Msg_placed"/></bpmn:startEvent>
    <bpmn:intermediateCatchEvent id="paid" name="Paid"><bpmn:messageEventDefinition messageRef="Msg_paid"/></bpmn:intermediateCatchEvent>
    <bpmn:userTask id="ship" name="Ship"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${approverId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="placed" targetRef="paid"/>
    <bpmn:sequenceFlow id="f2" sourceRef="paid" targetRef="ship"/>
    <bpmn:sequenceFlow id="f3" sourceRef="ship" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

describeDb(`workflow messages (${dbLabel})`, () => {
  const cast = castOf('wf_message_clerk');

  beforeAll(async () => {
    const response = await cast.admin.post(`${SCHEME}/new-model`, { name: '订单', code: 'msgorder', category: 'general', xml: orderXml(cast.adminId) });
    expect(response.statusCode, response.body).toBe(200);
  });

  const placeOrder = async (businessKey: string, variables: Record<string, unknown> = {}) =>
    expectOk(await cast.admin.post(MESSAGE, { messageName: 'orderPlaced', businessKey, variables }), correlatedMessage);
  const viewOf = async (instanceId: number) => expectOk(await cast.admin.get(`${TASK}/view-process?processInstanceId=${instanceId}`), processView);

  it('a message start event starts a process of the enabled template that has it, with the business key and variables', async () => {
    const placed = await placeOrder('order-start', { items: 2 });
    expect(placed.started).toBe(true);
    const view = await viewOf(placed.instanceId);
    expect(view.variables).toEqual({ items: 2 });
    // It waits for the payment: nothing to do yet.
    expect(view.openTasks).toEqual([]);
  });

  it('correlating by business key moves the waiting process on and merges the message variables', async () => {
    const placed = await placeOrder('order-1', { items: 1 });
    const other = await placeOrder('order-2');
    const paid = expectOk(
      await cast.admin.post(MESSAGE, { messageName: 'paymentPaid', businessKey: 'order-1', variables: { amount: 120 } }),
      correlatedMessage,
    );
    expect(paid).toEqual({ instanceId: placed.instanceId, started: false });
    const view = await viewOf(placed.instanceId);
    expect(view.variables).toEqual({ items: 1, amount: 120 });
    expect(view.openTasks.map((t) => `${t.nodeId}:${t.userId}`)).toEqual([`ship:${cast.adminId}`]);
    expect((await viewOf(other.instanceId)).openTasks).toEqual([]);
  });

  it("a message nothing waits for or starts on is 404, in the reader's language", async () => {
    expectFailure(await cast.admin.post(MESSAGE, { messageName: 'nosuch' }), 404, '没有流程在等待消息 nosuch');
    expectFailure(
      await cast.adminEn.post(MESSAGE, { messageName: 'paymentPaid', businessKey: 'no-order' }),
      404,
      'No process waits for the message paymentPaid',
    );
    expectFailure(await cast.adminJa.post(MESSAGE, { messageName: 'nosuch' }), 404, 'メッセージ nosuch を待っているプロセスはありません');
  });

  it('a message two waiting processes match is 409 and moves neither', async () => {
    const first = await placeOrder('order-twice');
    const second = await placeOrder('order-twice');
    expectFailure(await cast.adminEn.post(MESSAGE, { messageName: 'paymentPaid', businessKey: 'order-twice' }), 409, /more than one process/);
    expect((await viewOf(first.instanceId)).openTasks).toEqual([]);
    expect((await viewOf(second.instanceId)).openTasks).toEqual([]);
    // Narrowed to one instance, it goes through.
    expectOk(await cast.admin.post(MESSAGE, { messageName: 'paymentPaid', instanceId: second.instanceId }), correlatedMessage);
  });

  it('a user without the message code is refused 403', async () => {
    expectFailure(await cast.clerk.post(MESSAGE, { messageName: 'paymentPaid', businessKey: 'order-1' }), 403, /wfmessage:correlate/);
  });

  it("another tenant cannot correlate into this tenant's instance: 404", async () => {
    const placed = await placeOrder('order-tenant');
    expectFailure(await cast.other.post(MESSAGE, { messageName: 'paymentPaid', instanceId: placed.instanceId }), 404);
    expectFailure(await cast.other.post(MESSAGE, { messageName: 'paymentPaid', businessKey: 'order-tenant' }), 404);
    expect((await viewOf(placed.instanceId)).openTasks).toEqual([]);
  });
});
