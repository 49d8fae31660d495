import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { errorHolder, readErrorCode, writeErrorCode } from './errorCode';
import type { DiagramElement, Moddle, ModelingApi } from './model';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:error id="unavailable" errorCode="503"/>
  <bpmn:process id="p" isExecutable="true">
    <bpmn:serviceTask id="score"/>
    <bpmn:boundaryEvent id="down" attachedToRef="score"><bpmn:errorEventDefinition errorRef="unavailable"/></bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="other" attachedToRef="score"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="late" attachedToRef="score"><bpmn:timerEventDefinition/></bpmn:boundaryEvent>
  </bpmn:process>
</bpmn:definitions>`;

/** bpmn-js's modeling, as far as the panel uses it: properties set on the business object. */
const modeling: ModelingApi = {
  updateProperties: (element, properties) => Object.assign(element.businessObject, properties),
  updateModdleProperties: (_element, target, properties) => Object.assign(target, properties),
};

async function load() {
  const moddle = new BpmnModdle();
  const { rootElement } = await moddle.fromXML(XML);
  const process = (rootElement as { rootElements: Moddle[] }).rootElements.find((r) => r.$type === 'bpmn:Process') as unknown as { flowElements: Moddle[] };
  const element = (id: string): DiagramElement => {
    const bo = process.flowElements.find((e) => e.id === id)!;
    return { id, type: bo.$type, businessObject: bo };
  };
  const xml = async () => (await moddle.toXML(rootElement)).xml;
  return { moddle: moddle as never, element, xml };
}

describe('the code an error boundary event catches', () => {
  it('is read from its bpmn:error; a timer boundary event has none to set', async () => {
    const { element } = await load();
    expect(readErrorCode(element('down'))).toBe('503');
    expect(readErrorCode(element('other'))).toBe('');
    expect(errorHolder(element('late'))).toBeUndefined();
  });

  it('reuses the error of that code, declares a new one otherwise, and catches every failure when emptied', async () => {
    const { moddle, element, xml } = await load();
    writeErrorCode(element('other'), ' 503 ', modeling, moddle);
    expect(await xml()).toContain('<bpmn:boundaryEvent id="other" attachedToRef="score"><bpmn:errorEventDefinition errorRef="unavailable" />');
    writeErrorCode(element('other'), 'timeout', modeling, moddle);
    expect(await xml()).toContain('<bpmn:error id="Error_3" name="timeout" errorCode="timeout" />');
    expect(readErrorCode(element('other'))).toBe('timeout');
    writeErrorCode(element('down'), '', modeling, moddle);
    expect(await xml()).toContain('<bpmn:boundaryEvent id="down" attachedToRef="score"><bpmn:errorEventDefinition /></bpmn:boundaryEvent>');
    expect(readErrorCode(element('down'))).toBe('');
  });
});
