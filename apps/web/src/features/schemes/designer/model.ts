import { FEEL_LANGUAGE } from '@macro/contract/workflow';

/*
 * What the designer reads from and writes to a diagram element's business object: its name,
 * our `macro:node` settings and a sequence flow's condition. Writes go through bpmn-js's
 * modeling, so each is one step on its undo stack.
 */

/** A bpmn-moddle element as bpmn-js hands it out. */
export interface Moddle {
  $type: string;
  [key: string]: unknown;
}

export interface DiagramElement {
  id: string;
  type: string;
  businessObject: Moddle;
}

export interface ModelingApi {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, target: Moddle, properties: Record<string, unknown>): void;
}

export interface ModdleFactory {
  create(type: string, properties?: Record<string, unknown>): Moddle;
}

export interface NodeForm {
  name: string;
  approverKind?: string;
  approverValues: string;
  approverSql: string;
  /** Where an SQL rule's query lives: written inline, or a data source named by id. */
  approverSqlSource: ApproverSqlSource;
  approverDataSource?: number;
  /** The data source's column holding the user ids ('' for its first column). */
  approverColumn: string;
  counterSign: 'none' | 'parallel' | 'sequential';
  completion: 'all' | 'single' | 'percentage';
  percent?: number;
  rejectMode: 'chosen' | 'previous' | 'none';
  /** Rejected back to, the node goes to whoever completed it last instead of its approver rule resolved again. */
  rejectedToSameApprover: boolean;
  withdraw: boolean;
  autoAgree: boolean;
  /** Each task's due time, an ISO 8601 duration ('' for none). */
  dueIn: string;
  formKey: string;
  fields: { name: string; permission: string }[];
  condition: string;
  /** A service task's call: an HTTP address (and method) or a built-in's name. */
  serviceKind?: 'http' | 'builtin';
  serviceUrl: string;
  serviceMethod: string;
  serviceName?: string;
  /** BPMN's own performers (resource names), shown while the task has no rule of ours; read-only. */
  performers: string[];
  /** The name of the message a message event or receive task waits for (or a message start event starts on). */
  messageName: string;
  /** The name of the signal a signal event throws, catches or starts on. */
  signalName: string;
}

export const APPROVER_SQL_SOURCES = ['inline', 'dataSource'] as const;
export type ApproverSqlSource = (typeof APPROVER_SQL_SOURCES)[number];

const PERFORMERS = new Set(['bpmn:PotentialOwner', 'bpmn:HumanPerformer', 'bpmn:Performer']);

/** The definitions an element sits in (its `$parent` chain). */
export function definitionsOf(bo: Moddle): Moddle | undefined {
  let at: Moddle | undefined = bo;
  while (at && at.$type !== 'bpmn:Definitions') at = at.$parent as Moddle | undefined;
  return at;
}

const extensionOf = (bo: Moddle) => (bo.extensionElements as { values?: Moddle[] } | undefined)?.values ?? [];
export const macroNodeOf = (bo: Moddle): Moddle | undefined => extensionOf(bo).find((v) => v.$type === 'macro:Node');

/**
 * What refers to the element's message: a receive task itself, or the message definition of a
 * message start or intermediate catch event; undefined for any other element.
 */
export function messageHolder(element: DiagramElement): Moddle | undefined {
  const bo = element.businessObject;
  if (element.type === 'bpmn:ReceiveTask') return bo;
  if (element.type !== 'bpmn:StartEvent' && element.type !== 'bpmn:IntermediateCatchEvent') return undefined;
  const definitions = (bo.eventDefinitions as Moddle[] | undefined) ?? [];
  return definitions.length === 1 && definitions[0].$type === 'bpmn:MessageEventDefinition' ? definitions[0] : undefined;
}

/**
 * The signal definition of a signal start, intermediate catch or throw, end or boundary event;
 * undefined for any other element.
 */
export function signalHolder(element: DiagramElement): Moddle | undefined {
  const definitions = (element.businessObject.eventDefinitions as Moddle[] | undefined) ?? [];
  return definitions.length === 1 && definitions[0].$type === 'bpmn:SignalEventDefinition' ? definitions[0] : undefined;
}

/** A root element the diagram's elements refer to by a property: a message (messageRef) or a signal (signalRef). */
interface NamedRoot {
  type: 'bpmn:Message' | 'bpmn:Signal';
  ref: 'messageRef' | 'signalRef';
  prefix: 'Message' | 'Signal';
}
const MESSAGE: NamedRoot = { type: 'bpmn:Message', ref: 'messageRef', prefix: 'Message' };
const SIGNAL: NamedRoot = { type: 'bpmn:Signal', ref: 'signalRef', prefix: 'Signal' };

const rootOf = (holder: Moddle | undefined, kind: NamedRoot) => holder?.[kind.ref] as Moddle | undefined;

/** Whether anything in the definitions other than `holder` refers to `root`. */
function referencedElsewhere(definitions: Moddle, root: Moddle, holder: Moddle, kind: NamedRoot): boolean {
  const visit = (container: Moddle): boolean =>
    ((container.flowElements as Moddle[] | undefined) ?? []).some((element) => {
      const holders = [element, ...((element.eventDefinitions as Moddle[] | undefined) ?? [])];
      return holders.some((h) => h !== holder && h[kind.ref] === root) || visit(element);
    });
  return ((definitions.rootElements as Moddle[] | undefined) ?? []).some((r) => r.$type === 'bpmn:Process' && visit(r));
}

/**
 * Points `holder` (of `element`) at the root element of `kind` named `name`: the one of that name
 * in the definitions if there is one, else its own renamed when nothing else uses it, else a new one.
 */
function writeNamedRoot(
  element: DiagramElement,
  holder: Moddle | undefined,
  kind: NamedRoot,
  name: string,
  modeling: ModelingApi,
  moddle: ModdleFactory,
): void {
  const definitions = holder && definitionsOf(element.businessObject);
  if (!holder || !definitions) return;
  const wanted = name.trim();
  const current = rootOf(holder, kind);
  if (String(current?.name ?? '') === wanted && (current || !wanted)) return;
  const roots = (definitions.rootElements as Moddle[] | undefined) ?? [];
  const named = roots.find((root) => root.$type === kind.type && root.name === wanted);
  if (wanted && !named && current && !referencedElsewhere(definitions, current, holder, kind)) {
    modeling.updateModdleProperties(element, current, { name: wanted });
    return;
  }
  let root = wanted ? named : undefined;
  if (wanted && !root) {
    root = moddle.create(kind.type, { id: freeId(roots, kind.prefix), name: wanted });
    modeling.updateModdleProperties(element, definitions, { rootElements: [...roots, root] });
  }
  modeling.updateModdleProperties(element, holder, { [kind.ref]: root });
}

/** Points the element at the bpmn:message named `name` (see writeNamedRoot). */
export const writeMessage = (element: DiagramElement, name: string, modeling: ModelingApi, moddle: ModdleFactory) =>
  writeNamedRoot(element, messageHolder(element), MESSAGE, name, modeling, moddle);

/** Points the signal event at the bpmn:signal named `name`: a throw and its catches share one. */
export const writeSignal = (element: DiagramElement, name: string, modeling: ModelingApi, moddle: ModdleFactory) =>
  writeNamedRoot(element, signalHolder(element), SIGNAL, name, modeling, moddle);

/** An id `prefix_n` no root element has. */
export function freeId(roots: readonly Moddle[], prefix: string): string {
  const taken = new Set(roots.map((root) => root.id));
  let n = roots.length + 1;
  while (taken.has(`${prefix}_${n}`)) n += 1;
  return `${prefix}_${n}`;
}

/** The element's settings as the panel edits them (defaults where the XML says nothing). */
export function readNode(element: DiagramElement): NodeForm {
  const bo = element.businessObject;
  const node = macroNodeOf(bo);
  const approver = node?.approver as Moddle | undefined;
  const counterSign = node?.counterSign as Moddle | undefined;
  const form = node?.form as Moddle | undefined;
  const condition = bo.conditionExpression as Moddle | undefined;
  return {
    name: String(bo.name ?? ''),
    approverKind: approver?.kind as string | undefined,
    approverValues: String(approver?.values ?? ''),
    approverSql: String(approver?.text ?? ''),
    approverSqlSource: approver?.dataSource ? 'dataSource' : 'inline',
    approverDataSource: /^\d+$/.test(String(approver?.dataSource ?? '')) ? Number(approver?.dataSource) : undefined,
    approverColumn: String(approver?.column ?? ''),
    counterSign: counterSign ? ((counterSign.type as 'parallel' | 'sequential') ?? 'parallel') : 'none',
    completion: (counterSign?.completion as NodeForm['completion']) ?? 'all',
    percent: counterSign?.percent === undefined ? undefined : Number(counterSign.percent),
    rejectMode: ((node?.reject as Moddle | undefined)?.mode as NodeForm['rejectMode']) ?? 'chosen',
    rejectedToSameApprover: node?.rejectedToSameApprover === true,
    withdraw: (node?.withdraw as Moddle | undefined)?.allowed !== false,
    autoAgree: node?.autoAgree === true,
    dueIn: String(node?.dueIn ?? ''),
    formKey: String(form?.formKey ?? ''),
    fields: ((form?.fields as Moddle[] | undefined) ?? []).map((f) => ({ name: String(f.name), permission: String(f.permission ?? 'edit') })),
    condition: String(condition?.body ?? ''),
    serviceKind: (node?.service as Moddle | undefined)?.kind as NodeForm['serviceKind'],
    serviceUrl: String((node?.service as Moddle | undefined)?.url ?? ''),
    serviceMethod: String((node?.service as Moddle | undefined)?.method ?? 'POST'),
    serviceName: (node?.service as Moddle | undefined)?.name as string | undefined,
    performers: ((bo.resources as Moddle[] | undefined) ?? [])
      .filter((r) => PERFORMERS.has(r.$type))
      .map((r) => String((r.resourceRef as Moddle | undefined)?.name ?? '').trim())
      .filter(Boolean),
    messageName: String(rootOf(messageHolder(element), MESSAGE)?.name ?? ''),
    signalName: String(rootOf(signalHolder(element), SIGNAL)?.name ?? ''),
  };
}

/** Writes the panel's settings onto the element: our extension rebuilt from them, the name and condition set. */
export function writeNode(element: DiagramElement, form: NodeForm, modeling: ModelingApi, moddle: ModdleFactory): void {
  const bo = element.businessObject;
  if (String(bo.name ?? '') !== form.name) modeling.updateProperties(element, { name: form.name || undefined });
  if (element.type === 'bpmn:SequenceFlow') {
    const body = form.condition.trim();
    // An unchanged condition keeps its expression (and language) as imported.
    if (body === String((bo.conditionExpression as Moddle | undefined)?.body ?? '').trim()) return;
    // The designer writes FEEL: said so on the expression when the definitions declare another language.
    const declared = definitionsOf(bo);
    const other = declared && Object.hasOwn(declared, 'expressionLanguage') && !/feel/i.test(String(declared.expressionLanguage));
    const expression = body ? moddle.create('bpmn:FormalExpression', { body, ...(other ? { language: FEEL_LANGUAGE } : {}) }) : undefined;
    modeling.updateProperties(element, { conditionExpression: expression });
    return;
  }
  const isTask = element.type === 'bpmn:UserTask';
  const old = macroNodeOf(bo);
  const node = moddle.create('macro:Node', {
    // Settings the panel does not show (buttons, designation flags) stay as they were.
    buttons: old?.buttons ?? [],
    previousDesignates: old?.previousDesignates,
    designateNext: old?.designateNext,
  });
  if ((isTask || element.type === 'bpmn:SendTask') && form.approverKind) {
    const sql = form.approverKind === 'sql';
    // An SQL rule keeps one of its two sources: the other is dropped when the choice changes.
    const bySource = sql && form.approverSqlSource === 'dataSource';
    node.approver = moddle.create('macro:Approver', {
      kind: form.approverKind,
      values: form.approverValues.trim() || undefined,
      text: sql && !bySource ? form.approverSql : undefined,
      dataSource: bySource && form.approverDataSource ? String(form.approverDataSource) : undefined,
      column: bySource ? form.approverColumn.trim() || undefined : undefined,
    });
  }
  if (isTask) {
    if (form.counterSign !== 'none') {
      node.counterSign = moddle.create('macro:CounterSign', {
        type: form.counterSign,
        completion: form.completion,
        percent: form.completion === 'percentage' ? form.percent : undefined,
      });
    }
    // The nodes a reject may go to are not shown: they stay as they were.
    node.reject = moddle.create('macro:Reject', { mode: form.rejectMode, nodes: (old?.reject as Moddle | undefined)?.nodes });
    if (form.rejectedToSameApprover) node.rejectedToSameApprover = true;
    node.withdraw = moddle.create('macro:Withdraw', { allowed: form.withdraw });
    if (form.autoAgree) node.autoAgree = true;
    if (form.dueIn.trim()) node.dueIn = form.dueIn.trim();
  }
  if (element.type === 'bpmn:ServiceTask') {
    if (form.serviceKind === 'http') {
      node.service = moddle.create('macro:Service', { kind: 'http', url: form.serviceUrl.trim() || undefined, method: form.serviceMethod || undefined });
    } else if (form.serviceKind === 'builtin') {
      node.service = moddle.create('macro:Service', { kind: 'builtin', name: form.serviceName || undefined });
    }
  } else if (old?.service) node.service = old.service;
  if (form.formKey) {
    node.form = moddle.create('macro:Form', {
      formKey: form.formKey,
      fields: form.fields.filter((f) => f.permission !== 'edit').map((f) => moddle.create('macro:Field', f)),
    });
  }
  const others = extensionOf(bo).filter((v) => v.$type !== 'macro:Node');
  modeling.updateProperties(element, { extensionElements: moddle.create('bpmn:ExtensionElements', { values: [...others, node] }) });
  writeMessage(element, form.messageName ?? '', modeling, moddle);
  writeSignal(element, form.signalName ?? '', modeling, moddle);
}

/** A new template: one start event, laid out. */
export const BLANK_BPMN = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${id}" targetNamespace="http://macro.console/bpmn">
  <bpmn:process id="${id}" isExecutable="true">
    <bpmn:startEvent id="start" name="发起"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram_${id}">
    <bpmndi:BPMNPlane id="plane_${id}" bpmnElement="${id}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36"/></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
