import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import type { Moddle } from './model';
import { cycleText, type DiagramShape, parseCycle, readReminder, reminderOf, type ShapeApi, writeReminder } from './reminder';

/** bpmn-moddle's factory (its types leave `create` out). */
const moddle = new BpmnModdle() as unknown as { create(type: string, properties?: Record<string, unknown>): Moddle };

/** A boundary event on the task as bpmn-js holds it; `flows` leave it. */
const boundary = (id: string, cycle: string, { interrupting = false, flows = 0 } = {}): DiagramShape => {
  const timer = moddle.create('bpmn:TimerEventDefinition', { timeCycle: moddle.create('bpmn:FormalExpression', { body: cycle }) });
  const bo = moddle.create('bpmn:BoundaryEvent', { id, cancelActivity: interrupting, eventDefinitions: [timer] });
  return { id, type: 'bpmn:BoundaryEvent', businessObject: bo, outgoing: Array.from({ length: flows }) };
};
const task = (...attachers: DiagramShape[]): DiagramShape => ({
  id: 'review',
  type: 'bpmn:UserTask',
  businessObject: moddle.create('bpmn:UserTask', { id: 'review' }),
  x: 100,
  y: 50,
  width: 100,
  height: 80,
  attachers,
});

/** bpmn-js as far as a reminder uses it, recording what it is asked to do. */
function fakeApi() {
  const done: string[] = [];
  const api: ShapeApi = {
    moddle,
    elementFactory: {
      createShape: (attrs) => {
        done.push(`make ${attrs.type} ${attrs.eventDefinitionType} cancelActivity=${attrs.cancelActivity}`);
        return boundary('made', '');
      },
    },
    modeling: {
      createShape: (shape, position, host, hints) => {
        done.push(`attach to ${host.id} at ${position.x},${position.y} ${hints.attach}`);
        return shape;
      },
      removeShape: (shape) => done.push(`remove ${shape.id}`),
      updateProperties: () => undefined,
      updateModdleProperties: (element, target, properties) => {
        Object.assign(target, properties);
        done.push(`set ${element.id} ${String((properties.timeCycle as Moddle | undefined)?.body)}`);
      },
    },
  };
  return { api, done };
}

describe('the designer’s “remind every …” of a user task', () => {
  it('reads and writes the cycles it can show: every 24 hours 3 times, every day until handled', () => {
    expect(cycleText({ remindEvery: 24, remindUnit: 'H', remindTimes: 3 })).toBe('R3/PT24H');
    expect(cycleText({ remindEvery: 1, remindUnit: 'D', remindTimes: null })).toBe('R/P1D');
    expect(parseCycle('R3/PT24H')).toEqual({ remindEvery: 24, remindUnit: 'H', remindTimes: 3 });
    expect(parseCycle(' R/P2D ')).toEqual({ remindEvery: 2, remindUnit: 'D', remindTimes: null });
    expect(parseCycle('R3/P1DT2H')).toBeUndefined();
  });

  it('is the non-interrupting cycle timer on the task that leads nowhere, not one with a flow or an interrupting one', () => {
    const branching = boundary('chase', 'R2/PT1H', { flows: 1 });
    const interrupting = boundary('late', 'R2/PT1H', { interrupting: true });
    const nudge = boundary('nudge', 'R3/PT24H');
    expect(reminderOf(task(branching, interrupting))).toBeUndefined();
    expect(reminderOf(task(branching, interrupting, nudge))?.id).toBe('nudge');
    expect(readReminder(task(nudge))).toEqual({ remindEvery: 24, remindUnit: 'H', remindTimes: 3 });
    expect(readReminder(task())).toEqual({ remindEvery: null, remindUnit: 'H', remindTimes: null });
  });

  it('makes the boundary event on the task’s lower edge, changes it, removes it when cleared, and leaves it alone when unchanged', () => {
    const made = fakeApi();
    writeReminder(task(), { remindEvery: 24, remindUnit: 'H', remindTimes: 3 }, made.api);
    expect(made.done).toEqual([
      'make bpmn:BoundaryEvent bpmn:TimerEventDefinition cancelActivity=false',
      'attach to review at 180,130 true',
      'set made R3/PT24H',
    ]);

    const nudge = boundary('nudge', 'R3/PT24H');
    const changed = fakeApi();
    writeReminder(task(nudge), { remindEvery: 1, remindUnit: 'D', remindTimes: null }, changed.api);
    expect(changed.done).toEqual(['set nudge R/P1D']);
    expect(readReminder(task(nudge))).toEqual({ remindEvery: 1, remindUnit: 'D', remindTimes: null });

    const same = fakeApi();
    writeReminder(task(nudge), { remindEvery: 1, remindUnit: 'D', remindTimes: null }, same.api);
    expect(same.done).toEqual([]);

    const cleared = fakeApi();
    writeReminder(task(nudge), { remindEvery: null, remindUnit: 'D', remindTimes: null }, cleared.api);
    expect(cleared.done).toEqual(['remove nudge']);
  });
});
