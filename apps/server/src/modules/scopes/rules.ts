import { DATA_SCOPE_TYPE, type dataScopeBody, LIST_OPERATORS, NUMBER_OPERATORS, type ScopeOperator, TEXT_OPERATORS } from '@macro/contract/scopes';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DataResource, scopedColumn } from '../../platform/dataScope.ts';
import { badRequest } from '../../platform/errors.ts';
import { containing } from '../../platform/list.ts';

/** A data scope as the predicate needs it. */
export interface ScopeRule {
  scopeType: number;
  scopeColumn: string;
  scopeOperator: string;
  scopeValues: readonly string[];
}

/** Who the predicate is for: the user, their department and, for "department and below", its subtree. */
export interface ScopeSubject {
  userId: number;
  deptId: number | null;
  /** The department and every department below it (empty when not needed or no department). */
  subtree: readonly number[];
}

const WHOLE_NUMBER = /^-?\d{1,10}$/;

/**
 * Checks a scope against the resource its code names and fills its column: the declared
 * department column for types 3 and 4, the owner column for 5, the rule's own (declared) column
 * for 6. Only a custom rule carries an operator and values.
 */
export function normaliseScope(resource: DataResource | undefined, body: z.output<typeof dataScopeBody>): ScopeRule {
  if (!resource) throw badRequest('scopes.resourceUnknown', { code: body.resourceCode });
  const custom = body.scopeType === DATA_SCOPE_TYPE.custom;
  if (!custom) {
    if (body.scopeOperator !== '' || body.scopeValues.length) throw badRequest('scopes.ruleOnlyCustom');
    const scopeColumn =
      body.scopeType === DATA_SCOPE_TYPE.ownDept || body.scopeType === DATA_SCOPE_TYPE.deptAndBelow
        ? resource.dept
        : body.scopeType === DATA_SCOPE_TYPE.ownRows
          ? resource.owner
          : '';
    return { scopeType: body.scopeType, scopeColumn, scopeOperator: '', scopeValues: [] };
  }
  const column = body.scopeColumn;
  if (!column) throw badRequest('scopes.ruleColumnRequired');
  const kind = resource.fields[column];
  if (!kind) throw badRequest('scopes.ruleColumnUnknown', { column, code: resource.code });
  const operator = body.scopeOperator as ScopeOperator | '';
  if (!operator) throw badRequest('scopes.ruleOperatorRequired');
  if (!(kind === 'text' ? TEXT_OPERATORS : NUMBER_OPERATORS).includes(operator)) throw badRequest('scopes.ruleOperatorKind', { operator, column });
  const values = body.scopeValues;
  if (!values.length) throw badRequest('scopes.ruleValuesRequired');
  if (!LIST_OPERATORS.includes(operator) && values.length !== 1) throw badRequest('scopes.ruleOneValue', { operator });
  if (kind === 'number' && !values.every((v) => WHOLE_NUMBER.test(v))) throw badRequest('scopes.ruleNumber', { column });
  return { scopeType: body.scopeType, scopeColumn: column, scopeOperator: operator, scopeValues: [...values] };
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A custom rule as SQL: a declared column, a whitelisted operator, values as parameters. */
function customPredicate(resource: DataResource, rule: ScopeRule): SQL {
  const kind = resource.fields[rule.scopeColumn];
  // A rule whose column the domain no longer declares shows nothing rather than everything.
  if (!kind) return sql`false`;
  const column = scopedColumn(rule.scopeColumn);
  const values = kind === 'number' ? rule.scopeValues.map(Number) : rule.scopeValues;
  if (!values.length) return sql`false`;
  const [first] = values;
  switch (rule.scopeOperator as ScopeOperator) {
    case 'eq':
      return sql`${column} = ${first}`;
    case 'ne':
      return sql`${column} is distinct from ${first}`;
    case 'in':
      return sql`${column} in (${list(values)})`;
    case 'notIn':
      return sql`not coalesce(${column} in (${list(values)}), false)`;
    case 'contains':
      return kind === 'text' ? sql`${column} ilike ${containing(String(first))}` : sql`false`;
    case 'gt':
      return sql`${column} > ${first}`;
    case 'ge':
      return sql`${column} >= ${first}`;
    case 'lt':
      return sql`${column} < ${first}`;
    case 'le':
      return sql`${column} <= ${first}`;
    default:
      return sql`false`;
  }
}

/** One scope as SQL on `t`. */
function rulePredicate(resource: DataResource, rule: ScopeRule, subject: ScopeSubject): SQL {
  switch (rule.scopeType) {
    case DATA_SCOPE_TYPE.all:
    case DATA_SCOPE_TYPE.tenant:
      // Row-level security already keeps every query inside the tenant.
      return sql`true`;
    case DATA_SCOPE_TYPE.ownDept:
      return subject.deptId === null ? sql`false` : sql`${scopedColumn(resource.dept)} = ${subject.deptId}`;
    case DATA_SCOPE_TYPE.deptAndBelow:
      // A small list of ids against the department column's index, never a recursive join per row.
      return subject.subtree.length ? sql`${scopedColumn(resource.dept)} in (${list(subject.subtree)})` : sql`false`;
    case DATA_SCOPE_TYPE.ownRows:
      return sql`${scopedColumn(resource.owner)} = ${subject.userId}`;
    case DATA_SCOPE_TYPE.custom:
      return customPredicate(resource, rule);
    default:
      return sql`false`;
  }
}

/** The scopes of all the user's roles on one resource, combined with OR; no scope: no narrowing. */
export function scopesPredicate(resource: DataResource, rules: readonly ScopeRule[], subject: ScopeSubject): SQL {
  if (!rules.length) return sql`true`;
  if (rules.some((r) => r.scopeType === DATA_SCOPE_TYPE.all || r.scopeType === DATA_SCOPE_TYPE.tenant)) return sql`true`;
  return sql`(${sql.join(
    rules.map((rule) => sql`(${rulePredicate(resource, rule, subject)})`),
    sql` or `,
  )})`;
}
