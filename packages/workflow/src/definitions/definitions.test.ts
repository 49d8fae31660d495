import { describe, expect, it } from 'vitest';
import { compileXml } from '../runtime/engine.ts';
import { chain, definitions, end, flow, start, user } from '../test/bpmn.ts';
import { parseXml, toXml } from './moddle.ts';
import { readSettings } from './settings.ts';

const linear = (extra: string) => definitions('p', [start(), extra, end(), chain('start', 'a', 'end')].join('\n'));

const refusal = async (xml: string) => {
  try {
    await compileXml(xml);
  } catch (error) {
    return error as {
      code: string;
      message: string;
      params: Record<string, string | number>;
      problems: { elementType: string; elementId: string; code: string; message: string }[];
    };
  }
  throw new Error('expected a refusal');
};

describe('definitions', () => {
  it('keeps every node setting through export and import', async () => {
    const xml = definitions(
      'p',
      [
        start(),
        `<bpmn:userTask id="a" name="Review"><bpmn:extensionElements>
          <macro:node autoAgree="true" designateNext="false" rejectedToSameApprover="true">
            <macro:approver kind="sql">select id as "F_UserId" from macro_user where dept_id = 3</macro:approver>
            <macro:counterSign type="sequential" completion="percentage" percent="60"/>
            <macro:button code="approve" label="同意" enabled="true"/>
            <macro:button code="transfer" enabled="false"/>
            <macro:reject mode="chosen" nodes="start,b"/>
            <macro:withdraw allowed="false"/>
            <macro:form formKey="leave"><macro:field name="days" permission="readonly"/><macro:field name="salary" permission="hidden"/></macro:form>
          </macro:node></bpmn:extensionElements></bpmn:userTask>`,
        end(),
        chain('start', 'a', 'end'),
      ].join('\n'),
    );
    const once = await toXml((await parseXml(xml)).root);
    const twice = (await parseXml(once)).root;
    const process = (twice.rootElements as { flowElements: never[] }[])[0];
    const task = (process.flowElements as { id: string }[]).find((e) => e.id === 'a')!;
    expect(readSettings(task as never)).toEqual({
      approver: { kind: 'sql', values: [], sql: 'select id as "F_UserId" from macro_user where dept_id = 3' },
      counterSign: { type: 'sequential', completion: 'percentage', percent: 60 },
      buttons: [
        { code: 'approve', label: '同意', enabled: true },
        { code: 'transfer', enabled: false },
      ],
      reject: { mode: 'chosen', nodes: ['start', 'b'] },
      withdraw: { allowed: false },
      autoAgree: true,
      previousDesignates: false,
      designateNext: false,
      rejectedToSameApprover: true,
      form: {
        formKey: 'leave',
        fields: [
          { name: 'days', permission: 'readonly' },
          { name: 'salary', permission: 'hidden' },
        ],
      },
      service: undefined,
    });
    expect(once).toContain('xmlns:macro="http://macro.console/schema/bpmn"');
  });

  it.each([
    ['a script task', '<bpmn:scriptTask id="a" scriptFormat="js"><bpmn:script>x()</bpmn:script></bpmn:scriptTask>', 'ScriptTask', 'a'],
    ['a send task', '<bpmn:sendTask id="a"/>', 'SendTask', 'a'],
    [
      'a message catch event',
      '<bpmn:intermediateCatchEvent id="a"><bpmn:messageEventDefinition/></bpmn:intermediateCatchEvent>',
      'IntermediateCatchEvent',
      'a',
    ],
    ['a service task without our call', '<bpmn:serviceTask id="a"/>', 'ServiceTask', 'a'],
    ['a user task without an approver', '<bpmn:userTask id="a"/>', 'UserTask', 'a'],
  ])('refuses %s, naming the element type and id', async (_, element, type, id) => {
    const error = await refusal(linear(element));
    expect(error.code).toBe('workflow.unsupported');
    expect(error.params).toMatchObject({ type, id });
    expect(error.message).toContain(`${type} ${id}`);
  });

  it('refuses a model with several problems naming every one, not only the first', async () => {
    const xml = definitions(
      'p',
      [
        start(),
        '<bpmn:userTask id="review"/>',
        '<bpmn:serviceTask id="notify"/>',
        '<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>tomorrow</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
        end(),
        chain('start', 'review', 'notify', 'wait', 'end'),
      ].join('\n'),
    );
    const error = await refusal(xml);
    expect(error.code).toBe('workflow.unsupported');
    expect(error.problems.map(({ elementType, elementId, code }) => ({ elementType, elementId, code }))).toEqual([
      { elementType: 'UserTask', elementId: 'review', code: 'approverMissing' },
      { elementType: 'ServiceTask', elementId: 'notify', code: 'serviceTask' },
      { elementType: 'IntermediateCatchEvent', elementId: 'wait', code: 'timerValue' },
    ]);
    expect(error.problems.every((p) => p.message.length > 0)).toBe(true);
    // The refusal's own words name the first and count the rest.
    expect(error.params).toMatchObject({ type: 'UserTask', id: 'review', more: 2 });
    expect(error.message).toContain('ServiceTask notify');
    expect(error.message).toContain('IntermediateCatchEvent wait');
  });

  it('refuses a message start event and a signal end event', async () => {
    const xml = definitions(
      'p',
      [
        '<bpmn:startEvent id="s"><bpmn:messageEventDefinition/></bpmn:startEvent>',
        user('a', '1'),
        '<bpmn:endEvent id="e"><bpmn:signalEventDefinition/></bpmn:endEvent>',
        chain('s', 'a', 'e'),
      ].join('\n'),
    );
    const error = await refusal(xml);
    expect(error.message).toContain('StartEvent s');
    expect(error.message).toContain('EndEvent e');
  });

  it('applies the rules of node settings', async () => {
    const both = await refusal(linear(user('a', { values: '1', node: 'autoAgree="true" previousDesignates="true"' })));
    expect(both.message).toContain('auto-agree and "previous node designates the approver" cannot both be on');
    const designate = await refusal(linear(user('a', { values: '1,2', node: 'designateNext="true"', counterSign: 'type="parallel" completion="all"' })));
    expect(designate.message).toContain('designating the next approver is unavailable in a counter-sign');
    const percent = await refusal(linear(user('a', { values: '1,2', counterSign: 'type="parallel" completion="percentage"' })));
    expect(percent.message).toContain('percent between 1 and 100');
  });

  it('accepts the supported elements: timers, sub-process, call activity, terminate end, multi-instance', async () => {
    const xml = definitions(
      'p',
      [
        start(),
        user('a', '1'),
        '<bpmn:boundaryEvent id="late" attachedToRef="a" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>P1D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>',
        user('remind', '2'),
        '<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>PT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
        `<bpmn:subProcess id="sub">${start('subStart')}${user('inner', '3')}${end('subEnd')}${chain('subStart', 'inner', 'subEnd')}</bpmn:subProcess>`,
        '<bpmn:callActivity id="call" calledElement="other"/>',
        '<bpmn:userTask id="many"><bpmn:multiInstanceLoopCharacteristics isSequential="true"/><bpmn:extensionElements><macro:node><macro:approver kind="person" values="1,2"/></macro:node></bpmn:extensionElements></bpmn:userTask>',
        end('end', true),
        end('remindEnd'),
        chain('start', 'a', 'wait', 'sub', 'call', 'many', 'end'),
        chain('late', 'remind', 'remindEnd'),
      ].join('\n'),
    );
    const model = await compileXml(xml);
    expect(model.nodes.get('late')).toMatchObject({ kind: 'boundaryTimer', attachedTo: 'a', cancelActivity: false, timer: { kind: 'duration', value: 'P1D' } });
    expect(model.nodes.get('many')?.multi).toEqual({ type: 'sequential', completion: 'all' });
    expect(model.nodes.get('inner')?.scope).toBe('sub');
    expect(model.nodes.get('end')?.terminate).toBe(true);
  });

  it('refuses a condition that is not FEEL', async () => {
    const xml = definitions('p', [start(), user('a', '1'), end(), flow('f1', 'start', 'a', 'amount >>> 3 ${'), chain('a', 'end')].join('\n'));
    const error = await refusal(xml);
    expect(error.message).toContain('SequenceFlow f1: condition is not a FEEL expression');
  });

  it('reads XPath conditions where the language says so, and refuses another language or XPath outside the subset', async () => {
    const xpath = 'http://www.w3.org/1999/XPath';
    const condition = (id: string, body: string, language?: string) =>
      `<bpmn:sequenceFlow id="${id}" sourceRef="start" targetRef="a"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression"${language ? ` language="${language}"` : ''}>${body}</bpmn:conditionExpression></bpmn:sequenceFlow>`;
    const model = (flowXml: string) =>
      definitions('p', [start(), user('a', '1'), end(), '<bpmn:dataObject id="d1" name="approved"/>', flowXml, chain('a', 'end')].join('\n')).replace(
        '<bpmn:definitions ',
        '<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
      );
    const compiled = await compileXml(model(condition('f1', "bpmn:getDataObject('approved') = true()", xpath)));
    expect(compiled.flows.get('f1')?.condition).toBe('approved = true');
    // The definitions' declared language applies to conditions that name none.
    const declared = model(condition('f1', "not(bpmn:getDataObject('approved'))")).replace(
      '<bpmn:definitions ',
      `<bpmn:definitions expressionLanguage="${xpath}" `,
    );
    expect((await compileXml(declared)).flows.get('f1')?.condition).toBe('not( approved )');
    expect((await refusal(model(condition('f1', '/order/approved', xpath)))).message).toContain(
      'SequenceFlow f1: condition is outside the supported XPath subset: unexpected character at 1',
    );
    expect((await refusal(model(condition('f1', "bpmn:getDataObject('unknown')", xpath)))).message).toContain('no data object named unknown');
    expect((await refusal(model(condition('f1', 'approved == true', 'javascript')))).message).toContain(
      'SequenceFlow f1: condition language javascript is not supported',
    );
  });

  it('reads BPMN potential owners as a performer rule naming their resources, when the task has no rule of ours', async () => {
    const task = (resources: string) => `<bpmn:userTask id="a">${resources}</bpmn:userTask>`;
    const owner = (ref: string) => `<bpmn:potentialOwner id="po_${ref}"><bpmn:resourceRef>${ref}</bpmn:resourceRef></bpmn:potentialOwner>`;
    const withResources = (body: string) =>
      linear(body).replace('<bpmn:process ', '<bpmn:resource id="r1" name="Approver"/><bpmn:resource id="r2" name=" Accountant "/><bpmn:process ');
    const model = await compileXml(withResources(task(owner('r1') + owner('r2'))));
    expect(model.nodes.get('a')?.settings.approver).toEqual({ kind: 'performer', values: ['Approver', 'Accountant'] });
    // A performer given by an expression names no resource: nobody approves, refused at deploy.
    const expression =
      '<bpmn:potentialOwner id="po"><bpmn:resourceAssignmentExpression><bpmn:formalExpression>user(kermit)</bpmn:formalExpression></bpmn:resourceAssignmentExpression></bpmn:potentialOwner>';
    expect((await refusal(withResources(task(expression)))).message).toContain('UserTask a: approver rule performer names nobody');
    // Our rule wins over the standard one.
    const both = withResources(user('a', '7').replace('</bpmn:userTask>', `${owner('r1')}</bpmn:userTask>`));
    expect((await compileXml(both)).nodes.get('a')?.settings.approver).toMatchObject({ kind: 'person', values: ['7'] });
  });

  it('ignores what does not run: documentation, lanes, annotations, data object and data store references and their associations', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="d" targetNamespace="t">
  <bpmn:dataStore id="ledger" name="Ledger"/>
  <bpmn:process id="p" isExecutable="true">
    <bpmn:documentation>Pays an invoice.</bpmn:documentation>
    <bpmn:laneSet id="lanes"><bpmn:lane id="clerks" name="Clerks"><bpmn:flowNodeRef>start</bpmn:flowNodeRef><bpmn:flowNodeRef>a</bpmn:flowNodeRef><bpmn:flowNodeRef>end</bpmn:flowNodeRef></bpmn:lane></bpmn:laneSet>
    <bpmn:dataObject id="invoiceData"/>
    <bpmn:dataObjectReference id="invoice" dataObjectRef="invoiceData"/>
    <bpmn:dataStoreReference id="ledgerRef" dataStoreRef="ledger"/>
    ${start()}
    ${user('a', '7').replace('</bpmn:userTask>', '<bpmn:dataInputAssociation id="in"><bpmn:sourceRef>invoice</bpmn:sourceRef><bpmn:targetRef>invoice</bpmn:targetRef></bpmn:dataInputAssociation><bpmn:dataOutputAssociation id="out"><bpmn:targetRef>ledgerRef</bpmn:targetRef></bpmn:dataOutputAssociation></bpmn:userTask>')}
    ${end()}
    ${chain('start', 'a', 'end')}
    <bpmn:textAnnotation id="note"><bpmn:text>Within 3 days</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="toNote" sourceRef="a" targetRef="note"/>
  </bpmn:process>
</bpmn:definitions>`;
    const model = await compileXml(xml);
    expect([...model.nodes.keys()].sort()).toEqual(['a', 'end', 'start']);
    // Behaviour is never ignored: a script task beside them is still refused.
    const script = xml.replace('<bpmn:textAnnotation', '<bpmn:scriptTask id="s"/><bpmn:textAnnotation');
    expect((await refusal(script)).problems.map((p) => `${p.elementType}:${p.elementId}:${p.code}`)).toEqual(['ScriptTask:s:unsupportedElement']);
  });
});
