import type { DatabaseKind, LinkedColumn, LinkedTable } from '@macro/contract/databaselinks';

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
  close(): Promise<void>;
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
  open(target: LinkTarget, limits: LinkLimits): LinkConnection;
  /** The failure of an error the driver threw. */
  failureOf(error: unknown): LinkFailure;
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
