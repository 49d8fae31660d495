import { type LinkedTable, PRODUCT_LINK } from '@macro/contract/databaselinks';
import { rowsOf, type Tx } from '@macro/store';
import { APPROVER_RELATIONS } from '@macro/workflow';
import { queryUserSql, type SqlFence, type UserSqlRead, UserSqlError, UserSqlRefused } from '@macro/store/userSql';
import { type SQL, sql } from 'drizzle-orm';
import { unprocessable } from '../../../platform/errors.ts';
import { type BoundQuery, cellOf, columnsByTable, type LinkConnection, type LinkFailure, type LinkLimits, type ResultColumn } from './driver.ts';
import { postgresqlDriver, TYPE_NAMES } from './postgresql.ts';

/*
 * The console's own database as a link. It is read on the request's own transaction — on
 * PostgreSQL the request role's login (no superuser, owns nothing, row-level security by tenant),
 * on PGlite the one connection switched to that role — never on a connection or a transaction of
 * its own: PGlite has one connection, and a second pool connection per request could exhaust the
 * pool. Every query, the catalogue's rows pages included, goes through the user-SQL fence
 * (packages/store/src/userSql.ts): checked against the views below, run in its read-only
 * savepoint with the link's statement time-out.
 */

/**
 * What queries on the console's own database may read: views made for them, over which
 * row-level security keeps each tenant's rows its own — the approver views (migration
 * 0031_request_role) and the dictionary views (0041_product_link_views). Nothing else of the
 * database is listed, described or read.
 */
export const PRODUCT_VIEWS: readonly string[] = [...APPROVER_RELATIONS, 'read_dict_items', 'read_dicts'].sort();

/** The schema the console's tables and views live in. */
const SCHEMA = 'public';
/** Rows one read returns at most: above what a data source reads whole (5 001, to refuse more than 5 000). */
const ROW_CAP = 10_000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const namesList = (names: readonly string[]): SQL =>
  sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );

/** SQLSTATEs a person can act on; anything else is reported by its code. */
const STATES: Record<string, LinkFailure['reason']> = { '57014': 'queryTimeout', '42501': 'permissionDenied' };

/** A connection to the console's own database over the request's transaction `tx`. */
function open(tx: Tx, limits: LinkLimits): LinkConnection {
  const fence: SqlFence = { relations: PRODUCT_VIEWS, parameters: true, rowCap: ROW_CAP, timeoutMs: limits.statementMs };
  // One statement at a time on the transaction: a page and its total asked together queue here,
  // each in its own savepoint, rather than interleaving two savepoints of one name.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const fenced = (text: string, read: UserSqlRead) =>
    serial(async () => {
      try {
        return await queryUserSql(tx, text, fence, read, 'product link query');
      } catch (error) {
        if (error instanceof UserSqlRefused) throw unprocessable('databaselinks.queryRefused', { reason: error.reason });
        throw error;
      }
    });
  const known = (tables: readonly string[]) => tables.filter((table) => PRODUCT_VIEWS.includes(table));
  const recordsOf = (rows: Record<string, unknown>[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, cellOf(value)])));

  return {
    version: () =>
      serial(async () => {
        const [row] = rowsOf<{ version: string }>(await tx.execute(sql`select version() as version`));
        return row?.version ?? '';
      }),

    tables: (name, limit) =>
      serial(async () => {
        const rows = rowsOf<{ name: string; comment: string }>(
          await tx.execute(sql`
            select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
              from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
             where n.nspname = ${SCHEMA} and c.relkind = 'v' and c.relname in (${namesList(PRODUCT_VIEWS)})
             order by c.relname collate "C"`),
        );
        const wanted = name.toLowerCase();
        return rows
          .filter((row) => row.name.toLowerCase().includes(wanted))
          .slice(0, limit)
          .map((row): LinkedTable => ({ name: row.name, kind: 'view', comment: row.comment }));
      }),

    columns: (tables) =>
      serial(async () => {
        const views = known(tables);
        if (!views.length) return columnsByTable(tables, []);
        const rows = rowsOf<{ table_name: string; name: string; type: string; length: number | null; nullable: boolean; comment: string }>(
          await tx.execute(sql`
            select c.relname as table_name, a.attname as name, format_type(a.atttypid, null) as type,
                   case when a.atttypid in (1042, 1043) and a.atttypmod > 4 then a.atttypmod - 4 end as length,
                   not a.attnotnull as nullable, coalesce(col_description(c.oid, a.attnum), '') as comment
              from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
              join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
             where n.nspname = ${SCHEMA} and c.relkind = 'v' and c.relname in (${namesList(views)})
             order by c.relname collate "C", a.attnum`),
        );
        return columnsByTable(
          tables,
          rows.map((row) => ({ ...row, primary_key: false, default_value: null })),
        );
      }),

    async rows(table, orderBy, offset, limit, cap) {
      // Names the catalogue gave for a view of the list: the text is ours, and still fenced.
      if (!known([table]).length) throw unprocessable('databaselinks.tableNotFound', { table });
      const text = `select * from ${quoted(table)}${orderBy.length ? ` order by ${orderBy.map(quoted).join(', ')}` : ''}`;
      const page = await fenced(text, { page: { limit, offset } });
      const counted = await fenced(text, { countUpTo: cap });
      return { columns: page.columns.map((column) => column.name), records: recordsOf(page.rows), total: Number(counted.rows[0]?.total ?? 0) };
    },

    async select(query, values, limit, offset) {
      const result = await fenced(query.text, { values, page: { limit, offset } });
      const columns: ResultColumn[] = result.columns.map((column) => ({ name: column.name, type: TYPE_NAMES.get(column.typeId) ?? `oid ${column.typeId}` }));
      return { columns, records: recordsOf(result.rows) };
    },

    async count(query, values, cap) {
      const result = await fenced(query.text, { values, countUpTo: cap });
      return Number(result.rows[0]?.total ?? 0);
    },

    // Nothing of its own to close: the transaction is the request's.
    close: async () => {},
  };
}

/** The console's own database: what a driver is for another database, over the request's transaction. */
export const productDriver = {
  kind: PRODUCT_LINK,
  open,
  /** The same grammar and fence as a PostgreSQL link, the views above its only relations. */
  check: (text: string, tables: readonly string[]): Promise<BoundQuery | { problem: string }> => postgresqlDriver.check(text, tables),
  failureOf(error: unknown): LinkFailure {
    if (error instanceof UserSqlError) return { reason: STATES[error.sqlState] ?? 'queryFailed', code: error.sqlState };
    const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: unknown };
    const code = typeof cause?.code === 'string' ? cause.code : 'unknown';
    return { reason: STATES[code] ?? 'queryFailed', code };
  },
};
