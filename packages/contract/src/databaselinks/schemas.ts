import { z } from 'zod';
import { id, idList, idParam, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** The kinds of other database a link can name; each is one driver on the server. */
export const DATABASE_KINDS = ['postgresql', 'mysql'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/**
 * The console's own database: read-only, a fixed set of views made for queries administrators
 * write, read through the request's own login so that row-level security still applies. It has
 * no address or login of its own (docs/security.md, "Database links").
 */
export const PRODUCT_LINK = 'product';
/** Every kind of link: another database, or the console's own. */
export const LINK_KINDS = [...DATABASE_KINDS, PRODUCT_LINK] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

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
    kind: z.enum(LINK_KINDS),
    /** Blank (port 0) for the console's own database, as are the database, the user and the schema. */
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

/** What every link has, whatever it points at. */
const linkRecord = {
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
};

/** A link to another database: where it points and how it signs in. */
const otherDatabaseLink = databaseTarget.extend(linkRecord);

/**
 * A link to the console's own database: it connects as the request itself, so it has no host,
 * port, database, user, password, SSL or schema; any sent are ignored (and kept blank).
 */
const productLink = z.object({ kind: z.literal(PRODUCT_LINK), ...linkRecord });

/** Creates a link (no id) or updates one; a password is sent only when it changes. */
export const databaseLinkSubmit = z.discriminatedUnion('kind', [otherDatabaseLink, productLink], { message: 'databaselinks.kindRequired' });
export type DatabaseLinkSubmit = z.input<typeof databaseLinkSubmit>;

/**
 * The link dialog's inputs, one set for every kind: a link to another database's fields, any kind
 * allowed. The dialog shows the connection's fields only for the kinds that have them.
 */
export const databaseLinkForm = otherDatabaseLink.extend({ kind: z.enum(LINK_KINDS, { message: 'databaselinks.kindRequired' }) });

/**
 * A connection test: of a saved link as it is (`id` alone), or of the form as typed (its password
 * kept from `id` when not retyped). The console's own database answers with its version.
 */
export const databaseLinkTest = databaseTarget
  .partial()
  .extend({ id: id.optional(), kind: z.enum(LINK_KINDS, { message: 'databaselinks.kindRequired' }).optional() });
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

export const databaseLinkSearch = z.object({ name: searchText, kind: z.enum(LINK_KINDS).optional(), groupName: searchText });
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

/** Column types a table designed in the console can have, written in each database's own words on release. */
export const COLUMN_TYPES = ['varchar', 'text', 'int', 'bigint', 'decimal', 'boolean', 'date', 'datetime', 'json'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** A table or column name a release may write: letters, digits and underscores, not starting with a digit. */
export const sqlIdentifier = z
  .string({ message: 'databaselinks.identifierInvalid' })
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, { message: 'databaselinks.identifierInvalid' });

/** One column of a table design. */
export const draftColumn = z.object({
  name: sqlIdentifier,
  type: z.enum(COLUMN_TYPES, { message: 'databaselinks.columnTypeInvalid' }),
  /** Characters of a varchar, digits of a decimal; null for the other types. */
  length: z.number().int().min(1, { message: 'databaselinks.lengthInvalid' }).max(65535, { message: 'databaselinks.lengthInvalid' }).nullable().default(null),
  /** Digits after the point of a decimal. */
  scale: z.number().int().min(0, { message: 'databaselinks.lengthInvalid' }).max(30, { message: 'databaselinks.lengthInvalid' }).nullable().default(null),
  nullable: z.boolean({ message: 'common.badRequest' }).default(true),
  primaryKey: z.boolean({ message: 'common.badRequest' }).default(false),
  /** A literal of the column's type, `now` for the current date or time; '' for none. */
  defaultValue: z.string({ message: 'validation.notText' }).max(200, { message: 'databaselinks.defaultInvalid' }).default(''),
  comment: text('standard').default(''),
});
export type DraftColumn = z.infer<typeof draftColumn>;

const draftColumns = z
  .array(draftColumn, { message: 'common.badRequest' })
  .min(1, { message: 'databaselinks.columnsRequired' })
  .max(200, { message: 'databaselinks.tooManyColumns' })
  .refine((columns) => new Set(columns.map((c) => c.name.toLowerCase())).size === columns.length, { message: 'databaselinks.columnTwice' });

/** A table designed for a link, kept until it is released (created, or altered by adding columns). */
export const databaseDraft = z
  .object({
    id: z.number(),
    linkId: z.number(),
    tableName: z.string(),
    comment: z.string(),
    columns: z.array(draftColumn),
    /** When it was last released; null while never. */
    releasedAt: z.string().nullable(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'DatabaseDraft' });
export type DatabaseDraft = z.infer<typeof databaseDraft>;

export const databaseDraftSubmit = z.object({
  id: id.optional(),
  linkId: id,
  tableName: sqlIdentifier,
  comment: text('standard').default(''),
  columns: draftColumns,
});
export type DatabaseDraftSubmit = z.input<typeof databaseDraftSubmit>;

export const databaseDraftListQuery = z.object({ linkId: queryInt(1, 2_147_483_647).optional() });
export const draftRelease = z.object({ draftId: id });

/** What releasing a draft would do, or did: the statements in the link's own SQL, and what stops it. */
export const releasePlan = z.object({
  tableName: z.string(),
  /** Whether the table is there already (then only new columns are added). */
  exists: z.boolean(),
  statements: z.array(z.string()),
  /** Why it cannot be released, in the reader's language; empty when it can. */
  problems: z.array(z.string()),
  /** Columns of the table the draft leaves out: they stay. */
  kept: z.array(z.string()),
  /** True once the statements have run. */
  done: z.boolean(),
});
export type ReleasePlan = z.infer<typeof releasePlan>;

export const tableNameCheckQuery = z.object({ id: idParam, name: z.string().max(200).default('') });
export const tableNameCheck = z.object({ ok: z.boolean(), reason: z.string() });

/** An existing table's columns as a design starts from them; `type` null where no design type fits. */
export const existingField = draftColumn.extend({ type: z.enum(COLUMN_TYPES).nullable(), nativeType: z.string() });

/** A reusable column (常用字段): picked into designs instead of being typed again. */
export const databaseField = draftColumn.extend({ id: z.number(), sort: z.number() }).meta({ id: 'DatabaseField' });
export type DatabaseField = z.infer<typeof databaseField>;
export const databaseFieldSubmit = draftColumn.extend({
  id: id.optional(),
  sort: z.number({ message: 'common.badRequest' }).int().min(0).max(99999).default(1),
});
