import { type Language, type Page, type PageQuery, translate } from '@macro/contract';
import { WorkflowEngine, WorkflowError } from '@macro/workflow';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { dataSourcesOf } from '../datasources/public.ts';
import { dataSourceApprovers } from './dataSourceApprovers.ts';
import { delegatesPort, organisationResolver } from './resolver.ts';
import { servicePort } from './services.ts';
import { notificationPort } from './notify.ts';
import { reminderPort } from './reminders.ts';
import { templateEnabled } from './messages.ts';

/* The engine of this server, its refusals in the API's words, and what the other files share. */

export const SCHEME_NOT_FOUND = { message: 'workflow.templateNotFound' };
const NOT_FOUND_CODES = new Set([
  'workflow.taskNotFound',
  'workflow.instanceNotFound',
  'workflow.definitionNotFound',
  'workflow.draftNotFound',
  'workflow.messageNotFound',
]);
/** Refusals where the request matched more than one thing: the caller narrows it and asks again. */
const CONFLICT_CODES = new Set(['workflow.messageAmbiguous']);

/**
 * The engine's refusal as the API's: 404 for what does not exist, else 422, in the request's
 * language. A refused model lists every problem (the engine words them in English); its message
 * names the first and counts the rest.
 */
export function asAppError(error: unknown, language: Language): unknown {
  if (!(error instanceof WorkflowError)) return error;
  const status = NOT_FOUND_CODES.has(error.code) ? 404 : CONFLICT_CODES.has(error.code) ? 409 : 422;
  if (!error.problems.length) return new AppError(status, error.code, error.params);
  const problems = error.problems.map((p) => ({ elementType: p.elementType, elementId: p.elementId, code: p.code, message: lintText(language, p) }));
  const key = problems.length > 1 ? 'workflow.unsupportedMore' : error.code;
  return new AppError(status, key, { ...error.params, detail: problems[0].message, more: problems.length - 1 }, undefined, problems);
}

/** A lint problem in `language`; the engine's English when the messages lack its code. */
export function lintText(language: Language, problem: { code: string; params: Record<string, string>; message?: string }): string {
  const key = `workflow.lint${problem.code.charAt(0).toUpperCase()}${problem.code.slice(1)}`;
  const text = translate(language, key, problem.params);
  return text === key ? (problem.message ?? key) : text;
}

const engines = new WeakMap<object, WorkflowEngine>();
/**
 * One engine per database (it caches compiled definitions), with the organisation's resolver and
 * the data sources SQL rules name, delegations, service tasks, reminders and the templates that
 * may start on a message or signal.
 */
export function engineFor({ db, config, audit }: Pick<ModuleDeps, 'db' | 'config' | 'audit'>): WorkflowEngine {
  let engine = engines.get(db);
  if (!engine) {
    const sources = dataSourceApprovers(dataSourcesOf({ config }), audit);
    engine = new WorkflowEngine({
      resolver: {
        resolve: (tx, rule, context) =>
          rule.kind === 'sql' && rule.dataSource ? sources.resolve(tx, rule.dataSource, context) : organisationResolver.resolve(tx, rule, context),
        hasDataSource: sources.has,
      },
      delegation: delegatesPort,
      services: servicePort(config, audit),
      reminders: reminderPort,
      notifications: notificationPort,
      startable: templateEnabled,
    });
    engines.set(db, engine);
  }
  return engine;
}

export function paged<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, current: q.current, size: q.size, totalExact: true, nextCursor: null };
}
/** The approval state label: approving while the process runs, approved once it ended. */
export const statusOf = (state: string) => (state === 'running' || state === 'suspended' ? 'approving' : state === 'completed' ? 'approved' : state);
