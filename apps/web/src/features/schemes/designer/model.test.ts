import { macroDescriptor } from '@macro/contract/workflow';
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { type DiagramElement, type Moddle, type ModelingApi, readNode, writeNode } from './model';

/**
 * The engine's lint, the one deploying runs. Loaded by a name tsc does not follow: the console's
 * declarations of bpmn-moddle are not the engine's.
 */
const ENGINE = '@macro/workflow';
const lintXml = async (xml: string): Promise<{ elementId: string; code: string }[]> =>
  ((await import(/* @vite-ignore */ ENGINE)) as { lintXml: (xml: string) => Promise<{ elementId: string; code: string }[]> }).lintXml(xml);

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="review" name="审核"><bpmn:extensionElements><macro:node designateNext="true"><macro:approver kind="superior" values="1"/><macro:button code="agree" label="同意"/><macro:reject mode="chosen" nodes="start"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
  </bpmn:process>
</bpmn:definitions>`;

/** bpmn-js's modeling, as far as the panel uses it: properties set on the business object. */
const modeling: ModelingApi = {
  updateProperties: (element, properties) => Object.assign(element.businessObject, properties),
  updateModdleProperties: (_element, target, properties) => Object.assign(target, properties),
};

async function load(xml = XML) {
  const moddle = new BpmnModdle({ macro: macroDescriptor });
  const { rootElement } = await moddle.fromXML(xml);
  const process = (rootElement as { rootElements: { flowElements: Moddle[] }[] }).rootElements[0];
  const element = (id: string): DiagramElement => {
    const bo = process.flowElements.find((e) => e.id === id)!;
    return { id, type: bo.$type, businessObject: bo };
  };
  return { moddle, rootElement, element };
}

describe('the designer’s node settings', () => {
  it('writes the panel’s settings as the macro extension and reads them back, keeping what it does not show', async () => {
    const { moddle, rootElement, element } = await load();
    const review = element('review');
    expect(readNode(review)).toMatchObject({
      approverKind: 'superior',
      approverValues: '1',
      counterSign: 'none',
      rejectMode: 'chosen',
      rejectedToSameApprover: false,
      withdraw: true,
    });
    writeNode(
      review,
      {
        ...readNode(review),
        name: '部门审核',
        approverKind: 'person',
        approverValues: '7,8',
        counterSign: 'parallel',
        completion: 'percentage',
        percent: 60,
        rejectMode: 'previous',
        rejectedToSameApprover: true,
        withdraw: false,
        dueIn: ' PT8H ',
        formKey: 'system:leave',
        fields: [
          { name: 'reason', permission: 'hidden' },
          { name: 'days', permission: 'edit' },
        ],
      },
      modeling,
      moddle as never,
    );
    const { xml } = await moddle.toXML(rootElement, { format: true });
    expect(xml).toContain('name="部门审核"');
    expect(xml).toMatch(/<macro:approver kind="person" values="7,8" \/>/);
    expect(xml).toMatch(/<macro:counterSign type="parallel" completion="percentage" percent="60" \/>/);
    expect(xml).toContain('<macro:withdraw allowed="false" />');
    expect(xml).toContain('rejectedToSameApprover="true"');
    expect(xml).toContain('dueIn="PT8H"');
    expect(xml).toContain('<macro:field name="reason" permission="hidden" />');
    expect(xml).not.toContain('name="days"');
    // Settings the panel does not show stay.
    expect(xml).toContain('designateNext="true"');
    expect(xml).toContain('<macro:button code="agree" label="同意" />');
    expect(xml).toContain('<macro:reject mode="previous" nodes="start" />');
    // Read back from the written XML: the same settings.
    const again = await load();
    const reparsed = new BpmnModdle({ macro: macroDescriptor });
    const { rootElement: root2 } = await reparsed.fromXML(xml);
    const bo = (root2 as { rootElements: { flowElements: Moddle[] }[] }).rootElements[0].flowElements.find((e) => e.id === 'review')!;
    expect(readNode({ id: 'review', type: bo.$type, businessObject: bo })).toMatchObject({
      name: '部门审核',
      approverKind: 'person',
      approverValues: '7,8',
      counterSign: 'parallel',
      completion: 'percentage',
      percent: 60,
      rejectMode: 'previous',
      rejectedToSameApprover: true,
      withdraw: false,
      dueIn: 'PT8H',
      formKey: 'system:leave',
      fields: [{ name: 'reason', permission: 'hidden' }],
    });
    expect(again.element('start').type).toBe('bpmn:StartEvent');
  });

  it('sets and clears a flow’s condition', async () => {
    const { moddle, rootElement, element } = await load();
    const flow = element('f1');
    writeNode(flow, { ...readNode(flow), condition: 'amount > 1000' }, modeling, moddle as never);
    expect((await moddle.toXML(rootElement)).xml).toContain(
      '<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">amount &gt; 1000</bpmn:conditionExpression>',
    );
    writeNode(flow, { ...readNode(flow), condition: '' }, modeling, moddle as never);
    expect((await moddle.toXML(rootElement)).xml).not.toContain('conditionExpression');
  });

  it('sets a service task to an HTTP call or a built-in, and reads it back', async () => {
    const withService = XML.replace('<bpmn:startEvent id="start"/>', '<bpmn:startEvent id="start"/><bpmn:serviceTask id="svc"/>');
    const { moddle, rootElement, element } = await load(withService);
    const svc = element('svc');
    expect(readNode(svc)).toMatchObject({ serviceKind: undefined, serviceMethod: 'POST' });
    writeNode(svc, { ...readNode(svc), serviceKind: 'http', serviceUrl: ' https://erp.example.com/credit ', serviceMethod: 'PUT' }, modeling, moddle as never);
    expect((await moddle.toXML(rootElement)).xml).toContain('<macro:service kind="http" url="https://erp.example.com/credit" method="PUT" />');
    expect(readNode(svc)).toMatchObject({ serviceKind: 'http', serviceUrl: 'https://erp.example.com/credit', serviceMethod: 'PUT' });
    writeNode(svc, { ...readNode(svc), serviceKind: 'builtin', serviceName: 'archive' }, modeling, moddle as never);
    const { xml } = await moddle.toXML(rootElement);
    expect(xml).toContain('<macro:service kind="builtin" name="archive" />');
    expect(xml).not.toContain('erp.example.com');
  });

  it('keeps an imported XPath condition as it is, and marks a condition written over it as FEEL', async () => {
    const xpath = XML.replace('<bpmn:definitions ', '<bpmn:definitions expressionLanguage="http://www.w3.org/1999/XPath" ').replace(
      '<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>',
      `<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"><bpmn:conditionExpression xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="bpmn:tFormalExpression">bpmn:getDataObject('ok')</bpmn:conditionExpression></bpmn:sequenceFlow>`,
    );
    const { moddle, rootElement, element } = await load(xpath);
    const flow = element('f1');
    writeNode(flow, { ...readNode(flow), name: '' }, modeling, moddle as never);
    expect((await moddle.toXML(rootElement)).xml).toContain(">bpmn:getDataObject('ok')</bpmn:conditionExpression>");
    writeNode(flow, { ...readNode(flow), condition: 'amount > 1' }, modeling, moddle as never);
    expect((await moddle.toXML(rootElement)).xml).toContain('language="https://www.omg.org/spec/DMN/20191111/FEEL/">amount &gt; 1<');
  });

  it('names the message of a message start event, a message catch event and a receive task, one bpmn:message per name, and the engine runs it', async () => {
    const messages = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:messageEventDefinition id="md1"/></bpmn:startEvent>
    <bpmn:userTask id="review"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="1"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:intermediateCatchEvent id="wait"><bpmn:messageEventDefinition id="md2"/></bpmn:intermediateCatchEvent>
    <bpmn:receiveTask id="receive"/>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="wait"/>
    <bpmn:sequenceFlow id="f3" sourceRef="wait" targetRef="receive"/>
    <bpmn:sequenceFlow id="f4" sourceRef="receive" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    // Without names the engine refuses all three, naming each (and the process has nothing to start it).
    expect((await lintXml(messages)).map((p) => [p.elementId, p.code])).toEqual([
      ['start', 'messageName'],
      ['wait', 'messageName'],
      ['receive', 'messageName'],
      ['p', 'noStartEvent'],
    ]);
    const { moddle, rootElement, element } = await load(messages);
    const name = async (id: string, messageName: string) => {
      writeNode(element(id), { ...readNode(element(id)), messageName }, modeling, moddle as never);
      return (await moddle.toXML(rootElement, { format: true })).xml;
    };
    const declared = (xml: string) => [...xml.matchAll(/<bpmn:message id="([^"]+)" name="([^"]+)" \/>/g)].map((m) => ({ id: m[1], name: m[2] }));
    await name('start', 'orderPlaced');
    await name('wait', ' paymentConfirmed ');
    let xml = await name('receive', 'paymentConfirmed');
    // The same name reuses the message already declared.
    expect(declared(xml).map((m) => m.name)).toEqual(['orderPlaced', 'paymentConfirmed']);
    const paid = declared(xml)[1].id;
    expect(xml).toContain(`<bpmn:messageEventDefinition id="md2" messageRef="${paid}" />`);
    expect(xml).toContain(`<bpmn:receiveTask id="receive" messageRef="${paid}"`);
    expect(readNode(element('wait')).messageName).toBe('paymentConfirmed');
    // Renaming one of two sharing a message gives it its own; a message nothing else uses is renamed in place.
    await name('wait', 'paymentReceived');
    xml = await name('receive', 'goodsShipped');
    expect(declared(xml).map((m) => m.name)).toEqual(['orderPlaced', 'goodsShipped', 'paymentReceived']);
    expect(declared(xml)[1].id).toBe(paid);
    expect(await lintXml(xml)).toEqual([]);
    // Cleared, the element refers to no message, and the engine says so again.
    xml = await name('wait', '');
    expect((await lintXml(xml)).map((p) => [p.elementId, p.code])).toEqual([['wait', 'messageName']]);
  });

  it('names the signal of signal events: events given one name share one bpmn:signal, and the name reads back', async () => {
    const signalled = XML.replace(
      '<bpmn:startEvent id="start"/>',
      '<bpmn:startEvent id="start"/><bpmn:intermediateCatchEvent id="wait"><bpmn:signalEventDefinition id="sd1"/></bpmn:intermediateCatchEvent><bpmn:endEvent id="tell"><bpmn:signalEventDefinition id="sd2"/></bpmn:endEvent>',
    );
    const { moddle, rootElement, element } = await load(signalled);
    const wait = element('wait');
    const tell = element('tell');
    expect(readNode(wait).signalName).toBe('');
    writeNode(wait, { ...readNode(wait), signalName: ' budgetApproved ' }, modeling, moddle as never);
    writeNode(tell, { ...readNode(tell), signalName: 'budgetApproved' }, modeling, moddle as never);
    const { xml } = await moddle.toXML(rootElement);
    expect(xml.match(/<bpmn:signal id="(Signal_\w+)" name="budgetApproved" \/>/g)).toHaveLength(1);
    const id = /<bpmn:signal id="(Signal_\w+)"/.exec(xml)![1];
    expect(xml).toContain(`<bpmn:signalEventDefinition id="sd1" signalRef="${id}" />`);
    expect(xml).toContain(`<bpmn:signalEventDefinition id="sd2" signalRef="${id}" />`);
    const reparsed = await new BpmnModdle({ macro: macroDescriptor }).fromXML(xml);
    const bo = (reparsed.rootElement as { rootElements: { $type: string; flowElements: Moddle[] }[] }).rootElements
      .find((r) => r.$type === 'bpmn:Process')!
      .flowElements.find((e) => e.id === 'wait')!;
    expect(readNode({ id: 'wait', type: bo.$type, businessObject: bo }).signalName).toBe('budgetApproved');
    // Another name makes another signal; the first stays for the end event.
    writeNode(wait, { ...readNode(wait), signalName: 'recall' }, modeling, moddle as never);
    expect(readNode(wait).signalName).toBe('recall');
    expect(readNode(tell).signalName).toBe('budgetApproved');
  });

  it('writes an SQL rule with one source, inline SQL or a data source, which the engine reads back', async () => {
    const { moddle, rootElement, element } = await load();
    const review = element('review');
    const sql = { ...readNode(review), approverKind: 'sql', approverValues: '', approverSql: 'select 7 as "F_UserId"' };
    writeNode(review, { ...sql, approverSqlSource: 'dataSource', approverDataSource: 12, approverColumn: ' uid ' }, modeling, moddle as never);
    let { xml } = await moddle.toXML(rootElement);
    expect(xml).toMatch(/<macro:approver kind="sql" dataSource="12" column="uid" ?\/>/);
    expect(readNode(review)).toMatchObject({ approverSqlSource: 'dataSource', approverDataSource: 12, approverColumn: 'uid' });
    // The engine accepts the rule (the model has no end event: that it says too).
    const codes = async () => (await lintXml((await moddle.toXML(rootElement)).xml)).map((p) => p.code);
    expect(await codes()).toEqual(['noOutgoing']);
    // Chosen, but no data source picked yet: the engine says the rule lacks its query.
    writeNode(review, { ...sql, approverSqlSource: 'dataSource', approverDataSource: undefined, approverColumn: '' }, modeling, moddle as never);
    expect(await codes()).toEqual(['approverSqlSource', 'noOutgoing']);
    writeNode(review, { ...sql, approverSqlSource: 'inline', approverDataSource: 12, approverColumn: 'uid' }, modeling, moddle as never);
    xml = (await moddle.toXML(rootElement)).xml;
    expect(xml).toContain('<macro:approver kind="sql">select 7 as "F_UserId"</macro:approver>');
    expect(readNode(review)).toMatchObject({ approverSqlSource: 'inline', approverDataSource: undefined, approverColumn: '' });
  });

  it('shows BPMN potential owners of a task that has no rule of ours', async () => {
    const standard = XML.replace('</bpmn:process>', '</bpmn:process><bpmn:resource id="r1" name="Approver"/>').replace(
      '<bpmn:startEvent id="start"/>',
      '<bpmn:startEvent id="start"/><bpmn:userTask id="std"><bpmn:potentialOwner id="po"><bpmn:resourceRef>r1</bpmn:resourceRef></bpmn:potentialOwner></bpmn:userTask>',
    );
    const { element } = await load(standard);
    expect(readNode(element('std'))).toMatchObject({ approverKind: undefined, performers: ['Approver'] });
  });
});
