import { z } from 'zod';
import { id, idList, idParam, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** The kinds of database a link can name; each is one driver on the server. */
export const DATABASE_KINDS = ['postgresql', 'mysql'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** The port each kind listens on unless told otherwise. */
export const DEFAULT_PORTS: Record<DatabaseKind, number> = { postgresql: 5432, mysql: 3306 };

/**
 * A link to another database of the company, as every call returns it: the password never
 * leaves the server, `hasPassword` says whether one is stored.
 */
export const databaseLink = z
  .object({
    id: z.number(),
    name: z.string(),
    kind: z.enum(DATABASE_KINDS),
    host: z.string(),
    port: z.number(),
    database: z.string(),
    username: z.string(),
    hasPassword: z.boolean(),
    ssl: z.boolean(),
    /** PostgreSQL: the schema browsed (public when blank). MySQL: unused (the database is the schema). */
    schema: z.string(),
    groupName: z.string(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'DatabaseLink' });
export type DatabaseLink = z.infer<typeof databaseLink>;

/** A host name or an IP address, as a driver connects to it (no scheme, port or path). */
const host = requiredText('standard', 'databaselinks.hostRequired').refine(
  (value) => /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]+|[A-Za-z0-9_.-]+)$/.test(value),
  {
    message: 'databaselinks.hostInvalid',
  },
);
const port = z
  .number({ message: 'databaselinks.portInvalid' })
  .int({ message: 'databaselinks.portInvalid' })
  .min(1, { message: 'databaselinks.portInvalid' })
  .max(65535, { message: 'databaselinks.portInvalid' });
/** A password as typed: absent keeps the stored one, "" removes it. */
const password = z
  .string({ message: 'validation.notText' })
  .max(200, { message: 'databaselinks.passwordTooLong' })
  .refine((value) => !value.includes('\u0000'), { message: 'validation.nulCharacter' })
  .optional();
const schemaName = text('short').refine((value) => /^[A-Za-z0-9_$]*$/.test(value), { message: 'databaselinks.schemaInvalid' });

/** Where a link points and how it signs in: what a connection test needs. */
export const databaseTarget = z.object({
  kind: z.enum(DATABASE_KINDS, { message: 'databaselinks.kindRequired' }),
  host,
  port,
  database: requiredText('standard', 'databaselinks.databaseRequired'),
  username: requiredText('standard', 'databaselinks.usernameRequired'),
  password,
  ssl: z.boolean({ message: 'common.badRequest' }).default(false),
  schema: schemaName.default(''),
});

/** Creates a link (no id) or updates one; a password is sent only when it changes. */
export const databaseLinkSubmit = databaseTarget.extend({
  id: id.optional(),
  name: requiredText('standard', 'databaselinks.nameRequired'),
  groupName: text('short').default(''),
  sort: z
    .number({ message: 'databaselinks.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
});
export type DatabaseLinkSubmit = z.input<typeof databaseLinkSubmit>;

/** A connection test: of a saved link as it is (`id` alone), or of the form as typed (its password kept from `id` when not retyped). */
export const databaseLinkTest = databaseTarget.partial().extend({ id: id.optional() });
export type DatabaseLinkTest = z.input<typeof databaseLinkTest>;

export const databaseLinkTestResult = z.object({
  ok: z.boolean(),
  /** The server's version string when connected. */
  version: z.string(),
  /** Why not, in the reader's language (empty when connected). */
  reason: z.string(),
  /** Milliseconds from the request to the answer. */
  millis: z.number(),
});
export type DatabaseLinkTestResult = z.infer<typeof databaseLinkTestResult>;

export const databaseLinkSearch = z.object({ name: searchText, kind: z.enum(DATABASE_KINDS).optional(), groupName: searchText });
export const databaseLinkListQuery = pageQuery.extend(databaseLinkSearch.shape);
export const databaseLinkIdParams = z.object({ id: idParam });
export const databaseLinkRemoveQuery = z.object({ ids: idList });
export const databaseLinkRemoved = z.object({ removed: z.number().int() });

export const databaseLinkGroup = z.object({ name: z.string(), count: z.number().int() });

/** A table or a view of a linked database. */
export const linkedTable = z.object({ name: z.string(), kind: z.enum(['table', 'view']), comment: z.string() });
export type LinkedTable = z.infer<typeof linkedTable>;

/** A column of a linked table, as its database describes it. */
export const linkedColumn = z.object({
  name: z.string(),
  /** The type as the database names it (`character varying`, `varchar`, `int8`…). */
  type: z.string(),
  /** Characters, or digits for numbers; null when the type has none. */
  length: z.number().nullable(),
  nullable: z.boolean(),
  primaryKey: z.boolean(),
  defaultValue: z.string().nullable(),
  comment: z.string(),
});
export type LinkedColumn = z.infer<typeof linkedColumn>;

export const linkedTableWithColumns = linkedTable.extend({ columns: z.array(linkedColumn) });

/** A table name as a query parameter: the catalogue decides whether it exists. */
const tableName = requiredText('standard', 'databaselinks.tableRequired');

export const linkedTablesQuery = z.object({ id: idParam, name: searchText });
export const linkedColumnsQuery = z.object({ id: idParam, table: tableName });
export const linkedRowsQuery = z.object({
  table: tableName,
  current: queryInt(1, 100_000, 'common.badRequest').default(1),
  size: queryInt(1, 200, 'common.badRequest').default(20),
});

/** A page of a linked table's rows: values as JSON can carry them (big numbers and binaries as text). */
export const linkedRows = z.object({
  columns: z.array(z.string()),
  /** Each row by column name: a string, a number, a boolean or null. */
  records: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
  /** False when the table has more rows than the cap: total then reads the cap. */
  totalExact: z.boolean(),
  current: z.number().int(),
  size: z.number().int(),
});
export type LinkedRows = z.infer<typeof linkedRows>;
