import { processView, thrownSignal } from '@macro/contract/workflow';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const SCHEME = '/api/macro-flow/model-scheme-info';
const TASK = '/api/macro-flow/workflow-task';
const SIGNAL = '/api/macro-flow/workflow-signal';

const header = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_SIG" targetNamespace="http://macro.console/test">
  <bpmn:signal id="Sig_budget" name="budgetApproved"/>`;
const approver = (id: string, userId: number) =>
  `<bpmn:userTask id="${id}" name="${id}"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${userId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>`;

/** A purchase: once started, it waits for the budget to be approved before ordering. */
const purchaseXml = (approverId: number) => `${header.replace('SIG', 'sigpurchase')}
  <bpmn:process id="sigpurchase" name="Purchase" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:intermediateCatchEvent id="budget" name="Budget approved"><bpmn:signalEventDefinition signalRef="Sig_budget"/></bpmn:intermediateCatchEvent>
    ${approver('order', approverId)}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="budget"/>
    <bpmn:sequenceFlow id="f2" sourceRef="budget" targetRef="order"/>
    <bpmn:sequenceFlow id="f3" sourceRef="order" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** A plan started by the same signal. */
const planXml = (code: string, approverId: number) => `${header.replace('SIG', code)}
  <bpmn:process id="${code}" name="Plan" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:signalEventDefinition signalRef="Sig_budget"/></bpmn:startEvent>
    ${approver('plan', approverId)}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="plan"/>
    <bpmn:sequenceFlow id="f2" sourceRef="plan" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

describeDb(`workflow signals (${dbLabel})`, () => {
  const cast = castOf('wf_signal_clerk');
  const instanceIds: number[] = [];
  let disabledId = 0;

  beforeAll(async () => {
    const created = async (name: string, code: string, xml: string) => {
      const response = await cast.admin.post(`${SCHEME}/new-model`, { name, code, category: 'general', xml });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id as number;
    };
    await created('采购', 'sigpurchase', purchaseXml(cast.adminId));
    await created('计划', 'sigplan', planXml('sigplan', cast.adminId));
    disabledId = await created('停用的计划', 'sigplanoff', planXml('sigplanoff', cast.adminId));
    expectOk(await cast.admin.post(`${SCHEME}/disable`, { id: disabledId }), z.object({ id: z.number() }));
    for (const title of ['采购一', '采购二']) {
      instanceIds.push(
        expectOk(await cast.admin.post(`${TASK}/create-process`, { code: 'sigpurchase', title, variables: {} }), z.object({ instanceId: z.number() }))
          .instanceId,
      );
    }
  });

  const viewOf = async (instanceId: number) => expectOk(await cast.admin.get(`${TASK}/view-process?processInstanceId=${instanceId}`), processView);

  it('a user without the signal code is refused 403', async () => {
    expectFailure(await cast.clerk.post(SIGNAL, { signalName: 'budgetApproved' }), 403, /wfsignal:throw/);
  });

  it("a signal without a name is refused 400 in the reader's language, and moves nothing", async () => {
    expectFailure(await cast.admin.post(SIGNAL, { signalName: '' }), 400, /请填写信号名称/);
    expectFailure(await cast.adminEn.post(SIGNAL, { signalName: '  ', variables: { a: 1 } }), 400, /Please enter the signal name/);
    expectFailure(await cast.adminJa.post(SIGNAL, { variables: [] }), 400);
    for (const id of instanceIds) expect((await viewOf(id)).openTasks).toEqual([]);
  });

  it("another tenant's signal of the same name moves nothing here", async () => {
    expect(expectOk(await cast.other.post(SIGNAL, { signalName: 'budgetApproved' }), thrownSignal)).toEqual({ moved: 0, started: 0 });
    for (const id of instanceIds) expect((await viewOf(id)).openTasks).toEqual([]);
  });

  it('a thrown signal moves every waiting instance on and starts the enabled template that starts on it, answering the counts', async () => {
    expect(instanceIds).toHaveLength(2);
    const thrown = expectOk(await cast.admin.post(SIGNAL, { signalName: 'budgetApproved', variables: { budget: 800 } }), thrownSignal);
    expect(thrown).toEqual({ moved: 2, started: 1 });
    for (const id of instanceIds) {
      const view = await viewOf(id);
      expect(view.openTasks.map((t) => `${t.nodeId}:${t.userId}`)).toEqual([`order:${cast.adminId}`]);
      expect(view.variables).toEqual({ budget: 800 });
    }
    // Nothing waits any more; the plan template starts again.
    expect(expectOk(await cast.admin.post(SIGNAL, { signalName: 'budgetApproved' }), thrownSignal)).toEqual({ moved: 0, started: 1 });
  });
});
