import type { ModdleElement } from './moddle.ts';

import { APPROVER_KINDS, type ApproverDataSource, type ApproverKind } from '@macro/contract/workflow';

export { APPROVER_KINDS, type ApproverDataSource, type ApproverKind };

export interface ApproverRule {
  /**
   * Our kinds, or `performer`: BPMN's own potential owner / human performer, naming resources
   * (roles, matched by alias or name); read when a task has no rule of ours.
   */
  kind: ApproverKind | 'performer';
  /** Ids (users, roles, posts), a node id, a form field, superior levels, or resource names, by kind. */
  values: string[];
  /** The query of an SQL rule (select only, returning `F_UserId`). */
  sql?: string;
  /** Or the data source an SQL rule runs through the host (its id NaN when the XML holds no id: the lint refuses it). */
  dataSource?: ApproverDataSource;
}

export interface CounterSign {
  type: 'sequential' | 'parallel';
  completion: 'single' | 'all' | 'percentage';
  percent?: number;
}

export type FieldPermission = 'edit' | 'readonly' | 'hidden';

export interface NodeSettings {
  approver?: ApproverRule;
  counterSign?: CounterSign;
  buttons: { code: string; label?: string; enabled: boolean }[];
  /** `chosen`: any earlier node (or those listed); `previous`: only the previous one; `none`: no reject. */
  reject: { mode: 'previous' | 'chosen' | 'none'; nodes: string[] };
  withdraw: { allowed: boolean };
  autoAgree: boolean;
  previousDesignates: boolean;
  designateNext: boolean;
  /**
   * Rejected back to, the node reopens for whoever completed it last (a counter-sign: for those
   * who signed its last round) instead of resolving its approvers again.
   */
  rejectedToSameApprover: boolean;
  /** How long each task of the node has (ISO 8601 duration); past it the task is overdue. */
  dueIn?: string;
  form?: { formKey: string; fields: { name: string; permission: FieldPermission }[] };
  service?: { kind: 'http' | 'builtin'; name?: string; url?: string; method?: string };
}

const list = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];

/** The `macro:node` extension of an element, if it has one. */
export function macroNodeOf(element: ModdleElement): ModdleElement | undefined {
  const extensions = element.extensionElements as { values?: ModdleElement[] } | undefined;
  return extensions?.values?.find((v) => v.$type === 'macro:Node');
}

const PERFORMERS = new Set(['bpmn:PotentialOwner', 'bpmn:HumanPerformer', 'bpmn:Performer']);

/** BPMN's standard performers of a task: the names of the resources they refer to. */
function performerRule(element: ModdleElement): ApproverRule | undefined {
  const roles = ((element.resources as ModdleElement[] | undefined) ?? []).filter((r) => PERFORMERS.has(r.$type));
  if (!roles.length) return undefined;
  const names = roles.map((r) => (r.resourceRef as ModdleElement | undefined)?.name).filter((n): n is string => typeof n === 'string' && !!n.trim());
  return { kind: 'performer', values: [...new Set(names.map((n) => n.trim()))] };
}

/** The data source an approver rule names, if it names one: an id of digits only, else NaN. */
function dataSourceOf(approver: ModdleElement): { dataSource?: ApproverDataSource } {
  const id = typeof approver.dataSource === 'string' ? approver.dataSource.trim() : '';
  if (!id) return {};
  const column = typeof approver.column === 'string' ? approver.column.trim() : '';
  return { dataSource: { id: /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN, ...(column ? { column } : {}) } };
}

/** Reads our settings of a node; absent parts take their defaults. */
export function readSettings(element: ModdleElement): NodeSettings {
  const node = macroNodeOf(element);
  const approver = node?.approver as ModdleElement | undefined;
  const counterSign = node?.counterSign as ModdleElement | undefined;
  const reject = node?.reject as ModdleElement | undefined;
  const withdraw = node?.withdraw as ModdleElement | undefined;
  const form = node?.form as ModdleElement | undefined;
  const service = node?.service as ModdleElement | undefined;
  return {
    approver: approver
      ? {
          kind: approver.kind as ApproverKind,
          values: list(approver.values),
          ...(typeof approver.text === 'string' && approver.text.trim() ? { sql: approver.text.trim() } : {}),
          ...dataSourceOf(approver),
        }
      : performerRule(element),
    counterSign: counterSign
      ? {
          type: (counterSign.type as CounterSign['type']) ?? 'parallel',
          completion: (counterSign.completion as CounterSign['completion']) ?? 'all',
          ...(counterSign.percent !== undefined ? { percent: Number(counterSign.percent) } : {}),
        }
      : undefined,
    buttons: ((node?.buttons as ModdleElement[] | undefined) ?? []).map((b) => ({
      code: String(b.code ?? ''),
      ...(b.label ? { label: String(b.label) } : {}),
      enabled: b.enabled !== false,
    })),
    reject: { mode: (reject?.mode as NodeSettings['reject']['mode']) ?? 'chosen', nodes: list(reject?.nodes) },
    withdraw: { allowed: withdraw?.allowed !== false },
    autoAgree: node?.autoAgree === true,
    previousDesignates: node?.previousDesignates === true,
    designateNext: node?.designateNext === true,
    rejectedToSameApprover: node?.rejectedToSameApprover === true,
    ...(typeof node?.dueIn === 'string' && node.dueIn.trim() ? { dueIn: node.dueIn.trim() } : {}),
    form: form
      ? {
          formKey: String(form.formKey ?? ''),
          fields: ((form.fields as ModdleElement[] | undefined) ?? []).map((f) => ({
            name: String(f.name),
            permission: (f.permission as FieldPermission) ?? 'edit',
          })),
        }
      : undefined,
    service: service
      ? {
          kind: service.kind as 'http' | 'builtin',
          ...(service.name ? { name: String(service.name) } : {}),
          ...(service.url ? { url: String(service.url) } : {}),
          ...(service.method ? { method: String(service.method) } : {}),
        }
      : undefined,
  };
}
