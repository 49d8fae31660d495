import { parseExpression } from 'feelin';
import type { ModdleElement } from './moddle.ts';
import { APPROVER_KINDS, type CounterSign, type NodeSettings, readSettings } from './settings.ts';

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
  | 'timerCatch';

export interface Timer {
  kind: 'duration' | 'date';
  value: string;
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
  multi?: CounterSign;
  timer?: Timer;
  attachedTo?: string;
  cancelActivity?: boolean;
  calledElement?: string;
  /** Timer boundary events attached to this node. */
  boundary: string[];
}

export interface Flow {
  id: string;
  source: string;
  target: string;
  name: string;
  /** A FEEL expression over the form data; absent = always true. */
  condition?: string;
}

export interface ProcessModel {
  id: string;
  name: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, Flow>;
  /** The none start event of each scope (process id or sub-process id). */
  startOf: Map<string, string>;
  /** Whether anything reads the form data (conditions, form-field or SQL approvers, services, called processes). */
  usesVariables: boolean;
}

export interface LintProblem {
  elementType: string;
  elementId: string;
  message: string;
}

/** The BPMN element type a node kind came from, as problems name it (userTask → UserTask). */
const bpmnType = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

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
};

/** Elements that carry no behaviour and are kept as they are. */
const INERT = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group', 'bpmn:DataObject', 'bpmn:DataObjectReference']);

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

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

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
  const problem = (element: ModdleElement, message: string) =>
    problems.push({ elementType: element.$type.replace(/^bpmn:/, ''), elementId: element.id ?? '?', message });
  const roots = (definitions.rootElements as ModdleElement[] | undefined) ?? [];
  const processes = roots.filter((r) => r.$type === 'bpmn:Process');
  const executable = processes.filter((p) => p.isExecutable === true);
  const candidates = executable.length ? executable : processes;
  if (candidates.length !== 1) {
    problems.push({
      elementType: 'Process',
      elementId: candidates.map((p) => p.id).join(',') || '-',
      message: `a deployment holds exactly one executable process, found ${candidates.length}`,
    });
    return { problems };
  }
  const process = candidates[0];
  const model: ProcessModel = {
    id: process.id ?? 'process',
    name: String(process.name ?? process.id ?? ''),
    nodes: new Map(),
    flows: new Map(),
    startOf: new Map(),
    usesVariables: false,
  };

  const walk = (container: ModdleElement) => {
    const scope = container.id ?? model.id;
    const elements = (container.flowElements as ModdleElement[] | undefined) ?? [];
    for (const element of elements) {
      if (element.$type === 'bpmn:SequenceFlow') {
        const source = (element.sourceRef as ModdleElement | undefined)?.id;
        const target = (element.targetRef as ModdleElement | undefined)?.id;
        if (!source || !target) {
          problem(element, 'sequence flow without a source or a target');
          continue;
        }
        const condition = bodyOf(element.conditionExpression);
        if (condition) {
          const error = feelSyntaxError(condition);
          if (error) problem(element, `condition is not a FEEL expression: ${error}`);
        }
        model.flows.set(element.id!, { id: element.id!, source, target, name: String(element.name ?? ''), condition });
        continue;
      }
      if (INERT.has(element.$type)) continue;
      const kind = KIND_OF[element.$type];
      if (!kind) {
        problem(element, `unsupported element ${element.$type.replace(/^bpmn:/, '')}`);
        continue;
      }
      compileNode(element, kind, scope);
      if (kind === 'subProcess') {
        if (element.triggeredByEvent) problem(element, 'event sub-processes are not supported');
        walk(element);
      }
    }
    for (const artifact of (container.artifacts as ModdleElement[] | undefined) ?? []) {
      if (!INERT.has(artifact.$type)) problem(artifact, `unsupported element ${artifact.$type.replace(/^bpmn:/, '')}`);
    }
  };

  const compileNode = (element: ModdleElement, kind: NodeKind, scope: string) => {
    if (model.nodes.has(element.id!) || element.id === model.id) problem(element, 'the id is used twice');
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
    };
    const loop = element.loopCharacteristics as ModdleElement | undefined;
    if (loop && (kind !== 'userTask' || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')) {
      problem(element, `${loop.$type.replace(/^bpmn:/, '')} is supported on user tasks only (multi-instance)`);
    }
    if (kind === 'userTask' && (loop || settings.counterSign)) {
      node.multi = settings.counterSign ?? {
        type: loop?.isSequential ? 'sequential' : 'parallel',
        completion: 'all',
      };
      const { completion, percent } = node.multi;
      if (completion === 'percentage' && !(percent !== undefined && percent > 0 && percent <= 100)) {
        problem(element, 'a percentage counter-sign needs a percent between 1 and 100');
      }
    }
    switch (kind) {
      case 'startEvent':
        if (definitions.length) problem(element, `start events with ${definitions[0].$type.replace(/^bpmn:/, '')} are not supported`);
        if (model.startOf.has(scope)) problem(element, 'a process or sub-process has one none start event');
        model.startOf.set(scope, node.id);
        break;
      case 'endEvent':
        if (definitions.length > 1 || (definitions[0] && definitions[0].$type !== 'bpmn:TerminateEventDefinition')) {
          problem(element, `end events with ${definitions[0].$type.replace(/^bpmn:/, '')} are not supported`);
        }
        node.terminate = definitions[0]?.$type === 'bpmn:TerminateEventDefinition';
        break;
      case 'boundaryTimer':
      case 'timerCatch': {
        const timer = definitions.length === 1 && definitions[0].$type === 'bpmn:TimerEventDefinition' ? definitions[0] : undefined;
        if (!timer) {
          problem(element, `${element.$type.replace(/^bpmn:/, '')} is supported with a timer definition only`);
          break;
        }
        const duration = bodyOf(timer.timeDuration);
        const date = bodyOf(timer.timeDate);
        if (duration && ISO_DURATION.test(duration)) node.timer = { kind: 'duration', value: duration };
        else if (date && !Number.isNaN(Date.parse(date))) node.timer = { kind: 'date', value: date };
        else problem(element, 'a timer needs an ISO 8601 duration (timeDuration) or date (timeDate)');
        if (kind === 'boundaryTimer') {
          node.attachedTo = (element.attachedToRef as ModdleElement | undefined)?.id;
          node.cancelActivity = element.cancelActivity !== false;
        }
        break;
      }
      case 'userTask': {
        const approver = settings.approver;
        if (!approver) problem(element, 'a user task needs an approver rule (macro:approver)');
        else if (!(APPROVER_KINDS as readonly string[]).includes(approver.kind)) problem(element, `unknown approver kind ${approver.kind}`);
        else if (approver.kind === 'sql' ? !approver.sql : approver.kind !== 'superior' && !approver.values.length) {
          problem(element, `approver rule ${approver.kind} names nobody`);
        }
        if (settings.autoAgree && settings.previousDesignates) {
          problem(element, 'auto-agree and "previous node designates the approver" cannot both be on');
        }
        if (settings.designateNext && node.multi) problem(element, 'designating the next approver is unavailable in a counter-sign');
        break;
      }
      case 'serviceTask': {
        const service = settings.service;
        const ok = service && ((service.kind === 'http' && service.url) || (service.kind === 'builtin' && service.name));
        if (!ok) problem(element, 'a service task needs macro:service, an HTTP call (url) or a built-in (name); scripts are not supported');
        break;
      }
      case 'callActivity':
        node.calledElement = typeof element.calledElement === 'string' ? element.calledElement : undefined;
        if (!node.calledElement) problem(element, 'a call activity needs calledElement (the key of the called process)');
        break;
      default:
        break;
    }
    model.nodes.set(node.id, node);
  };

  walk(process);
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
    if (node.kind === 'boundaryTimer' && node.attachedTo) model.nodes.get(node.attachedTo)?.boundary.push(node.id);
    if (node.kind !== 'startEvent' && node.kind !== 'boundaryTimer' && !node.incoming.length) {
      problems.push({ elementType: bpmnType(node.kind), elementId: node.id, message: 'no incoming sequence flow: the node can never be reached' });
    }
    if (node.kind !== 'endEvent' && !node.outgoing.length) {
      problems.push({ elementType: bpmnType(node.kind), elementId: node.id, message: 'no outgoing sequence flow' });
    }
  }
  for (const scope of [model.id, ...[...model.nodes.values()].filter((n) => n.kind === 'subProcess').map((n) => n.id)]) {
    if (!model.startOf.has(scope)) problems.push({ elementType: 'Process', elementId: scope, message: 'no none start event' });
  }
  model.usesVariables =
    [...model.flows.values()].some((f) => f.condition) ||
    [...model.nodes.values()].some(
      (n) => n.kind === 'serviceTask' || n.kind === 'callActivity' || n.settings.approver?.kind === 'formField' || n.settings.approver?.kind === 'sql',
    );
  return problems.length ? { problems } : { model, problems };
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
    const next = [...node.outgoing.map((f) => model.flows.get(f)!.target), ...node.boundary];
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
