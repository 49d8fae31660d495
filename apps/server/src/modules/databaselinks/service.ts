import type { Page, PageQuery } from '@macro/contract';
import { TOTAL_CAP, translate } from '@macro/contract';
import {
  type DatabaseKind,
  type DatabaseLink,
  type DatabaseLinkTest,
  type DatabaseLinkTestResult,
  type databaseLinkSubmit,
  DEFAULT_PORTS,
  type LinkedColumn,
  type LinkedRows,
  type LinkedTable,
  type LinkKind,
  PRODUCT_LINK,
} from '@macro/contract/databaselinks';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { checkedHost, type HostLookup, OutboundError, outboundPolicy } from '../../platform/outbound.ts';
import { configuredSecretBox } from '../../platform/secrets.ts';
import { iso } from '../../platform/time.ts';
import {
  type BoundQuery,
  DRIVERS,
  type LinkConnection,
  type LinkFailure,
  type LinkLimits,
  type LinkTarget,
  productDriver,
  type SelectPage,
} from './drivers/index.ts';
import { databaseLinks } from './tables.ts';

export type DatabaseLinkInput = z.output<typeof databaseLinkSubmit>;
export interface DatabaseLinkSearch {
  name?: string;
  kind?: LinkKind;
  groupName?: string;
}
type LinkRow = typeof databaseLinks.$inferSelect;

/**
 * A link as a caller names it: its id, or its id with the version (`updated_at` in ms) the caller
 * read with it in the same transaction, which spares reading the link again while its pool is open.
 */
export type LinkRef = number | { id: number; stamp: number };

/** What a failure's message says of a link: never its user or password. */
type Shown = Pick<LinkTarget, 'kind' | 'host' | 'database' | 'schema'>;

const RESOURCE = 'databaseLink';
const NOT_FOUND = { message: 'databaselinks.notFound' };
const COLUMNS = sql`t.id, t.name, t.kind, t.host, t.port, t.database_name, t.username, t.password_sealed is not null as has_password,
  t.ssl, t.schema_name, t.group_name, t.sort, t.remark, t.created_at, t.updated_at`;
/** Seconds to connect, for a connection test and every connection of a link. */
const CONNECT_MS = 5_000;
/** Tables a link lists or a tree shows at most. */
const TABLE_CAP = 1_000;
/** Tables a query on a link may read at most (the allow-list is the link's own catalogue). */
const QUERY_TABLE_CAP = 10_000;
const ACCEPTED_MS = 60_000;
const ACCEPTED_CAP = 1_000;

function toDatabaseLink(row: Record<string, unknown>): DatabaseLink {
  return {
    id: Number(row.id),
    name: String(row.name),
    kind: row.kind as LinkKind,
    host: String(row.host),
    port: Number(row.port),
    database: String(row.database_name),
    username: String(row.username),
    hasPassword: Boolean(row.has_password),
    ssl: Boolean(row.ssl),
    schema: String(row.schema_name),
    groupName: String(row.group_name),
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: LinkRow): DatabaseLink =>
  toDatabaseLink({
    ...row,
    database_name: row.databaseName,
    has_password: row.passwordSealed !== null,
    schema_name: row.schemaName,
    group_name: row.groupName,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  });

function matching(search: DatabaseLinkSearch): SQL {
  const parts = [
    search.name ? sql`t.name ilike ${containing(search.name)}` : undefined,
    search.kind ? sql`t.kind = ${search.kind}` : undefined,
    search.groupName ? sql`t.group_name ilike ${containing(search.groupName)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The open connections of every link, one small pool per link, rebuilt when the link changes. */
class LinkPools {
  private readonly open = new Map<string, { stamp: number; connection: LinkConnection; shown: Shown }>();

  get(key: string, stamp: number): { connection: LinkConnection; shown: Shown } | undefined {
    const entry = this.open.get(key);
    if (entry?.stamp === stamp) return entry;
    if (entry) this.forget(key);
    return undefined;
  }

  keep(key: string, stamp: number, connection: LinkConnection, shown: Shown): void {
    this.open.set(key, { stamp, connection, shown });
  }

  forget(key: string): void {
    const entry = this.open.get(key);
    this.open.delete(key);
    entry?.connection.close().catch(() => {});
  }

  async closeAll(): Promise<void> {
    const entries = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled(entries.map((entry) => entry.connection.close()));
  }
}

/** Database links: their records, their connections, and what can be read through them. */
export function databaseLinkService(config: Pick<Config, 'linkHosts' | 'linkStatementMs' | 'dataKey' | 'previousDataKeys' | 'dataDir'>, lookup?: HostLookup) {
  const limits: LinkLimits = { connectMs: CONNECT_MS, statementMs: config.linkStatementMs };
  const policy = outboundPolicy(config.linkHosts, { company: true });
  const box = configuredSecretBox(config);
  const pools = new LinkPools();
  /**
   * Queries accepted on a link, by the link's version and the text, for a minute: a check reads
   * the link's catalogue, which a data source read on every page would otherwise repeat. A
   * refusal is not kept, so a table added to the link is seen at once.
   */
  const accepted = new Map<string, { until: number; query: BoundQuery }>();
  const keyOf = (ctx: Ctx, id: number) => `${ctx.actor.tenantId}/${id}`;

  /** The failure as the console shows it: 502 (the database's side) with the reason in words. */
  const failure = (failed: LinkFailure, row: Omit<Shown, 'kind'>) =>
    new AppError(failed.reason === 'permissionDenied' ? 403 : 502, `databaselinks.${failed.reason}`, {
      code: failed.code,
      host: row.host,
      database: row.database,
      schema: row.schema || 'public',
      seconds: (failed.reason === 'connectTimeout' ? limits.connectMs : limits.statementMs) / 1000,
    });

  /** Where to connect, the host checked against MACRO_LINK_HOSTS on the address it resolves to. */
  async function targetOf(fields: Omit<LinkTarget, 'address'>): Promise<LinkTarget> {
    try {
      return { ...fields, address: await checkedHost(fields.host, policy, lookup) };
    } catch (error) {
      if (error instanceof OutboundError) throw new AppError(422, 'databaselinks.hostRefused');
      throw error;
    }
  }

  const fieldsOf = (row: LinkRow): Omit<LinkTarget, 'address'> => ({
    kind: row.kind as DatabaseKind,
    host: row.host,
    port: row.port,
    database: row.databaseName,
    username: row.username,
    password: row.passwordSealed === null ? '' : box.open(row.passwordSealed),
    ssl: row.ssl,
    schema: row.schemaName,
  });

  /**
   * Runs `work` on the link's pool (opened on first use), a driver failure turned into words. A
   * caller that read the link's version with it finds the open pool without reading the link again.
   */
  async function through<T>(ctx: Ctx, link: LinkRef, work: (connection: LinkConnection, kind: LinkKind, stamp: number) => Promise<T>): Promise<T> {
    const id = typeof link === 'number' ? link : link.id;
    const key = keyOf(ctx, id);
    let open = typeof link === 'number' ? undefined : pools.get(key, link.stamp);
    let stamp = typeof link === 'number' ? 0 : link.stamp;
    if (!open) {
      const row = await findOr404(ctx.tx, databaseLinks, id, NOT_FOUND);
      stamp = row.updatedAt.getTime();
      if (row.kind === PRODUCT_LINK) return onProduct(ctx, (connection) => work(connection, PRODUCT_LINK, stamp));
      open = pools.get(key, stamp);
      if (!open) {
        const fields = fieldsOf(row);
        const shown = { kind: fields.kind, host: fields.host, database: fields.database, schema: fields.schema };
        open = { connection: DRIVERS[fields.kind].open(await targetOf(fields), limits), shown };
        pools.keep(key, stamp, open.connection, shown);
      }
    }
    try {
      return await work(open.connection, open.shown.kind, stamp);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failure(DRIVERS[open.shown.kind].failureOf(error), open.shown);
    }
  }

  /**
   * Runs `work` on the console's own database: on the request's transaction, as the request's own
   * login, never on a pool or a transaction of its own (see drivers/product.ts).
   */
  async function onProduct<T>(ctx: Ctx, work: (connection: LinkConnection) => Promise<T>): Promise<T> {
    try {
      return await work(productDriver.open(ctx.tx, limits));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failure(productDriver.failureOf(error), { host: '', database: '', schema: '' });
    }
  }

  /** The columns of one table, or 404 when the link's database has no such table. */
  async function columnsOf(connection: LinkConnection, table: string): Promise<LinkedColumn[]> {
    const columns = (await connection.columns([table])).get(table) ?? [];
    if (!columns.length) throw notFound('databaselinks.tableNotFound', { table });
    return columns;
  }

  return {
    list: (tx: Tx, query: PageQuery & DatabaseLinkSearch): Promise<Page<DatabaseLink>> =>
      listPage(tx, { table: sql`${databaseLinks}`, where: matching(query), order: ['sort', 'id'], columns: COLUMNS, toRecord: toDatabaseLink }, query),

    async groups(tx: Tx): Promise<{ name: string; count: number }[]> {
      const rows = rowsOf<{ name: string; count: number }>(
        await tx.execute(sql`select group_name as name, count(*)::int as count from ${databaseLinks} group by group_name order by group_name`),
      );
      return rows.map((row) => ({ name: String(row.name), count: Number(row.count) }));
    },

    detail: async (tx: Tx, id: number): Promise<DatabaseLink> => fromRow(await findOr404(tx, databaseLinks, id, NOT_FOUND)),

    /** Creates (no id) or updates a link; the name stays unique in the tenant; a changed link's connections close. */
    async submit(ctx: Ctx, input: DatabaseLinkInput): Promise<DatabaseLink> {
      await assertUnique(ctx.tx, databaseLinks, eq(databaseLinks.name, input.name), {
        exceptId: input.id,
        message: 'databaselinks.nameExists',
        params: { name: input.name },
      });
      // The console's own database is reached as the request itself: no address, login or password.
      const connection =
        input.kind === PRODUCT_LINK
          ? { host: '', port: 0, databaseName: '', username: '', ssl: false, schemaName: '', passwordSealed: null }
          : {
              host: input.host,
              port: input.port,
              databaseName: input.database,
              username: input.username,
              ssl: input.ssl,
              schemaName: input.kind === 'postgresql' ? input.schema : '',
              ...(input.password === undefined ? {} : { passwordSealed: input.password === '' ? null : box.seal(input.password) }),
            };
      const values = { name: input.name, kind: input.kind, ...connection, groupName: input.groupName, sort: input.sort, remark: input.remark };
      if (input.id === undefined) return fromRow(await auditedInsert(ctx, databaseLinks, RESOURCE, values));
      const before = await findOr404(ctx.tx, databaseLinks, input.id, { lock: true, ...NOT_FOUND });
      const after = fromRow(await auditedUpdate(ctx, databaseLinks, RESOURCE, before, { ...values, updatedAt: new Date() }));
      pools.forget(keyOf(ctx, input.id));
      return after;
    },

    /** Removes links, all or none, and closes their connections. */
    async remove(ctx: Ctx, ids: number[]): Promise<number> {
      const doomed = await lockAll(ctx.tx, databaseLinks, ids, NOT_FOUND);
      const removed = await auditedDelete(ctx, databaseLinks, RESOURCE, doomed);
      for (const id of ids) pools.forget(keyOf(ctx, id));
      return removed;
    },

    /**
     * Connects once, on a connection of its own, and reads the version: the form as typed, the
     * saved link's values (its password above all) filling what the form leaves out. The
     * console's own database has nothing to connect to: its version is read on the request's own.
     */
    async test(ctx: Ctx, input: DatabaseLinkTest): Promise<DatabaseLinkTestResult> {
      const started = performance.now();
      const answer = (reason: string, version = '') => ({ ok: !reason, version, reason, millis: Math.round(performance.now() - started) });
      const row = input.id === undefined ? undefined : await findOr404(ctx.tx, databaseLinks, input.id, NOT_FOUND);
      if (input.kind === PRODUCT_LINK || (input.kind === undefined && row?.kind === PRODUCT_LINK))
        return answer('', await onProduct(ctx, (connection) => connection.version()));
      const saved = row && fieldsOf(row);
      const kind = input.kind ?? saved?.kind;
      const fields = {
        kind,
        host: input.host ?? saved?.host,
        port: input.port ?? saved?.port ?? (kind ? DEFAULT_PORTS[kind] : undefined),
        database: input.database ?? saved?.database,
        username: input.username ?? saved?.username,
        password: input.password ?? saved?.password ?? '',
        ssl: input.ssl ?? saved?.ssl ?? false,
        schema: input.schema ?? saved?.schema ?? '',
      };
      if (!fields.kind || !fields.host || !fields.port || !fields.database || !fields.username) throw badRequest('databaselinks.testIncomplete');
      const complete = fields as Omit<LinkTarget, 'address'>;
      let target: LinkTarget;
      try {
        target = await targetOf(complete);
      } catch (error) {
        if (error instanceof AppError) return answer(translate(ctx.actor.language, error.key, error.params));
        throw error;
      }
      const driver = DRIVERS[complete.kind];
      const connection = driver.open(target, limits);
      try {
        return answer('', await connection.version());
      } catch (error) {
        const failed = failure(driver.failureOf(error), complete);
        return answer(translate(ctx.actor.language, failed.key, failed.params));
      } finally {
        connection.close().catch(() => {});
      }
    },

    tables: (ctx: Ctx, id: number, name = ''): Promise<LinkedTable[]> => through(ctx, id, (connection) => connection.tables(name, TABLE_CAP)),

    columns: (ctx: Ctx, id: number, table: string): Promise<LinkedColumn[]> => through(ctx, id, (connection) => columnsOf(connection, table)),

    tree: (ctx: Ctx, id: number) =>
      through(ctx, id, async (connection) => {
        const tables = await connection.tables('', TABLE_CAP);
        const columns = await connection.columns(tables.map((table) => table.name));
        return tables.map((table) => ({ ...table, columns: columns.get(table.name) ?? [] }));
      }),

    /** A page of a table the link's catalogue names, in its primary key's order (else its first column's). */
    rows: (ctx: Ctx, id: number, query: { table: string; current: number; size: number }): Promise<LinkedRows> =>
      through(ctx, id, async (connection) => {
        const columns = await columnsOf(connection, query.table);
        const keys = columns.filter((column) => column.primaryKey).map((column) => column.name);
        const page = await connection.rows(query.table, keys.length ? keys : [columns[0].name], (query.current - 1) * query.size, query.size, TOTAL_CAP);
        return { ...page, total: Math.min(page.total, TOTAL_CAP), totalExact: page.total <= TOTAL_CAP, current: query.current, size: query.size };
      }),

    /**
     * Checks a query an administrator wrote for the link with its database's own grammar: one
     * SELECT of the link's own tables, allow-listed functions only. The query bound for the
     * link's driver, or 422 naming what is refused.
     */
    checkQuery: (ctx: Ctx, link: LinkRef, text: string): Promise<BoundQuery> =>
      through(ctx, link, async (connection, kind, stamp) => {
        const key = `${keyOf(ctx, typeof link === 'number' ? link : link.id)}@${stamp}\n${text}`;
        const known = accepted.get(key);
        if (known && known.until > Date.now()) return known.query;
        const tables = (await connection.tables('', QUERY_TABLE_CAP)).map((table) => table.name);
        const checked = await (kind === PRODUCT_LINK ? productDriver : DRIVERS[kind]).check(text, tables);
        if ('problem' in checked) throw unprocessable('databaselinks.queryRefused', { reason: checked.problem });
        if (accepted.size >= ACCEPTED_CAP) accepted.clear();
        accepted.set(key, { until: Date.now() + ACCEPTED_MS, query: checked });
        return checked;
      }),

    /** A page of a checked query's result on the link (read-only, with the link's time-out); `limit` 0 reads only its columns. */
    runQuery: (ctx: Ctx, link: LinkRef, query: BoundQuery, values: readonly unknown[], limit: number, offset = 0): Promise<SelectPage> =>
      through(ctx, link, (connection) => connection.select(query, values, limit, offset)),

    /** A page of a checked query and its total counted up to `cap` + 1, on two of the link's connections at once. */
    pageQuery: (ctx: Ctx, link: LinkRef, query: BoundQuery, values: readonly unknown[], limit: number, offset: number, cap: number) =>
      through(ctx, link, async (connection) => {
        const [page, total] = await Promise.all([connection.select(query, values, limit, offset), connection.count(query, values, cap)]);
        return { page, total };
      }),

    /**
     * The kind and schema of a link, and the columns of `table` there ([] when it has no such
     * table): what a table design starts from, hence 422 on the console's own database (read-only).
     */
    describe: (ctx: Ctx, id: number, table: string) =>
      through(ctx, id, async (connection, kind) => {
        if (kind === PRODUCT_LINK) throw unprocessable('databaselinks.productReadOnly');
        const row = await findOr404(ctx.tx, databaseLinks, id, NOT_FOUND);
        return { kind, schema: row.schemaName, columns: (await connection.columns([table])).get(table) ?? [] };
      }),

    /** Runs statements that write (a release) on a connection of the link's own, in one transaction where its database allows. */
    async execute(ctx: Ctx, id: number, statements: readonly string[]): Promise<void> {
      const row = await findOr404(ctx.tx, databaseLinks, id, NOT_FOUND);
      if (row.kind === PRODUCT_LINK) throw unprocessable('databaselinks.productReadOnly');
      const fields = fieldsOf(row);
      const target = await targetOf(fields);
      try {
        await DRIVERS[fields.kind].execute(target, limits, statements);
      } catch (error) {
        throw failure(DRIVERS[fields.kind].failureOf(error), fields);
      }
      pools.forget(keyOf(ctx, id));
    },

    /** Closes every link's connections (the server is stopping). */
    close: () => pools.closeAll(),
  };
}

export type DatabaseLinkService = ReturnType<typeof databaseLinkService>;
