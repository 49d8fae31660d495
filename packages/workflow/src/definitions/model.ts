import { INT_MAX } from '@macro/contract';
import { parseExpression } from 'feelin';
import { juelBody, juelToFeel } from './juel.ts';
import type { ModdleElement } from './moddle.ts';
import { APPROVER_KINDS, type ApproverRule, type CounterSign, type NodeSettings, readSettings } from './settings.ts';
import { XPATH_LANGUAGE, xpathToFeel } from './xpath.ts';

export type NodeKind =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'serviceTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'subProcess'
  | 'callActivity'
  | 'boundaryTimer'
  | 'boundaryError'
  | 'timerCatch'
  | 'messageCatch'
  | 'receiveTask'
  | 'signalCatch'
  | 'signalThrow'
  | 'boundarySignal'
  | 'eventGateway'
  /** A carbon-copy (抄送) node, drawn as a send task: the people its rule names get a copy, the token passes on. */
  | 'carbonCopy'
  /** Work the engine does nothing for (an abstract or manual task, a none intermediate event): the token passes on. */
  | 'passThrough';

export interface Timer {
  kind: 'duration' | 'date' | 'cycle';
  /** The ISO 8601 duration, date, or repeating interval (R3/PT24H) as written. */
  value: string;
  /** A cycle's interval (an ISO 8601 duration). */
  every?: string;
  /** How many times a cycle fires; absent (R/PT24H): until its activity ends. */
  times?: number;
}

export interface FlowNode {
  id: string;
  kind: NodeKind;
  name: string;
  /** The process or embedded sub-process the node sits in. */
  scope: string;
  incoming: string[];
  outgoing: string[];
  defaultFlow?: string;
  terminate?: boolean;
  settings: NodeSettings;
  /** Counter-sign: a multi-instance user task. */
  multi?: MultiInstance;
  timer?: Timer;
  attachedTo?: string;
  cancelActivity?: boolean;
  calledElement?: string;
  /** The name of the message a message catch event or receive task waits for, or a message start event starts on. */
  message?: string;
  /** The name of the signal a signal event catches, throws (a throw or end event) or starts on. */
  signal?: string;
  /** Boundary events (timer, signal) attached to this node. */
  boundary: string[];
  /** Error boundary events attached to this (service) node, in the order of the model. */
  catches: string[];
  /** An error boundary event's code (its bpmn:error's errorCode); absent: it catches every error. */
  errorCode?: string;
}

/**
 * A counter-sign's rule: our setting, else BPMN's multi-instance loop, whose standard
 * `completionCondition` (FEEL, over nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances
 * and the form data) completes the node early once it holds; without one every signer signs.
 */
export interface MultiInstance extends CounterSign {
  condition?: string;
}

export interface Flow {
  id: string;
  source: string;
  target: string;
  name: string;
  /** A FEEL expression over the form data (XPath conditions translated at deploy); absent = always true. */
  condition?: string;
}

export interface ProcessModel {
  id: string;
  name: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, Flow>;
  /** The none start event of each scope (process id or sub-process id). */
  startOf: Map<string, string>;
  /** The process's message start events, by the name of their message. */
  messageStarts: Map<string, string>;
  /** The process's signal start events, by the name of their signal. */
  signalStarts: Map<string, string>;
  /** Whether anything reads the form data (conditions, completion conditions, form-field or SQL approvers, services, called processes). */
  usesVariables: boolean;
}

export interface LintProblem {
  elementType: string;
  elementId: string;
  /** What is wrong, as a key of the messages' `workflow.lint` table; `params` fill it in. */
  code: LintCode;
  params: Record<string, string>;
  /** The same in English, for logs and for callers without the message tables. */
  message: string;
}

/** Every problem the lint reports, in English; the console shows the messages' translation of each code. */
export const LINT_MESSAGES = {
  oneProcess: 'a deployment holds exactly one executable process, found {{count}}',
  noProcess: 'no process',
  flowEnds: 'sequence flow without a source or a target',
  conditionNotFeel: 'condition is not a FEEL expression: {{error}}',
  conditionNotXPath: 'condition is outside the supported XPath subset: {{error}}',
  conditionLanguage: 'condition language {{language}} is not supported (FEEL, or the XPath subset)',
  conditionNotJuel: `condition is outside the supported \${...} subset: {{error}}`,
  unsupportedElement: 'unsupported element {{type}}',
  eventSubProcess: 'event sub-processes are not supported',
  duplicateId: 'the id is used twice',
  loopUserTaskOnly: '{{type}} is supported on user tasks only (multi-instance)',
  percentRange: 'a percentage counter-sign needs a percent between 1 and 100',
  startEventDefinition: 'start events with {{type}} are not supported',
  oneStartEvent: 'a process or sub-process has one none start event',
  endEventDefinition: 'end events with {{type}} are not supported',
  timerOnly: '{{type}} is supported with a timer definition only',
  timerValue: 'a timer needs an ISO 8601 duration (timeDuration) or date (timeDate)',
  timerCycleValue: 'a timer cycle (timeCycle) needs a count and an ISO 8601 duration, e.g. R3/PT24H',
  timerCycleBoundary: 'a timer cycle (timeCycle) is supported on non-interrupting boundary events only',
  boundaryDefinition: 'boundary events are supported with a timer, an error or a signal definition only, found {{type}}',
  errorBoundaryServiceOnly: 'an error boundary event is supported on service tasks only; it is attached to {{type}} {{attached}}',
  errorBoundaryInterrupting: 'an error boundary event always interrupts its task: cancelActivity cannot be false',
  approverMissing: 'a user task needs an approver rule (macro:approver)',
  carbonCopyMissing: 'a carbon-copy (send) task needs a rule naming who gets the copy (macro:approver)',
  approverKindUnknown: 'unknown approver kind {{kind}}',
  approverNobody: 'approver rule {{kind}} names nobody',
  autoAgreeDesignated: 'auto-agree and "previous node designates the approver" cannot both be on',
  autoAgreeCounterSign: 'auto-agree is unavailable in a counter-sign',
  dueInvalid: 'a due time needs an ISO 8601 duration, e.g. P2D or PT4H',
  designateCounterSign: 'designating the next approver is unavailable in a counter-sign',
  serviceTask: 'a service task needs macro:service, an HTTP call (url) or a built-in (name); scripts are not supported',
  calledElement: 'a call activity needs calledElement (the key of the called process)',
  unreachable: 'no incoming sequence flow: the node can never be reached',
  noOutgoing: 'no outgoing sequence flow',
  noStartEvent: 'no none start event',
  approverSql: 'approver SQL refused: {{reason}}',
  approverSqlSource: 'an SQL approver rule needs exactly one of inline SQL and a data source',
  approverDataSourceId: 'an approver rule names its data source by its id, a whole number from 1',
  approverDataSourceMissing: 'the approver data source {{id}} does not exist',
  messageName: '{{type}} needs a message (messageRef) with a name',
  signalName: '{{type}} needs a signal (signalRef) with a name',
  eventGatewayTarget: 'an event-based gateway leads only to intermediate catch events (timer, message, signal) and receive tasks, not to {{target}}',
  eventGatewayCondition: 'the sequence flow {{flow}} after an event-based gateway cannot carry a condition',
} as const;
export type LintCode = keyof typeof LINT_MESSAGES;

/** One problem of the element `elementType` `elementId`, its English message filled in. */
export function lintProblem(elementType: string, elementId: string, code: LintCode, params: Record<string, string> = {}): LintProblem {
  const message = LINT_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
  return { elementType, elementId, code, params, message };
}

/** Kinds whose BPMN element type is not their own name capitalised. */
const ELEMENT_OF: Partial<Record<NodeKind, string>> = {
  boundaryTimer: 'BoundaryEvent',
  boundaryError: 'BoundaryEvent',
  boundarySignal: 'BoundaryEvent',
  timerCatch: 'IntermediateCatchEvent',
  messageCatch: 'IntermediateCatchEvent',
  signalCatch: 'IntermediateCatchEvent',
  signalThrow: 'IntermediateThrowEvent',
  eventGateway: 'EventBasedGateway',
  carbonCopy: 'SendTask',
};
/** The BPMN element type a node kind came from, as problems name it (userTask → UserTask). */
const bpmnType = (kind: NodeKind) => ELEMENT_OF[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
/** An element's type without its namespace (bpmn:UserTask → UserTask). */
const bpmnName = (type: string) => type.replace(/^bpmn:/, '');

const KIND_OF: Record<string, NodeKind> = {
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:UserTask': 'userTask',
  'bpmn:ServiceTask': 'serviceTask',
  'bpmn:ExclusiveGateway': 'exclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway',
  'bpmn:InclusiveGateway': 'inclusiveGateway',
  'bpmn:SubProcess': 'subProcess',
  'bpmn:CallActivity': 'callActivity',
  'bpmn:BoundaryEvent': 'boundaryTimer',
  'bpmn:IntermediateCatchEvent': 'timerCatch',
  'bpmn:ReceiveTask': 'receiveTask',
  'bpmn:EventBasedGateway': 'eventGateway',
  'bpmn:Task': 'passThrough',
  'bpmn:ManualTask': 'passThrough',
  'bpmn:SendTask': 'carbonCopy',
};

const isMessageDefinition = (element: ModdleElement) => element.$type === 'bpmn:MessageEventDefinition';
const isSignalDefinition = (element: ModdleElement) => element.$type === 'bpmn:SignalEventDefinition';

/** The kind of an event whose behaviour its one event definition decides (a catch event's message or signal, a signal throw or boundary). */
function eventKindOf(element: ModdleElement): NodeKind | undefined {
  const events = (element.eventDefinitions as ModdleElement[] | undefined) ?? [];
  const only = events.length === 1 ? events[0] : undefined;
  const signal = only !== undefined && isSignalDefinition(only);
  switch (element.$type) {
    case 'bpmn:IntermediateCatchEvent':
      return only && isMessageDefinition(only) ? 'messageCatch' : signal ? 'signalCatch' : 'timerCatch';
    case 'bpmn:IntermediateThrowEvent':
      // A none intermediate event only marks a point in the process (BPMN: it passes at once).
      return signal ? 'signalThrow' : events.length === 0 ? 'passThrough' : undefined;
    case 'bpmn:BoundaryEvent':
      return signal ? 'boundarySignal' : only?.$type === 'bpmn:ErrorEventDefinition' ? 'boundaryError' : 'boundaryTimer';
    default:
      return KIND_OF[element.$type];
  }
}

/** The name of the bpmn:signal a signal event definition refers to. */
const signalNameOf = (definition: ModdleElement | undefined): string | undefined => {
  const name = (definition?.signalRef as ModdleElement | undefined)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
};

/** What may follow an event-based gateway: the events (and receive task) its token waits for. */
const GATEWAY_EVENTS: ReadonlySet<NodeKind> = new Set(['timerCatch', 'messageCatch', 'signalCatch', 'receiveTask']);

/** The name of the bpmn:message an element (receive task) or event definition refers to. */
const messageNameOf = (element: ModdleElement): string | undefined => {
  const name = (element.messageRef as ModdleElement | undefined)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
};

/** Elements that carry no behaviour and are kept as they are. */
const INERT = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group', 'bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);

/** The parser recovers from errors by marking them in the tree: any error node is a refusal. */
function feelSyntaxError(expression: string): string | undefined {
  try {
    let at: number | undefined;
    parseExpression(expression, {}, undefined).iterate({
      enter: (node) => {
        if (node.type.isError && at === undefined) at = node.from;
      },
    });
    return at === undefined ? undefined : `syntax error at ${at + 1}`;
  } catch (error) {
    return (error as Error).message;
  }
}

/** An ISO 8601 date and time with its offset (2026-05-01T09:00:00+08:00, …Z): a moment, not a local reading. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/**
 * What keeps a rule of a known kind from naming anybody: an SQL rule holds exactly one of inline
 * SQL and a data source (named by its id); every other kind but the superior lists its values.
 */
function ruleProblem(approver: ApproverRule): [LintCode, Record<string, string>] | undefined {
  if (approver.kind !== 'sql') return approver.kind !== 'superior' && !approver.values.length ? ['approverNobody', { kind: approver.kind }] : undefined;
  const source = approver.dataSource;
  if (Boolean(approver.sql) === Boolean(source)) return ['approverSqlSource', {}];
  if (source && !(Number.isSafeInteger(source.id) && source.id >= 1 && source.id <= INT_MAX)) return ['approverDataSourceId', {}];
  return undefined;
}

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/** A repeating interval: R<count>/<duration> (R/<duration>: no end of its own). */
const ISO_CYCLE = /^R(\d*)\/(P.+)$/;

/** The timer a cycle's text says, or nothing when it is not R<count>/<duration> with a count of at least 1. */
function cycleOf(value: string): Timer | undefined {
  const match = ISO_CYCLE.exec(value);
  // A zero interval would fire again at once, for ever.
  if (!match || !ISO_DURATION.test(match[2]) || !/[1-9]/.test(match[2])) return undefined;
  const times = match[1] ? Number(match[1]) : undefined;
  if (times !== undefined && !(Number.isSafeInteger(times) && times >= 1)) return undefined;
  return { kind: 'cycle', value, every: match[2], ...(times === undefined ? {} : { times }) };
}

const bodyOf = (expression: unknown): string | undefined => {
  const body = (expression as { body?: string } | undefined)?.body?.trim();
  return body ? body.replace(/^=/, '').trim() : undefined;
};

/**
 * Turns a parsed model into the engine's graph of one process and lints it against the
 * supported elements. Every problem names the element type and id; the model runs only when
 * there are none.
 */
export function compileProcess(definitions: ModdleElement): { model?: ProcessModel; problems: LintProblem[] } {
  const problems: LintProblem[] = [];
  const problem = (element: ModdleElement, code: LintCode, params: Record<string, string> = {}) =>
    problems.push(lintProblem(bpmnName(element.$type), element.id ?? '?', code, params));
  const roots = (definitions.rootElements as ModdleElement[] | undefined) ?? [];
  const processes = roots.filter((r) => r.$type === 'bpmn:Process');
  const executable = processes.filter((p) => p.isExecutable === true);
  const candidates = executable.length ? executable : processes;
  if (candidates.length !== 1) {
    problems.push(lintProblem('Process', candidates.map((p) => p.id).join(',') || '-', 'oneProcess', { count: String(candidates.length) }));
    return { problems };
  }
  const process = candidates[0];
  const model: ProcessModel = {
    id: process.id ?? 'process',
    name: String(process.name ?? process.id ?? ''),
    nodes: new Map(),
    flows: new Map(),
    startOf: new Map(),
    messageStarts: new Map(),
    signalStarts: new Map(),
    usesVariables: false,
  };

  // A condition's language is its own, else the one the definitions declare, else FEEL.
  const declared = Object.hasOwn(definitions, 'expressionLanguage') ? String(definitions.expressionLanguage) : undefined;
  const dataObjects = dataObjectNames(process);
  /**
   * The FEEL of a condition of `element` (a flow's, a multi-instance's completion), XPath and the
   * `${...}` form translated, or undefined after a problem.
   */
  const conditionOf = (element: ModdleElement, expression: ModdleElement | undefined): string | undefined => {
    const body = bodyOf(expression);
    if (!body) return undefined;
    const juel = juelBody(body);
    if (juel !== undefined) {
      const translated = juelToFeel(juel);
      const error = 'feel' in translated ? feelSyntaxError(translated.feel) : translated.error;
      if (error) problem(element, 'conditionNotJuel', { error });
      return 'feel' in translated ? translated.feel : undefined;
    }
    const language = (typeof expression?.language === 'string' && expression.language) || declared;
    if (language === XPATH_LANGUAGE) {
      const translated = xpathToFeel(body, dataObjects);
      if ('feel' in translated) return translated.feel;
      problem(element, 'conditionNotXPath', { error: translated.error });
      return undefined;
    }
    if (language !== undefined && !/feel/i.test(language)) {
      problem(element, 'conditionLanguage', { language });
      return undefined;
    }
    const error = feelSyntaxError(body);
    if (error) problem(element, 'conditionNotFeel', { error });
    return body;
  };

  const walk = (container: ModdleElement) => {
    const scope = container.id ?? model.id;
    const elements = (container.flowElements as ModdleElement[] | undefined) ?? [];
    for (const element of elements) {
      if (element.$type === 'bpmn:SequenceFlow') {
        const source = (element.sourceRef as ModdleElement | undefined)?.id;
        const target = (element.targetRef as ModdleElement | undefined)?.id;
        if (!source || !target) {
          problem(element, 'flowEnds');
          continue;
        }
        const condition = conditionOf(element, element.conditionExpression as ModdleElement | undefined);
        model.flows.set(element.id!, { id: element.id!, source, target, name: String(element.name ?? ''), condition });
        continue;
      }
      if (INERT.has(element.$type)) continue;
      const kind = eventKindOf(element);
      if (!kind) {
        problem(element, 'unsupportedElement', { type: bpmnName(element.$type) });
        continue;
      }
      compileNode(element, kind, scope);
      if (kind === 'subProcess') {
        if (element.triggeredByEvent) problem(element, 'eventSubProcess');
        walk(element);
      }
    }
    for (const artifact of (container.artifacts as ModdleElement[] | undefined) ?? []) {
      if (!INERT.has(artifact.$type)) problem(artifact, 'unsupportedElement', { type: bpmnName(artifact.$type) });
    }
  };

  const compileNode = (element: ModdleElement, kind: NodeKind, scope: string) => {
    if (model.nodes.has(element.id!) || element.id === model.id) problem(element, 'duplicateId');
    const settings = readSettings(element);
    const definitions = (element.eventDefinitions as ModdleElement[] | undefined) ?? [];
    const node: FlowNode = {
      id: element.id!,
      kind,
      name: String(element.name ?? element.id),
      scope,
      incoming: [],
      outgoing: [],
      settings,
      boundary: [],
      catches: [],
    };
    const loop = element.loopCharacteristics as ModdleElement | undefined;
    if (loop && (kind !== 'userTask' || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')) {
      problem(element, 'loopUserTaskOnly', { type: bpmnName(loop.$type) });
    }
    if (kind === 'userTask' && (loop || settings.counterSign)) {
      // Our counter-sign setting wins; without it, BPMN's own completionCondition is read (never ignored).
      const condition = settings.counterSign ? undefined : conditionOf(element, loop?.completionCondition as ModdleElement | undefined);
      node.multi = settings.counterSign ?? {
        type: loop?.isSequential ? 'sequential' : 'parallel',
        completion: 'all',
        ...(condition ? { condition } : {}),
      };
      const { completion, percent } = node.multi;
      if (completion === 'percentage' && !(percent !== undefined && percent > 0 && percent <= 100)) {
        problem(element, 'percentRange');
      }
    }
    switch (kind) {
      case 'startEvent':
        // A message start event (of the process, not of a sub-process) starts an instance when its message arrives.
        if (definitions.length === 1 && isMessageDefinition(definitions[0]) && scope === model.id) {
          node.message = messageNameOf(definitions[0]);
          if (!node.message) problem(element, 'messageName', { type: bpmnName(element.$type) });
          else if (!model.messageStarts.has(node.message)) model.messageStarts.set(node.message, node.id);
          break;
        }
        // So does a signal start event when its signal is thrown.
        if (definitions.length === 1 && isSignalDefinition(definitions[0]) && scope === model.id) {
          node.signal = signalNameOf(definitions[0]);
          if (!node.signal) problem(element, 'signalName', { type: bpmnName(element.$type) });
          else if (!model.signalStarts.has(node.signal)) model.signalStarts.set(node.signal, node.id);
          break;
        }
        if (definitions.length) problem(element, 'startEventDefinition', { type: bpmnName(definitions[0].$type) });
        if (model.startOf.has(scope)) problem(element, 'oneStartEvent');
        model.startOf.set(scope, node.id);
        break;
      case 'endEvent':
        if (definitions.length === 1 && isSignalDefinition(definitions[0])) {
          // A signal end event throws its signal, then ends its token like a none end event.
          node.signal = signalNameOf(definitions[0]);
          if (!node.signal) problem(element, 'signalName', { type: bpmnName(element.$type) });
          break;
        }
        if (definitions.length > 1 || (definitions[0] && definitions[0].$type !== 'bpmn:TerminateEventDefinition')) {
          problem(element, 'endEventDefinition', { type: bpmnName(definitions[0].$type) });
        }
        node.terminate = definitions[0]?.$type === 'bpmn:TerminateEventDefinition';
        break;
      case 'signalCatch':
      case 'signalThrow':
      case 'boundarySignal':
        node.signal = signalNameOf(definitions[0]);
        if (!node.signal) problem(element, 'signalName', { type: bpmnName(element.$type) });
        if (kind === 'boundarySignal') {
          node.attachedTo = (element.attachedToRef as ModdleElement | undefined)?.id;
          node.cancelActivity = element.cancelActivity !== false;
        }
        break;
      case 'boundaryTimer':
      case 'timerCatch': {
        const timer = definitions.length === 1 && definitions[0].$type === 'bpmn:TimerEventDefinition' ? definitions[0] : undefined;
        if (!timer) {
          if (kind === 'boundaryTimer') problem(element, 'boundaryDefinition', { type: definitions[0] ? bpmnName(definitions[0].$type) : '-' });
          else problem(element, 'timerOnly', { type: bpmnName(element.$type) });
          break;
        }
        if (kind === 'boundaryTimer') {
          node.attachedTo = (element.attachedToRef as ModdleElement | undefined)?.id;
          node.cancelActivity = element.cancelActivity !== false;
        }
        const duration = bodyOf(timer.timeDuration);
        const date = bodyOf(timer.timeDate);
        const cycle = bodyOf(timer.timeCycle);
        if (duration && ISO_DURATION.test(duration)) node.timer = { kind: 'duration', value: duration };
        else if (date && ISO_DATE_TIME.test(date) && !Number.isNaN(Date.parse(date))) node.timer = { kind: 'date', value: date };
        else if (cycle && !duration && !date) {
          // A cycle repeats while its activity lasts: only a non-interrupting boundary event can.
          if (kind !== 'boundaryTimer' || node.cancelActivity) problem(element, 'timerCycleBoundary');
          else {
            node.timer = cycleOf(cycle);
            if (!node.timer) problem(element, 'timerCycleValue');
          }
        } else problem(element, 'timerValue');
        break;
      }
      case 'boundaryError': {
        node.attachedTo = (element.attachedToRef as ModdleElement | undefined)?.id;
        // Without an errorRef, or with an error without a code, it catches every error.
        const code = (definitions[0].errorRef as ModdleElement | undefined)?.errorCode;
        if (typeof code === 'string' && code.trim()) node.errorCode = code.trim();
        if (element.cancelActivity === false) problem(element, 'errorBoundaryInterrupting');
        break;
      }
      case 'userTask': {
        const approver = settings.approver;
        if (!approver) problem(element, 'approverMissing');
        else if (approver.kind !== 'performer' && !(APPROVER_KINDS as readonly string[]).includes(approver.kind))
          problem(element, 'approverKindUnknown', { kind: String(approver.kind) });
        else {
          const wrong = ruleProblem(approver);
          if (wrong) problem(element, ...wrong);
        }
        if (settings.autoAgree && settings.previousDesignates) {
          problem(element, 'autoAgreeDesignated');
        }
        if (settings.autoAgree && node.multi) problem(element, 'autoAgreeCounterSign');
        if (settings.dueIn !== undefined && !ISO_DURATION.test(settings.dueIn)) problem(element, 'dueInvalid');
        if (settings.designateNext && node.multi) problem(element, 'designateCounterSign');
        break;
      }
      case 'carbonCopy': {
        // Who gets the copy: the same rules as an approval node's approvers.
        const approver = settings.approver;
        if (!approver) problem(element, 'carbonCopyMissing');
        else if (!(APPROVER_KINDS as readonly string[]).includes(approver.kind)) problem(element, 'approverKindUnknown', { kind: String(approver.kind) });
        else {
          const wrong = ruleProblem(approver);
          if (wrong) problem(element, ...wrong);
        }
        break;
      }
      case 'serviceTask': {
        const service = settings.service;
        const ok = service && ((service.kind === 'http' && service.url) || (service.kind === 'builtin' && service.name));
        if (!ok) problem(element, 'serviceTask');
        break;
      }
      case 'messageCatch':
      case 'receiveTask':
        node.message = messageNameOf(kind === 'receiveTask' ? element : definitions[0]);
        if (!node.message) problem(element, 'messageName', { type: bpmnName(element.$type) });
        break;
      case 'callActivity':
        node.calledElement = typeof element.calledElement === 'string' ? element.calledElement : undefined;
        if (!node.calledElement) problem(element, 'calledElement');
        break;
      default:
        break;
    }
    model.nodes.set(node.id, node);
  };

  walk(process);
  // A process started by messages or signals only: its first such start event is also where a manual start begins.
  const [firstEventStart] = [...model.messageStarts.values(), ...model.signalStarts.values()];
  if (!model.startOf.has(model.id) && firstEventStart) model.startOf.set(model.id, firstEventStart);
  for (const flow of model.flows.values()) {
    const source = model.nodes.get(flow.source);
    const target = model.nodes.get(flow.target);
    if (!source || !target) continue;
    source.outgoing.push(flow.id);
    target.incoming.push(flow.id);
  }
  for (const element of allFlowNodes(process)) {
    const node = model.nodes.get(element.id ?? '');
    const fallback = (element.default as ModdleElement | undefined)?.id;
    if (node && fallback) node.defaultFlow = fallback;
  }
  for (const node of model.nodes.values()) {
    const host = node.attachedTo ? model.nodes.get(node.attachedTo) : undefined;
    if (node.kind === 'boundaryTimer' || node.kind === 'boundarySignal') host?.boundary.push(node.id);
    if (node.kind === 'boundaryError') {
      if (host?.kind === 'serviceTask') host.catches.push(node.id);
      else {
        const type = host ? bpmnType(host.kind) : '-';
        problems.push(lintProblem('BoundaryEvent', node.id, 'errorBoundaryServiceOnly', { type, attached: node.attachedTo ?? '-' }));
      }
    }
    if (node.kind === 'eventGateway') lintEventGateway(model, node, problems);
    const boundary = node.kind === 'boundaryTimer' || node.kind === 'boundaryError' || node.kind === 'boundarySignal';
    if (node.kind !== 'startEvent' && !boundary && !node.incoming.length) {
      problems.push(lintProblem(bpmnType(node.kind), node.id, 'unreachable'));
    }
    // A non-interrupting timer on a user task may lead nowhere: it only reminds the task's actors.
    const reminder = node.kind === 'boundaryTimer' && node.cancelActivity === false && host?.kind === 'userTask';
    if (node.kind !== 'endEvent' && !reminder && !node.outgoing.length) {
      problems.push(lintProblem(boundary ? 'BoundaryEvent' : bpmnType(node.kind), node.id, 'noOutgoing'));
    }
  }
  for (const scope of [model.id, ...[...model.nodes.values()].filter((n) => n.kind === 'subProcess').map((n) => n.id)]) {
    if (!model.startOf.has(scope)) problems.push(lintProblem('Process', scope, 'noStartEvent'));
  }
  model.usesVariables =
    [...model.flows.values()].some((f) => f.condition) ||
    [...model.nodes.values()].some(
      (n) =>
        n.kind === 'serviceTask' ||
        n.kind === 'callActivity' ||
        n.multi?.condition !== undefined ||
        n.settings.approver?.kind === 'formField' ||
        n.settings.approver?.kind === 'sql',
    );
  return problems.length ? { problems } : { model, problems };
}

/** An event-based gateway leads, along flows without conditions, only to the events its token can wait for. */
function lintEventGateway(model: ProcessModel, gateway: FlowNode, problems: LintProblem[]): void {
  for (const flowId of gateway.outgoing) {
    const flow = model.flows.get(flowId)!;
    const target = model.nodes.get(flow.target);
    if (flow.condition !== undefined) problems.push(lintProblem('EventBasedGateway', gateway.id, 'eventGatewayCondition', { flow: flow.id }));
    if (target && !GATEWAY_EVENTS.has(target.kind))
      problems.push(lintProblem('EventBasedGateway', gateway.id, 'eventGatewayTarget', { target: `${bpmnType(target.kind)} ${target.id}` }));
  }
}

/** The process's data objects (in every sub-process), by name and by id, to their names. */
function dataObjectNames(process: ModdleElement): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (container: ModdleElement) => {
    for (const element of (container.flowElements as ModdleElement[] | undefined) ?? []) {
      if (element.$type === 'bpmn:DataObject' && typeof element.name === 'string' && element.name) {
        names.set(element.name, element.name);
        if (element.id) names.set(element.id, element.name);
      }
      if (element.$type === 'bpmn:SubProcess') visit(element);
    }
  };
  visit(process);
  return names;
}

function* allFlowNodes(container: ModdleElement): Generator<ModdleElement> {
  for (const element of (container.flowElements as ModdleElement[] | undefined) ?? []) {
    yield element;
    if (element.$type === 'bpmn:SubProcess') yield* allFlowNodes(element);
  }
}

/** Nodes reachable from `from` along sequence flows (and onto attached timers), within its scope. */
const reachCache = new WeakMap<ProcessModel, Map<string, Set<string>>>();

export function reachableFrom(model: ProcessModel, from: string): Set<string> {
  let cache = reachCache.get(model);
  if (!cache) {
    cache = new Map();
    reachCache.set(model, cache);
  }
  const cached = cache.get(from);
  if (cached) return cached;
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const id = queue.pop()!;
    const node = model.nodes.get(id);
    if (!node) continue;
    const next = [...node.outgoing.map((f) => model.flows.get(f)!.target), ...node.boundary, ...node.catches];
    for (const target of next) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  cache.set(from, seen);
  return seen;
}
