// @vitest-environment jsdom
// bpmn-js needs SVG transforms and XML parsing that happy-dom does not implement.
import { describe, expect, it } from 'vitest';
import { startFormKeyOf } from './SimulatePanel';

const model = (start: string, more = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="d">
  <bpmn:process id="p">${start}${more}</bpmn:process>
</bpmn:definitions>`;

describe('the start form a simulation fills in', () => {
  it('is the form bound on the process start event', () => {
    expect(
      startFormKeyOf(
        model(
          '<bpmn:startEvent id="s"><bpmn:extensionElements><macro:node><macro:form formKey="leave"/></macro:node></bpmn:extensionElements></bpmn:startEvent>',
        ),
      ),
    ).toBe('leave');
  });

  it('is none when the start event binds none, even if a task or a sub-process start does', () => {
    const task =
      '<bpmn:userTask id="t"><bpmn:extensionElements><macro:node><macro:form formKey="other"/></macro:node></bpmn:extensionElements></bpmn:userTask>';
    const inner =
      '<bpmn:subProcess id="sp"><bpmn:startEvent id="s2"><bpmn:extensionElements><macro:node><macro:form formKey="inner"/></macro:node></bpmn:extensionElements></bpmn:startEvent></bpmn:subProcess>';
    expect(startFormKeyOf(model('<bpmn:startEvent id="s"/>', task + inner))).toBeNull();
  });

  it('is none for text that is not XML', () => {
    expect(startFormKeyOf('<bpmn:definitions')).toBeNull();
    expect(startFormKeyOf('')).toBeNull();
  });
});
