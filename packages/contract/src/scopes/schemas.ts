import { z } from 'zod';
import { id, idList, idParam, pageQuery, queryInt, INT_MAX } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/**
 * What a data scope lets a role see of a resource. Several scopes of the user's roles on one
 * resource combine with OR; a user none of whose roles holds a scope on a resource is not
 * narrowed there (scopes narrow what the API scope allows, they never widen it).
 */
export const DATA_SCOPE_TYPE = {
  all: 1,
  tenant: 2,
  ownDept: 3,
  deptAndBelow: 4,
  ownRows: 5,
  custom: 6,
} as const;
export type DataScopeType = (typeof DATA_SCOPE_TYPE)[keyof typeof DATA_SCOPE_TYPE];
export const DATA_SCOPE_TYPES = Object.values(DATA_SCOPE_TYPE);

/** Operators of a custom rule; `contains` only on text columns, the comparisons only on numbers. */
export const SCOPE_OPERATORS = ['eq', 'ne', 'in', 'notIn', 'contains', 'gt', 'ge', 'lt', 'le'] as const;
export type ScopeOperator = (typeof SCOPE_OPERATORS)[number];
/** Operators that take a list of values; the others take exactly one. */
export const LIST_OPERATORS: readonly ScopeOperator[] = ['in', 'notIn'];
export const TEXT_OPERATORS: readonly ScopeOperator[] = ['eq', 'ne', 'in', 'notIn', 'contains'];
export const NUMBER_OPERATORS: readonly ScopeOperator[] = ['eq', 'ne', 'in', 'notIn', 'gt', 'ge', 'lt', 'le'];
/** How many values a rule may list. */
export const SCOPE_VALUES_MAX = 50;

/** API scopes: interfaces of the platform itself, or of a business domain. */
export const API_SCOPE_TYPE = { system: 1, business: 2 } as const;

/** A column name as a domain declares it (letters, digits, underscore). */
const columnName = z.string({ message: 'scopes.columnInvalid' }).regex(/^([a-z_][a-z0-9_]{0,62})?$/, { message: 'scopes.columnInvalid' });

export const dataScope = z
  .object({
    id: z.number(),
    menuId: z.number(),
    menuName: z.string(),
    resourceCode: z.string(),
    scopeName: z.string(),
    /** The column the scope tests: the declared department or owner column, or the rule's column. */
    scopeColumn: z.string(),
    scopeType: z.number(),
    scopeOperator: z.string(),
    scopeValues: z.array(z.string()),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'DataScope' });
export type DataScope = z.infer<typeof dataScope>;

const scopeValue = z.string().trim().min(1, { message: 'scopes.valueRequired' }).max(100, { message: 'scopes.valueTooLong' });

export const dataScopeBody = z.object({
  menuId: id,
  resourceCode: requiredText('standard', 'scopes.resourceRequired'),
  scopeName: requiredText('standard', 'scopes.nameRequired'),
  scopeType: z.union(
    [
      z.literal(DATA_SCOPE_TYPE.all),
      z.literal(DATA_SCOPE_TYPE.tenant),
      z.literal(DATA_SCOPE_TYPE.ownDept),
      z.literal(DATA_SCOPE_TYPE.deptAndBelow),
      z.literal(DATA_SCOPE_TYPE.ownRows),
      z.literal(DATA_SCOPE_TYPE.custom),
    ],
    { message: 'scopes.typeRequired' },
  ),
  /** Custom rule (type 6) only: the declared column, the operator and its values. */
  scopeColumn: columnName.default(''),
  scopeOperator: z.enum([...SCOPE_OPERATORS, ''], { message: 'scopes.operatorInvalid' }).default(''),
  scopeValues: z.array(scopeValue).max(SCOPE_VALUES_MAX, { message: 'scopes.tooManyValues' }).default([]),
  remark: text('description').default(''),
});
export type DataScopeBody = z.input<typeof dataScopeBody>;
/** `save` creates (no id); `update` changes the scope `id`. */
export const dataScopeUpdate = dataScopeBody.extend({ id });

export const scopeListQuery = pageQuery.extend({
  menuId: queryInt(1, INT_MAX).optional(),
  scopeName: searchText,
  resourceCode: searchText,
});
export const scopeDetailQuery = z.object({ id: idParam });
export const scopeRemoveQuery = z.object({ ids: idList });
export const scopeRemoved = z.object({ removed: z.number().int() });

export const apiScope = z
  .object({
    id: z.number(),
    menuId: z.number(),
    menuName: z.string(),
    resourceCode: z.string(),
    scopeName: z.string(),
    /** The permission code the scope grants (the code a route declares). */
    scopePath: z.string(),
    scopeType: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'ApiScope' });
export type ApiScope = z.infer<typeof apiScope>;

export const apiScopeSubmit = z.object({
  id: id.optional(),
  menuId: id,
  resourceCode: requiredText('standard', 'scopes.resourceRequired'),
  scopeName: requiredText('standard', 'scopes.nameRequired'),
  scopePath: requiredText('standard', 'scopes.pathRequired').refine((v) => /^[\w-]+(:[\w-]+)*$/.test(v), { message: 'scopes.pathInvalid' }),
  scopeType: z
    .union([z.literal(API_SCOPE_TYPE.system), z.literal(API_SCOPE_TYPE.business)], { message: 'scopes.typeRequired' })
    .default(API_SCOPE_TYPE.business),
  remark: text('description').default(''),
});
export type ApiScopeSubmit = z.input<typeof apiScopeSubmit>;

/** A resource a domain declared for data scopes: its code and the columns a rule may test. */
export const dataResource = z
  .object({
    code: z.string(),
    ownerColumn: z.string(),
    deptColumn: z.string(),
    fields: z.array(z.object({ name: z.string(), kind: z.enum(['text', 'number']) })),
  })
  .meta({ id: 'DataResource' });
export type DataResourceInfo = z.infer<typeof dataResource>;

/** A menu of the scope screens' left-hand tree, with how many scopes it holds. */
export interface ScopeMenuNode {
  id: number;
  parentId: number;
  code: string;
  name: string;
  i18n: string;
  children: ScopeMenuNode[];
}
export const scopeMenuNode: z.ZodType<ScopeMenuNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    code: z.string(),
    name: z.string(),
    i18n: z.string(),
    get children() {
      return z.array(scopeMenuNode);
    },
  })
  .meta({ id: 'ScopeMenuNode' });

/** One menu and the scopes under it, for the role grant dialog's tabs. */
export const scopeGrantGroup = z
  .object({
    menuId: z.number(),
    menuName: z.string(),
    i18n: z.string(),
    scopes: z.array(z.object({ id: z.number(), scopeName: z.string(), detail: z.string() })),
  })
  .meta({ id: 'ScopeGrantGroup' });
export type ScopeGrantGroup = z.infer<typeof scopeGrantGroup>;
