import type { DiagramElement, ModdleFactory, Moddle, ModelingApi } from './model';

/*
 * "Remind every …" of a user task: a non-interrupting timer boundary event on it with a cycle
 * (R3/PT24H) and no outgoing flow. The engine reminds the task's actors in their bell each time
 * it fires (docs/workflow.md); the designer reads and writes that event, nothing of our own.
 */

export const REMIND_UNITS = ['H', 'D'] as const;
export type RemindUnit = (typeof REMIND_UNITS)[number];

export interface ReminderForm {
  /** How many units between reminders; none: no reminder. */
  remindEvery?: number | null;
  remindUnit: RemindUnit;
  /** How many reminders; none: until the task is handled. */
  remindTimes?: number | null;
}

/** A shape of the diagram as bpmn-js keeps it: where it is, what hangs on it, what leaves it. */
export interface DiagramShape extends DiagramElement {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  attachers?: DiagramShape[];
  outgoing?: unknown[];
}

/** What writing a reminder needs of bpmn-js besides properties: making and removing shapes. */
export interface ShapeApi {
  modeling: ModelingApi & {
    createShape(shape: DiagramShape, position: { x: number; y: number }, host: DiagramShape, hints: { attach: boolean }): DiagramShape;
    removeShape(shape: DiagramShape): void;
  };
  elementFactory: { createShape(attrs: Record<string, unknown>): DiagramShape };
  moddle: ModdleFactory;
}

const CYCLE = /^R(\d*)\/P(?:(\d+)D|T(\d+)H)$/;

/** The panel's fields of a cycle the designer writes (R3/PT24H, R/P1D); nothing for any other. */
export function parseCycle(text: string): ReminderForm | undefined {
  const match = CYCLE.exec(text.trim());
  if (!match) return undefined;
  const [, times, days, hours] = match;
  return { remindEvery: Number(days ?? hours), remindUnit: days ? 'D' : 'H', remindTimes: times ? Number(times) : null };
}

/** The cycle of the panel's fields: every 24 hours 3 times is R3/PT24H, every day until handled R/P1D. */
export function cycleText(form: ReminderForm): string {
  const every = form.remindUnit === 'D' ? `P${form.remindEvery}D` : `PT${form.remindEvery}H`;
  return `R${form.remindTimes ?? ''}/${every}`;
}

const timerOf = (bo: Moddle) => ((bo.eventDefinitions as Moddle[] | undefined) ?? []).find((d) => d.$type === 'bpmn:TimerEventDefinition');
const cycleOf = (bo: Moddle) => String(((timerOf(bo)?.timeCycle as Moddle | undefined)?.body as string | undefined) ?? '').trim();

/** The task's reminder: a non-interrupting cycle timer on it that leads nowhere. */
export function reminderOf(task: DiagramShape): DiagramShape | undefined {
  return (task.attachers ?? []).find((a) => {
    const bo = a.businessObject;
    return bo.$type === 'bpmn:BoundaryEvent' && bo.cancelActivity === false && cycleOf(bo) !== '' && !(a.outgoing ?? []).length;
  });
}

/** The panel's reminder fields of a task (empty when it has none, or one the panel cannot show). */
export function readReminder(task: DiagramShape): ReminderForm {
  const reminder = reminderOf(task);
  return (reminder && parseCycle(cycleOf(reminder.businessObject))) ?? { remindEvery: null, remindUnit: 'H', remindTimes: null };
}

const sameReminder = (a: ReminderForm, b: ReminderForm) =>
  (a.remindEvery ?? null) === (b.remindEvery ?? null) &&
  (!a.remindEvery || (a.remindUnit === b.remindUnit && (a.remindTimes ?? null) === (b.remindTimes ?? null)));

/**
 * Writes the panel's reminder onto the task: the boundary event made (on the task's lower edge),
 * changed, or removed when the interval is cleared; left alone when the fields did not change.
 */
export function writeReminder(task: DiagramShape, form: ReminderForm, api: ShapeApi): void {
  if (sameReminder(form, readReminder(task))) return;
  const existing = reminderOf(task);
  if (!form.remindEvery) {
    if (existing) api.modeling.removeShape(existing);
    return;
  }
  const timeCycle = api.moddle.create('bpmn:FormalExpression', { body: cycleText(form) });
  if (existing) {
    api.modeling.updateModdleProperties(existing, timerOf(existing.businessObject)!, { timeCycle, timeDuration: undefined, timeDate: undefined });
    return;
  }
  const shape = api.elementFactory.createShape({ type: 'bpmn:BoundaryEvent', eventDefinitionType: 'bpmn:TimerEventDefinition', cancelActivity: false });
  const made = api.modeling.createShape(shape, { x: (task.x ?? 0) + (task.width ?? 100) - 20, y: (task.y ?? 0) + (task.height ?? 80) }, task, { attach: true });
  api.modeling.updateModdleProperties(made, timerOf(made.businessObject)!, { timeCycle });
}
