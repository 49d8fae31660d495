import { type Page, type PageQuery, TOTAL_CAP } from '@macro/contract';
import { rowsOf, type Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListSpec<Row> {
  /** The table, aliased `t` in every other fragment. */
  table: SQL;
  /**
   * Where the matches are found when that is not `table` itself (a union of two index walks,
   * say): rows of `table`'s shape, aliased `t` too. The page's records are read from `table`.
   */
  matches?: SQL;
  /** Which rows match (on `t`). */
  where: SQL;
  /**
   * Columns the list is ordered by, all ascending; the last must be unique (the id). An index
   * on (tenant_id, …filters, …these) lets a page read only its own rows.
   */
  order: readonly string[];
  /** Newest first: every order column descending (the index serves it backwards), cursors go down. */
  descending?: boolean;
  /** The select list of one record, on `t` joined to its page position, plus `joins`. */
  columns: SQL;
  /** Joins for the record (parents, lateral probes), run per page row only. */
  joins?: SQL;
  toRecord: (row: Record<string, unknown>) => Row;
}

const ORDER_COLUMN = /^[a-z_][a-z0-9_]*$/;

function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, width: number): (string | number)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === width &&
      values.every((v) => (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && !v.includes('\u0000')))
    ) {
      return values as (string | number)[];
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('common.badRequest');
}

/**
 * A page of a list and its total in one statement: the total counts matches up to TOTAL_CAP
 * (exact below it, "at least" beyond), the page's keys are taken in index order, and only the
 * page's rows are joined to their details and probes. With a cursor (keyset paging) the page
 * starts after that key however deep it is, at the cost of a page near the top.
 */
export async function listPage<Row>(tx: Tx, spec: ListSpec<Row>, query: PageQuery): Promise<Page<Row>> {
  for (const column of spec.order) if (!ORDER_COLUMN.test(column)) throw new Error(`bad order column ${column}`);
  const direction = spec.descending ? ' desc' : '';
  const keys = sql.raw(spec.order.map((c) => `t.${c}`).join(', '));
  const orderKeys = sql.raw(spec.order.map((c) => `t.${c}${direction}`).join(', '));
  const keyNames = sql.raw(spec.order.map((c) => `${c}${direction}`).join(', '));
  const keyAliases = sql.raw(spec.order.map((c, i) => `page.${c} as __k${i}`).join(', '));
  const offset = query.cursor ? 0 : (query.current - 1) * query.size;
  // Enough matches to count past the cap and to reach the page asked for and one row beyond it
  // (which tells whether a next page exists).
  const limit = Math.max(TOTAL_CAP + 1, offset + query.size + 1);
  const after = query.cursor
    ? sql`and (${keys}) ${sql.raw(spec.descending ? '<' : '>')} (${sql.join(
        decodeCursor(query.cursor, spec.order.length).map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql``;
  // The page's keys come straight from the list index (an index-only scan that stops after the
  // page), the total from an unordered scan that stops past the cap: each stops early, where one
  // ordered pass over all matches would scan and sort every match of a search at a million rows.
  const matches = spec.matches ?? spec.table;
  const pageKeys = sql`select ${keys} from ${matches} t where ${spec.where} ${after}
    order by ${orderKeys} offset ${offset} limit ${query.size + 1}`;
  // A page that skips nothing (the first, or one after a cursor) reads its rows in one pass; a
  // deeper one takes its keys first, so the rows it skips are never visited, then its rows by id.
  const page =
    offset === 0 && !spec.matches
      ? sql`select ${spec.columns}, ${sql.raw(spec.order.map((c, i) => `t.${c} as __k${i}`).join(', '))}, row_number() over (order by ${orderKeys}) as __n
        from (select * from ${spec.table} t where ${spec.where} ${after} order by ${orderKeys} limit ${query.size + 1}) t ${spec.joins ?? sql``}`
      : sql`select ${spec.columns}, ${keyAliases}, page.__n
        from (select q.*, row_number() over (order by ${keyNames}) as __n from (${pageKeys}) q) page
        join ${spec.table} t on t.id = page.id ${spec.joins ?? sql``}`;

  const rows = rowsOf(
    await tx.execute(sql`
      select c.__total, r.* from (
        select count(*)::int as __total from (select 1 from ${matches} t where ${spec.where} limit ${limit}) m
      ) c
      left join lateral (${page}) r on true
      order by r.__n`),
  );
  const counted = Number(rows[0]?.__total ?? 0);
  const fetched = rows.filter((row) => row.__n !== null && row.__n !== undefined);
  const records = fetched.slice(0, query.size);
  const last = records.at(-1);
  const totalExact = counted < limit;
  return {
    records: records.map(spec.toRecord),
    // Past the cap the total is what is known for certain: the cap, or the rows up to this page.
    total: totalExact ? counted : Math.max(TOTAL_CAP, offset + records.length),
    current: query.current,
    size: query.size,
    totalExact,
    nextCursor: fetched.length > query.size && last ? encodeCursor(spec.order.map((_, i) => normaliseKey(last[`__k${i}`]))) : null,
  };
}

function normaliseKey(value: unknown): string | number {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
