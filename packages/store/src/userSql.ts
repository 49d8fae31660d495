import { POSTGRES_SYSTEM_COLUMNS } from '@macro/contract';
import { type SQL, sql } from 'drizzle-orm';
import { parse } from 'libpg-query';
import { rowsOf, type Tx } from './index.ts';

/*
 * SQL that administrators write (approver rules now; data sources, interfaces, exports and
 * scheduled queries later) runs only through this fence. It is checked with PostgreSQL's own
 * parser against allow-lists — of node kinds, relations, functions, operators and cast types —
 * so that anything not named here is refused: catalogue tables, file and large-object functions,
 * `set_config`, `query_to_xml`, advisory locks, `pg_sleep`, `COPY`, system columns. It then runs
 * in a read-only savepoint with a statement time-out and a row cap, and its failures report the
 * SQLSTATE and position only: the database's message text can quote values and stays in the log.
 */

/** What one kind of user-written SQL may read. */
export interface SqlFence {
  /** The relations made for it (views), by name; nothing else may be read. */
  relations: readonly string[];
  /** A column the query must return, named so in any case. */
  requiredColumn?: string;
  /** At most this many rows; one more fails the query. */
  rowCap?: number;
  /** Statement time-out, in milliseconds. */
  timeoutMs?: number;
  /** Whether the query may hold positional parameters ($1, $2…), whose values are sent apart. */
  parameters?: boolean;
}

/** Syntax the parser produces for plain reading queries: every node kind outside it is refused. */
const NODE_KINDS = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'A_Const',
  'A_Star',
  'A_Expr',
  'BoolExpr',
  'NullTest',
  'BooleanTest',
  'FuncCall',
  'TypeCast',
  'TypeName',
  'RangeVar',
  'JoinExpr',
  'Alias',
  'RangeSubselect',
  'SubLink',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'MinMaxExpr',
  'SortBy',
  'WithClause',
  'CommonTableExpr',
  'WindowDef',
  'A_ArrayExpr',
  'A_Indirection',
  'A_Indices',
  'RowExpr',
  'SQLValueFunction',
  'List',
  'GroupingSet',
]);

/** Comparison, string, number, date, null-handling, array, aggregate and window functions. */
const FUNCTIONS = new Set(
  `abs age array_agg array_length array_position array_to_string avg bool_and bool_or btrim cardinality ceil ceiling char_length
  character_length concat concat_ws count date_part date_trunc dense_rank every extract floor initcap left length lower lpad ltrim
  make_date make_interval make_time make_timestamp max min mod now octet_length overlay position power rank repeat replace reverse
  right round row_number rpad rtrim sign split_part sqrt starts_with string_agg string_to_array strpos substr substring sum
  timezone to_char to_date to_number to_timestamp translate trim trunc unnest upper`.split(/\s+/),
);

const OPERATORS = new Set(
  ['=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||', '~~', '~~*', '!~~', '!~~*', '@>', '<@', '&&'].concat([
    'BETWEEN',
    'NOT BETWEEN',
    'BETWEEN SYMMETRIC',
    'NOT BETWEEN SYMMETRIC',
  ]),
);

const EXPRESSION_KINDS = new Set([
  'AEXPR_OP',
  'AEXPR_OP_ANY',
  'AEXPR_OP_ALL',
  'AEXPR_DISTINCT',
  'AEXPR_NOT_DISTINCT',
  'AEXPR_NULLIF',
  'AEXPR_IN',
  'AEXPR_LIKE',
  'AEXPR_ILIKE',
  'AEXPR_BETWEEN',
  'AEXPR_NOT_BETWEEN',
  'AEXPR_BETWEEN_SYM',
  'AEXPR_NOT_BETWEEN_SYM',
]);

const CAST_TYPES = new Set(
  'bool boolean int2 int4 int8 smallint int integer bigint numeric decimal float4 float8 real text varchar bpchar char date time timetz timestamp timestamptz interval'.split(
    ' ',
  ),
);

/** Dates and times only: `current_user` and its kin name roles. */
const VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

/** PostgreSQL's system columns: every table has them, no view made for user SQL shows them. */
const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(POSTGRES_SYSTEM_COLUMNS);

type Node = Record<string, unknown>;
type Names = { String?: { sval: string } }[];

const namesOf = (list: unknown): string[] => ((list as Names | undefined) ?? []).map((n) => n.String?.sval ?? '');

/** A function, type or operator name: unqualified, or qualified with `pg_catalog` only. */
function builtinName(list: unknown): string | undefined {
  const names = namesOf(list);
  if (names.length === 1) return names[0];
  if (names.length === 2 && names[0] === 'pg_catalog') return names[1];
  return undefined;
}

/** What a query may name at one place in it: the fence's relations and the CTEs in scope there. */
interface Scope {
  relations: ReadonlySet<string>;
  ctes: ReadonlySet<string>;
  parameters: boolean;
}

/** Why a node refuses the query, or undefined; `nested` is true below the statement's own SELECT. */
function nodeProblem(kind: string, node: Node, scope: Scope, nested: boolean): string | undefined {
  if (kind === 'ParamRef' && scope.parameters) return undefined;
  if (!NODE_KINDS.has(kind)) return `not allowed: ${kind}`;
  switch (kind) {
    case 'SelectStmt':
      if (node.intoClause) return 'not allowed: SELECT INTO';
      if (node.lockingClause) return 'not allowed: row locks';
      if (node.withClause && nested) return 'not allowed: WITH inside a subquery (put it at the top)';
      return undefined;
    case 'RangeVar': {
      const name = String(node.relname ?? '');
      if (node.schemaname || node.catalogname) return `not allowed: relation ${[node.catalogname, node.schemaname, name].filter(Boolean).join('.')}`;
      return scope.relations.has(name) || scope.ctes.has(name) ? undefined : `not allowed: relation ${name}`;
    }
    case 'FuncCall': {
      const name = builtinName(node.funcname);
      return name && FUNCTIONS.has(name) ? undefined : `not allowed: function ${namesOf(node.funcname).join('.')}`;
    }
    case 'A_Expr': {
      const operator = builtinName(node.name);
      if (!EXPRESSION_KINDS.has(String(node.kind))) return `not allowed: ${String(node.kind).replace('AEXPR_', '').toLowerCase()} expression`;
      return operator && namesOf(node.name).length === 1 && OPERATORS.has(operator) ? undefined : `not allowed: operator ${namesOf(node.name).join('.')}`;
    }
    case 'TypeCast':
    case 'TypeName': {
      const type = (kind === 'TypeCast' ? node.typeName : node) as Node | undefined;
      const name = builtinName(type?.names);
      return name && CAST_TYPES.has(name) ? undefined : `not allowed: type ${namesOf(type?.names).join('.')}`;
    }
    case 'SQLValueFunction':
      return VALUE_FUNCTIONS.has(String(node.op)) ? undefined : `not allowed: ${String(node.op).replace('SVFOP_', '').toLowerCase()}`;
    case 'ColumnRef': {
      const last = namesOf((node.fields as Names).filter((f) => f.String)).pop();
      return last && SYSTEM_COLUMNS.has(last) ? `not allowed: system column ${last}` : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Checks every node below `value`. Node kinds are the keys that start with a capital; fields
 * typed as one kind of node (a SELECT's set-operation branches, a cast's type) carry no tag and
 * are checked by the node that holds them, or here for the branches.
 */
function walk(value: unknown, scope: Scope, nested: boolean): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = walk(item, scope, nested);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (!child || typeof child !== 'object') continue;
    const problem = /^[A-Z]/.test(key) && !Array.isArray(child) ? checkNode(key, child as Node, scope, nested) : walk(child, scope, nested);
    if (problem) return problem;
  }
  return undefined;
}

function checkNode(kind: string, node: Node, scope: Scope, nested: boolean): string | undefined {
  const problem = nodeProblem(kind, node, scope, nested);
  if (problem) return problem;
  if (kind !== 'SelectStmt') return walk(node, scope, nested);
  // Below a SELECT everything is nested; its set-operation branches are SELECTs themselves.
  const { larg, rarg, ...rest } = node;
  for (const branch of [larg, rarg]) {
    const found = branch ? checkNode('SelectStmt', branch as Node, scope, true) : undefined;
    if (found) return found;
  }
  return walk(rest, scope, true);
}

/**
 * The statement's own WITH: a CTE sees the CTEs before it (all of them when RECURSIVE), the
 * main query sees all. Anything else by a CTE's name would be a real relation of that name.
 */
function checkStatement(select: Node, relations: ReadonlySet<string>, parameters: boolean): string | undefined {
  const clause = select.withClause as { recursive?: boolean; ctes?: { CommonTableExpr: Node & { ctename: string } }[] } | undefined;
  const ctes = (clause?.ctes ?? []).map((c) => c.CommonTableExpr);
  const names = ctes.map((c) => c.ctename);
  for (const [i, cte] of ctes.entries()) {
    const visible = new Set(clause?.recursive ? names : names.slice(0, i));
    const problem = checkNode('CommonTableExpr', cte, { relations, ctes: visible, parameters }, true);
    if (problem) return problem;
  }
  const { withClause: _, ...main } = select;
  return checkNode('SelectStmt', main, { relations, ctes: new Set(names), parameters }, false);
}

interface Parsed {
  stmts: { stmt: Node; stmt_location?: number; stmt_len?: number }[];
}

/** The column names of the query's first (or only) branch: `*` where it has one. */
function outputNames(select: Node): string[] {
  let outer = select;
  while (outer.larg) outer = outer.larg as Node;
  const targets = (outer.targetList as { ResTarget: { name?: string; val?: { ColumnRef?: { fields: Names } } } }[]) ?? [];
  return targets.map(({ ResTarget: t }) => t.name ?? namesOf(t.val?.ColumnRef?.fields ?? []).pop() ?? '');
}

/**
 * Checks user-written SQL against the fence: one SELECT that reads only the fence's relations
 * and calls only allowed functions, operators and casts. Returns why it is refused, naming what
 * is not allowed, or undefined.
 */
export async function userSqlProblem(text: string, fence: SqlFence): Promise<string | undefined> {
  let tree: Parsed;
  try {
    tree = (await parse(text)) as Parsed;
  } catch (error) {
    return `not valid SQL: ${(error as Error).message}`;
  }
  if (tree.stmts.length !== 1) return 'exactly one statement is allowed';
  const select = tree.stmts[0].stmt.SelectStmt as Node | undefined;
  if (!select) return 'only a SELECT is allowed';
  const problem = checkStatement(select, new Set(fence.relations), fence.parameters ?? false);
  if (problem) return problem;
  if (fence.requiredColumn) {
    // PostgreSQL folds an unquoted name to lower case: F_UserId and "F_UserId" are the same column here.
    const names = outputNames(select);
    const required = fence.requiredColumn.toLowerCase();
    if (!names.some((n) => n.toLowerCase() === required)) {
      const found = names.filter(Boolean).join(', ') || 'none';
      return `the query must return a column named ${fence.requiredColumn} (found: ${found})`;
    }
  }
  return undefined;
}

/** A user query failed at run time: its SQLSTATE and the position in the text, never the database's message. */
export class UserSqlError extends Error {
  constructor(
    readonly sqlState: string,
    readonly position: number | undefined,
  ) {
    super(`SQLSTATE ${sqlState}${position ? ` at position ${position}` : ''}`);
    this.name = 'UserSqlError';
  }
}

/** A query refused by the fence before it ran. */
export class UserSqlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UserSqlRefused';
  }
}

const DEFAULT_TIMEOUT_MS = 3000;
const DEFAULT_ROW_CAP = 1000;

/**
 * The parser counts in bytes of UTF-8, strings in UTF-16 units: a query with Chinese text before
 * a place would otherwise be cut in the wrong place.
 */
const bytesOf = (text: string) => Buffer.from(text, 'utf8');

/** The one statement of a parsed text: its bytes without a trailing `;`, and where it starts (bytes and characters). */
function statementIn(tree: Parsed, text: string) {
  const [only] = tree.stmts;
  const bytes = bytesOf(text);
  const from = only.stmt_location ?? 0;
  return {
    node: only.stmt,
    bytes: bytes.subarray(from, only.stmt_len ? from + only.stmt_len : bytes.length),
    from,
    start: bytes.subarray(0, from).toString('utf8').length,
  };
}

/** The text of the one statement the parser found, without a trailing `;`; `start` in characters. */
export async function statementOf(text: string): Promise<{ statement: string; start: number }> {
  const { bytes, start } = statementIn((await parse(text)) as Parsed, text);
  return { statement: bytes.toString('utf8'), start };
}

/** The smallest source position in a parse subtree, and whether it holds a `$n`. */
function reach(tree: unknown): { first: number; parameter: boolean } {
  let first = Number.POSITIVE_INFINITY;
  let parameter = false;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'ParamRef') parameter = true;
      if (key === 'location' && typeof inner === 'number' && inner >= 0) first = Math.min(first, inner);
      else visit(inner);
    }
  };
  visit(tree);
  return { first, parameter };
}

/**
 * The statement without the ORDER BY that closes it, when it has one and no LIMIT or OFFSET of
 * its own: the same rows in no promised order, which is all a count of them needs (sorting every
 * match first made a capped count cost more than the page). Undefined when there is no such
 * clause, or when it cannot be cut cleanly (a `$n` or a parenthesis in its first key).
 */
export async function withoutClosingOrder(text: string): Promise<string | undefined> {
  const tree = (await parse(text)) as Parsed;
  if (tree.stmts.length !== 1) return undefined;
  const { node, bytes, from } = statementIn(tree, text);
  const select = node.SelectStmt as Node | undefined;
  const sort = select?.sortClause as unknown[] | undefined;
  if (!select || !sort?.length || select.limitCount || select.limitOffset || select.lockingClause) return undefined;
  const { first, parameter } = reach(sort);
  if (parameter || !Number.isFinite(first)) return undefined;
  const head = bytes.subarray(0, first - from).toString('utf8');
  const clause = /\border\s+by\s*$/i.exec(head);
  if (!clause) return undefined;
  const cut = head.slice(0, clause.index).trimEnd();
  // The cut is the same query unordered, or it is not used.
  const again = (await parse(cut).catch(() => undefined)) as Parsed | undefined;
  const only = again?.stmts.length === 1 ? (again.stmts[0].stmt.SelectStmt as Node | undefined) : undefined;
  return only && !only.sortClause ? cut : undefined;
}

/** Where each `$n` of the statement is, in bytes from its start, and how long it is. */
function parameterPlaces(tree: unknown, from: number, statement: Buffer): { number: number; at: number; length: number }[] {
  const places: { number: number; at: number; length: number }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'ParamRef' && child && typeof child === 'object') {
        const { number, location } = child as { number: number; location: number };
        const at = location - from;
        let end = at + 1;
        while (end < statement.length && statement[end] >= 0x30 && statement[end] <= 0x39) end++;
        places.push({ number, at, length: end - at });
      } else visit(child);
    }
  };
  visit(tree);
  return places.sort((a, b) => a.at - b.at);
}

/**
 * The statement with each `$n` replaced by a bound parameter holding `values[n - 1]`: the
 * values travel apart from the text, never written into it.
 */
async function boundStatement(text: string, values: readonly unknown[]): Promise<{ statement: SQL; start: number }> {
  const { node, bytes, from, start } = statementIn((await parse(text)) as Parsed, text);
  const chunks: SQL[] = [];
  let done = 0;
  for (const place of parameterPlaces(node, from, bytes)) {
    if (place.number < 1 || place.number > values.length) throw new UserSqlError('42P02', start + bytes.subarray(0, place.at).toString('utf8').length + 1);
    chunks.push(sql.raw(bytes.subarray(done, place.at).toString('utf8')), sql`${values[place.number - 1]}`);
    done = place.at + place.length;
  }
  chunks.push(sql.raw(bytes.subarray(done).toString('utf8')));
  return { statement: sql.join(chunks), start };
}

/** What one run reads of a checked query. */
export interface UserSqlRead {
  /** The values of the query's `$1`…`$n` (with a fence that allows parameters), sent apart from its text. */
  values?: readonly unknown[];
  /** One page of the result (at most the fence's row cap) instead of all of it. */
  page?: { limit: number; offset: number };
  /** How many rows the result has, counted up to this number + 1, instead of its rows (one row, `total`). */
  countUpTo?: number;
}

/** A fenced query's rows, and its columns (name and type oid), known even when no row comes back. */
export interface UserSqlResult {
  rows: Record<string, unknown>[];
  columns: { name: string; typeId: number }[];
}

const WRAP_HEAD = 'select * from (\n';
const COUNT_HEAD = 'select count(*) as total from (select 1 from (\n';

/** A whole number for a LIMIT or an OFFSET: never anything but digits reaches the text. */
const count = (value: number) => Math.max(0, Math.trunc(Number.isFinite(value) ? value : 0));

/**
 * Runs checked user SQL inside the caller's transaction, fenced by a savepoint that is read-only,
 * has a statement time-out and is always rolled back, so nothing the query does outlives it.
 * Throws UserSqlRefused for a query the fence refuses and UserSqlError when it fails; the
 * database's own text goes to the server log only. Runs on the caller's transaction, never on a
 * connection of its own: one savepoint at a time on it.
 */
export async function queryUserSql(tx: Tx, text: string, fence: SqlFence, read: UserSqlRead = {}, label = 'user SQL'): Promise<UserSqlResult> {
  const problem = await userSqlProblem(text, fence);
  if (problem) throw new UserSqlRefused(problem);
  const cap = fence.rowCap ?? DEFAULT_ROW_CAP;
  const timeout = Math.max(1, Math.trunc(fence.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  const { statement, start } = await boundStatement(text, read.values ?? []);
  // Wrapped as a subquery, so the cap holds whatever the query orders or limits.
  const head = read.countUpTo === undefined ? WRAP_HEAD : COUNT_HEAD;
  const tail =
    read.countUpTo !== undefined
      ? `\n) as user_sql limit ${count(read.countUpTo) + 1}) as capped`
      : read.page
        ? `\n) as user_sql limit ${Math.min(count(read.page.limit), cap + 1)} offset ${count(read.page.offset)}`
        : `\n) as user_sql limit ${cap + 1}`;
  await tx.execute(sql`savepoint user_sql`);
  try {
    await tx.execute(sql.raw('set local transaction_read_only = on'));
    await tx.execute(sql.raw(`set local statement_timeout = ${timeout}`));
    const result = (await tx.execute(sql.join([sql.raw(head), statement, sql.raw(tail)]))) as { fields?: { name: string; dataTypeID: number }[] };
    const rows = rowsOf<Record<string, unknown>>(result);
    if (rows.length > cap) throw new UserSqlError('54000', undefined);
    return { rows, columns: (result.fields ?? []).map((field) => ({ name: field.name, typeId: field.dataTypeID })) };
  } catch (error) {
    if (error instanceof UserSqlError) throw error;
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; position?: string | number; message?: string };
    console.warn(`${label} failed: ${cause.message ?? String(error)}`);
    const position = Number(cause.position);
    // The position is in the wrapped text; report it in the administrator's (roughly, past a parameter).
    const inText = Number.isFinite(position) && position > head.length ? position - head.length + start : undefined;
    throw new UserSqlError(typeof cause.code === 'string' ? cause.code : 'XX000', inText);
  } finally {
    await tx.execute(sql`rollback to savepoint user_sql`);
    await tx.execute(sql`release savepoint user_sql`);
  }
}

/** Every row of checked user SQL (up to the fence's cap; more fails with SQLSTATE 54000): see queryUserSql. */
export async function runUserSql(
  tx: Tx,
  text: string,
  fence: SqlFence,
  label = 'user SQL',
  values: readonly unknown[] = [],
): Promise<Record<string, unknown>[]> {
  return (await queryUserSql(tx, text, fence, { values }, label)).rows;
}
