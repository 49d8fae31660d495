import type { DatabaseKind, LinkedColumn, LinkedTable } from '@macro/contract/databaselinks';
import type { Dialect } from './ddl.ts';

/** Where a link connects, as checked: `address` is the one the host resolved to and was allowed. */
export interface LinkTarget {
  kind: DatabaseKind;
  /** The host as written, for TLS's server name. */
  host: string;
  address: string;
  port: number;
  database: string;
  username: string;
  password: string;
  ssl: boolean;
  /** PostgreSQL's schema browsed ('' is public). */
  schema: string;
}

/** The time limits every link's connections keep. */
export interface LinkLimits {
  connectMs: number;
  statementMs: number;
}

/** Values a row can carry to the console as JSON. */
export type CellValue = string | number | boolean | null;

/** A page of a table, and how many rows it has up to the cap (`exact` false beyond). */
export interface RowsPage {
  columns: string[];
  records: Record<string, CellValue>[];
  total: number;
}

/**
 * The connections of one link (a small pool, idle connections closed), read-only: browsing a
 * link never writes. Table names reach a statement only after the catalogue has named them.
 */
export interface LinkConnection {
  version(): Promise<string>;
  /** Tables and views whose name contains `name` ('' for all), by name, at most `limit`. */
  tables(name: string, limit: number): Promise<LinkedTable[]>;
  /** Columns of the tables named, each table's in its order. */
  columns(tables: readonly string[]): Promise<Map<string, LinkedColumn[]>>;
  /** A page of a table the catalogue knows, in primary-key order when there is one; the total counted up to `cap`. */
  rows(table: string, orderBy: readonly string[], offset: number, limit: number, cap: number): Promise<RowsPage>;
  /** A page of a checked query's result (bound by the driver's `bind`), with its columns' types; `limit` 0 reads only the columns. */
  select(query: BoundQuery, values: readonly unknown[], limit: number, offset: number): Promise<SelectPage>;
  /** How many rows a checked query returns, counted up to `cap` + 1. */
  count(query: BoundQuery, values: readonly unknown[], cap: number): Promise<number>;
  close(): Promise<void>;
}

/** A query written by an administrator, its `@name` parameters turned into the driver's placeholders. */
export interface BoundQuery {
  /** The one statement, without a trailing semicolon. */
  text: string;
  /** The parameter of each placeholder, in order. */
  names: string[];
  /** The same statement without its closing ORDER BY, where a driver can cut it: what a count reads. */
  unordered?: string;
}

/** A result's column: its name and its type as the database names it. */
export interface ResultColumn {
  name: string;
  type: string;
}

export interface SelectPage {
  columns: ResultColumn[];
  records: Record<string, CellValue>[];
}

/**
 * Why a connection or a statement failed, as the console says it (databaselinks.<reason>);
 * `code` is the driver's own code (SQLSTATE, errno name), shown where no reason fits.
 */
export interface LinkFailure {
  reason:
    | 'authFailed'
    | 'databaseUnknown'
    | 'schemaUnknown'
    | 'connectRefused'
    | 'connectTimeout'
    | 'hostUnknown'
    | 'tlsFailed'
    | 'queryTimeout'
    | 'permissionDenied'
    | 'connectFailed'
    | 'queryFailed';
  code: string;
}

/** One kind of database: a third kind is one more file like postgresql.ts. */
export interface LinkDriver {
  kind: DatabaseKind;
  /** How this kind writes designed tables. */
  dialect: Dialect;
  /** Runs statements that write (a release) on a connection of their own, in one transaction where the database allows. */
  execute(target: LinkTarget, limits: LinkLimits, statements: readonly string[]): Promise<void>;
  open(target: LinkTarget, limits: LinkLimits): LinkConnection;
  /** The failure of an error the driver threw. */
  failureOf(error: unknown): LinkFailure;
  /**
   * Checks a query an administrator wrote with the database's own grammar: one SELECT reading
   * only `tables` (the link's, as its catalogue names them) through allow-listed functions and
   * operators, no writes, locks, files or variables. Returns the query bound for this driver, or
   * why it is refused (naming what is not allowed).
   */
  check(text: string, tables: readonly string[]): Promise<BoundQuery | { problem: string }>;
}

/** A cell as JSON carries it: numbers beyond 2^53, dates, binaries and structures as text. */
export function cellOf(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (Buffer.isBuffer(value)) return `0x${value.subarray(0, 32).toString('hex')}${value.length > 32 ? '…' : ''}`;
  return cellOf(JSON.stringify(value));
}

/** Network failures common to every driver (Node's socket and TLS codes). */
export function networkFailure(code: string): LinkFailure | undefined {
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return { reason: 'connectRefused', code };
  if (code === 'ETIMEDOUT') return { reason: 'connectTimeout', code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { reason: 'hostUnknown', code };
  if (/^(ERR_TLS|ERR_SSL|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|CERT_)/.test(code)) return { reason: 'tlsFailed', code };
  return undefined;
}

/** How a dialect writes what a parameter scanner must step over. */
interface Quoting {
  /** Quote characters whose contents are text or names (a doubled quote stays inside). */
  quotes: readonly string[];
  /** Whether a backslash escapes the next character inside quotes (MySQL). */
  backslash: boolean;
  /** Whether `#` starts a comment (MySQL) and `$tag$` quotes (PostgreSQL). */
  hashComments: boolean;
  dollarQuotes: boolean;
}

export const POSTGRES_QUOTING: Quoting = { quotes: ["'", '"'], backslash: false, hashComments: false, dollarQuotes: true };
export const MYSQL_QUOTING: Quoting = { quotes: ["'", '"', '`'], backslash: true, hashComments: true, dollarQuotes: false };

/**
 * The `@name` parameters of a query outside its quotes and comments, each replaced by what
 * `placeholder` writes for it (its first-seen position among the distinct names, or the
 * occurrence), the names in the order the placeholders need their values, and how many comments
 * the query holds.
 */
export function bindParameters(
  text: string,
  quoting: Quoting,
  placeholder: (index: number) => string,
  perOccurrence: boolean,
): { text: string; names: string[]; comments: number } {
  let comments = 0;
  const distinct: string[] = [];
  const names: string[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    let end = i + 1;
    if (quoting.quotes.includes(ch)) {
      while (end < text.length) {
        if (quoting.backslash && text[end] === '\\') end += 2;
        else if (text[end] === ch && text[end + 1] === ch) end += 2;
        else if (text[end] === ch) {
          end++;
          break;
        } else end++;
      }
    } else if ((ch === '-' && next === '-') || (quoting.hashComments && ch === '#')) {
      comments++;
      while (end < text.length && text[end] !== '\n') end++;
    } else if (ch === '/' && next === '*') {
      comments++;
      const close = text.indexOf('*/', i + 2);
      end = close < 0 ? text.length : close + 2;
    } else if (quoting.dollarQuotes && ch === '$' && /^\$[A-Za-z_]*\$/.test(text.slice(i))) {
      const tag = (text.slice(i).match(/^\$[A-Za-z_]*\$/) as RegExpMatchArray)[0];
      const close = text.indexOf(tag, i + tag.length);
      end = close < 0 ? text.length : close + tag.length;
    } else if (ch === '@' && /[A-Za-z_]/.test(next ?? '') && text[i - 1] !== '@') {
      const name = (text.slice(i + 1).match(/^[A-Za-z_][A-Za-z0-9_]*/) as RegExpMatchArray)[0];
      if (!distinct.includes(name)) distinct.push(name);
      names.push(name);
      out += placeholder(perOccurrence ? names.length : distinct.indexOf(name) + 1);
      i += 1 + name.length;
      continue;
    }
    out += text.slice(i, end);
    i = end;
  }
  return { text: out, names: perOccurrence ? names : distinct, comments };
}

/** A column as PostgreSQL's catalogue queries name it (the PostgreSQL and product kinds). */
export interface CatalogueColumn {
  table_name: string;
  name: string;
  type: string;
  length: number | string | null;
  nullable: boolean;
  primary_key: boolean;
  default_value: string | null;
  comment: string;
}

/** Catalogue rows as each table's columns, in their order; every table asked for has an entry. */
export function columnsByTable(tables: readonly string[], rows: readonly CatalogueColumn[]): Map<string, LinkedColumn[]> {
  const byTable = new Map<string, LinkedColumn[]>(tables.map((table) => [table, []]));
  for (const row of rows) {
    byTable.get(row.table_name)?.push({
      name: row.name,
      type: row.type,
      length: row.length === null ? null : Number(row.length),
      nullable: row.nullable,
      primaryKey: row.primary_key,
      defaultValue: row.default_value,
      comment: row.comment,
    });
  }
  return byTable;
}
