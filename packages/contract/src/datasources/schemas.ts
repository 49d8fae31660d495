import { z } from 'zod';
import { id, idList, idParam, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** The kinds of value a data source's parameter takes. */
export const PARAMETER_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** A parameter the query names as `@name`, typed, with a default for when a call leaves it out. */
export const dataSourceParameter = z.object({
  name: z.string({ message: 'datasources.parameterNameInvalid' }).regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, { message: 'datasources.parameterNameInvalid' }),
  label: text('short').default(''),
  type: z.enum(PARAMETER_TYPES, { message: 'datasources.parameterTypeInvalid' }).default('text'),
  required: z.boolean({ message: 'common.badRequest' }).default(false),
  /** As typed in the form; '' for none. */
  defaultValue: text('standard').default(''),
});
export type DataSourceParameter = z.infer<typeof dataSourceParameter>;

/** A named query on a database link, which forms, approver rules, exports and interfaces read. */
export const dataSource = z
  .object({
    id: z.number(),
    name: z.string(),
    linkId: z.number(),
    linkName: z.string(),
    sql: z.string(),
    parameters: z.array(dataSourceParameter),
    /** For a tree: the column holding a row's id, and the one holding its parent's. */
    idColumn: z.string(),
    parentColumn: z.string(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'DataSource' });
export type DataSource = z.infer<typeof dataSource>;

/** The longest query a data source may hold. */
export const DATA_SOURCE_SQL_MAX = 20_000;

const sqlText = z
  .string({ message: 'datasources.sqlRequired' })
  .trim()
  .min(1, { message: 'datasources.sqlRequired' })
  .max(DATA_SOURCE_SQL_MAX, { message: 'datasources.sqlTooLong' })
  .refine((value) => !value.includes('\u0000'), { message: 'validation.nulCharacter' });

const columnName = text('standard');

const parameters = z
  .array(dataSourceParameter, { message: 'common.badRequest' })
  .max(20, { message: 'datasources.tooManyParameters' })
  .refine((list) => new Set(list.map((p) => p.name)).size === list.length, { message: 'datasources.parameterTwice' })
  .default([]);

/** Creates a data source (no id) or updates one; the query is checked on its link before it is kept. */
export const dataSourceSubmit = z.object({
  id: id.optional(),
  name: requiredText('standard', 'datasources.nameRequired'),
  linkId: id,
  sql: sqlText,
  parameters,
  idColumn: columnName.default(''),
  parentColumn: columnName.default(''),
  sort: z
    .number({ message: 'datasources.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
});
export type DataSourceSubmit = z.input<typeof dataSourceSubmit>;

/** A parameter's value as a call gives it. */
/** Leave a parameter out for its default (or null). */
export const parameterValue = z.union([z.string().max(1000), z.number(), z.boolean()]);
export const parameterValues = z.record(z.string(), parameterValue, { message: 'datasources.valuesInvalid' });
export type ParameterValues = z.infer<typeof parameterValues>;

/** The parameters' values in a query string: one JSON object (`params={"dept":"sales"}`). */
const valuesParam = z
  .string()
  .max(8000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      const parsed = parameterValues.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'datasources.valuesInvalid' });
    return z.NEVER;
  });

/** Trying a query before it is kept: the first rows it returns with the values given. */
export const dataSourcePreview = z.object({
  linkId: id,
  sql: sqlText,
  parameters,
  values: parameterValues.default({}),
});

export const dataSourceSearch = z.object({ name: searchText, linkId: queryInt(1, 2_147_483_647).optional() });
export const dataSourceListQuery = pageQuery.extend(dataSourceSearch.shape);
export const dataSourceIdParams = z.object({ id: idParam });
/** A column of a data source's result, by name: what a dropdown reads its values and labels from. */
export const dataSourceColumn = requiredText('standard', 'datasources.columnRequired');
export const dataSourceColumnParams = z.object({ id: idParam, column: dataSourceColumn });
export const dataSourceRemoveQuery = z.object({ ids: idList });
export const dataSourceRemoved = z.object({ removed: z.number().int() });
export const dataSourceValuesQuery = z.object({ params: valuesParam });
export const dataSourceDataQuery = z.object({
  params: valuesParam,
  current: queryInt(1, 100_000, 'common.badRequest').default(1),
  size: queryInt(1, 500, 'common.badRequest').default(20),
});

export const dataSourceBrief = z.object({ id: z.number(), name: z.string(), linkId: z.number() });

export const resultColumn = z.object({ name: z.string(), type: z.string() });

/** A page of a data source's rows, each by column name (strings, numbers, booleans or null). */
export const dataSourcePage = z.object({
  columns: z.array(resultColumn),
  records: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
  totalExact: z.boolean(),
  current: z.number().int(),
  size: z.number().int(),
});
export type DataSourcePage = z.infer<typeof dataSourcePage>;

/** A row of a data source's tree: its columns, and the rows whose parent column names it. */
export interface DataSourceNode {
  [column: string]: unknown;
  children: DataSourceNode[];
}
export const dataSourceNode: z.ZodType<DataSourceNode> = z
  .object({
    get children() {
      return z.array(dataSourceNode);
    },
  })
  .catchall(z.unknown())
  .meta({ id: 'DataSourceNode' });
