import { macroDescriptor } from '@macro/contract/workflow';
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { type DiagramElement, type Moddle, type ModelingApi, readNode, writeNode } from './model';

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
    expect(readNode(review)).toMatchObject({ approverKind: 'superior', approverValues: '1', counterSign: 'none', rejectMode: 'chosen', rejectedToSameApprover: false, withdraw: true });
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
    expect((await moddle.toXML(rootElement)).xml).toContain('<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">amount &gt; 1000</bpmn:conditionExpression>');
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

  it('shows BPMN potential owners of a task that has no rule of ours', async () => {
    const standard = XML.replace('</bpmn:process>', '</bpmn:process><bpmn:resource id="r1" name="Approver"/>').replace(
      '<bpmn:startEvent id="start"/>',
      '<bpmn:startEvent id="start"/><bpmn:userTask id="std"><bpmn:potentialOwner id="po"><bpmn:resourceRef>r1</bpmn:resourceRef></bpmn:potentialOwner></bpmn:userTask>',
    );
    const { element } = await load(standard);
    expect(readNode(element('std'))).toMatchObject({ approverKind: undefined, performers: ['Approver'] });
  });
});
