import type { Page, PageQuery } from '@macro/contract';
import { type Language, TOTAL_CAP, translate } from '@macro/contract';
import type { DataSource, DataSourceNode, DataSourcePage, DataSourceParameter, dataSourceSubmit, ParameterValues } from '@macro/contract/datasources';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import type { Use } from '../../platform/references.ts';
import { iso } from '../../platform/time.ts';
import { type BoundQuery, type DatabaseLinkService, databaseLinks, type LinkRef } from '../databaselinks/public.ts';
import { dataSources } from './tables.ts';

export type DataSourceInput = z.output<typeof dataSourceSubmit>;
export interface DataSourceSearch {
  name?: string;
  linkId?: number;
}

/** The resource of data sources: audit rows, and the references other modules declare to them. */
export const DATA_SOURCE_RESOURCE = 'dataSource';
const RESOURCE = DATA_SOURCE_RESOURCE;
const NOT_FOUND = { message: 'datasources.notFound' };
/** Rows a tree or a column's values are built from at most. */
const WHOLE_CAP = 5_000;
const PREVIEW_ROWS = 20;
/** Options a dropdown offers at most: past it a data source is a search, not a list. */
const OPTIONS_CAP = 500;
const COLUMNS = sql`t.id, t.name, t.link_id, l.name as link_name, l.updated_at as link_updated_at, t.sql, t.parameters, t.id_column, t.parent_column, t.sort, t.remark, t.created_at, t.updated_at`;
const FROM = sql`${dataSources} t join ${databaseLinks} l on l.id = t.link_id`;

function toDataSource(row: Record<string, unknown>): DataSource {
  return {
    id: Number(row.id),
    name: String(row.name),
    linkId: Number(row.link_id),
    linkName: String(row.link_name),
    sql: String(row.sql),
    parameters: (typeof row.parameters === 'string' ? JSON.parse(row.parameters) : row.parameters) as DataSourceParameter[],
    idColumn: String(row.id_column),
    parentColumn: String(row.parent_column),
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

function matching(search: DataSourceSearch): SQL {
  const parts = [search.name ? sql`t.name ilike ${containing(search.name)}` : undefined, search.linkId ? sql`t.link_id = ${search.linkId}` : undefined].filter(
    (part): part is SQL => part !== undefined,
  );
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A value as its parameter's type takes it, or undefined when it is not one. */
export function typed(parameter: DataSourceParameter, value: unknown): unknown {
  if (value === null) return null;
  switch (parameter.type) {
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
      return Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      return value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())
        ? value.trim()
        : undefined;
    default:
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  }
}

/**
 * The values of a bound query's placeholders, in order: each checked against its declared type;
 * a missing one takes its default, or fails when it is required and has none.
 */
export function valuesFor(query: BoundQuery, parameters: readonly DataSourceParameter[], given: ParameterValues, language: Language): unknown[] {
  const declared = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  return query.names.map((name) => {
    const parameter = declared.get(name);
    if (!parameter) throw unprocessable('datasources.parameterUndeclared', { name });
    const raw = given[name] ?? (parameter.defaultValue === '' ? undefined : parameter.defaultValue);
    if (raw === undefined || raw === '') {
      if (parameter.required) throw badRequest('datasources.parameterRequired', { name: parameter.label || name });
      return null;
    }
    const value = typed(parameter, raw);
    if (value === undefined)
      throw badRequest('datasources.parameterValueInvalid', { name: parameter.label || name, type: translate(language, `datasources.type.${parameter.type}`) });
    return value;
  });
}

/** Rows nested by their id and parent columns; a row whose parent is empty or absent is a root. */
export function nest(records: readonly Record<string, unknown>[], idColumn: string, parentColumn: string): DataSourceNode[] {
  const nodes: DataSourceNode[] = records.map((record) => ({ ...record, children: [] }));
  const byId = new Map(nodes.map((node) => [String(node[idColumn]), node]));
  const roots: DataSourceNode[] = [];
  for (const node of nodes) {
    const parent = node[parentColumn];
    const above = parent === null || parent === undefined || parent === '' ? undefined : byId.get(String(parent));
    // A row that is its own parent, or whose ancestors loop back to it, is shown at the top.
    // Each ancestor is visited once, so a loop above the row (not through it) ends the walk too.
    let cycle = false;
    const seen = new Set<DataSourceNode>();
    for (let step = above; step && !seen.has(step); step = byId.get(String(step[parentColumn]))) {
      if (step === node) {
        cycle = true;
        break;
      }
      seen.add(step);
    }
    if (above && !cycle) above.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** What reads data sources (forms, interfaces, exports): the service below. */
export type DataSourceReader = ReturnType<typeof dataSourceService>;

/** Data sources: named, checked queries on database links, and what reads them. */
export function dataSourceService(links: DatabaseLinkService) {
  /** The query checked on its link, its placeholders' names checked against the declared parameters. */
  async function checked(ctx: Ctx, link: LinkRef, text: string, parameters: readonly DataSourceParameter[]): Promise<BoundQuery> {
    const query = await links.checkQuery(ctx, link, text);
    const declared = new Set(parameters.map((parameter) => parameter.name));
    const undeclared = query.names.find((name) => !declared.has(name));
    if (undeclared) throw unprocessable('datasources.parameterUndeclared', { name: undeclared });
    return query;
  }

  /** A data source with its link as read in the same statement (the link's version spares reading it again). */
  async function load(tx: Tx, id: number): Promise<DataSource & { link: LinkRef }> {
    const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${COLUMNS} from ${FROM} where t.id = ${id}`));
    if (!row) throw notFound(NOT_FOUND.message);
    const source = toDataSource(row);
    return { ...source, link: { id: source.linkId, stamp: new Date(row.link_updated_at as string | Date).getTime() } };
  }

  const withoutLink = ({ link: _link, ...source }: DataSource & { link: LinkRef }): DataSource => source;

  /** The data source's query, checked again (the link's tables may have changed) and bound with the values given. */
  async function prepared(ctx: Ctx, id: number, given: ParameterValues) {
    const source = await load(ctx.tx, id);
    const query = await checked(ctx, source.link, source.sql, source.parameters);
    return { source, query, values: valuesFor(query, source.parameters, given, ctx.actor.language) };
  }

  /** Every row of the query up to the cap; more is refused rather than cut silently. */
  async function whole(ctx: Ctx, id: number, given: ParameterValues) {
    const { source, query, values } = await prepared(ctx, id, given);
    const page = await links.runQuery(ctx, source.link, query, values, WHOLE_CAP + 1);
    if (page.records.length > WHOLE_CAP) throw unprocessable('datasources.tooManyRows', { cap: WHOLE_CAP });
    return { source, page };
  }

  return {
    list: (tx: Tx, query: PageQuery & DataSourceSearch): Promise<Page<DataSource>> =>
      listPage(
        tx,
        {
          table: sql`${dataSources}`,
          joins: sql`join ${databaseLinks} l on l.id = t.link_id`,
          where: matching(query),
          order: ['sort', 'id'],
          columns: COLUMNS,
          toRecord: toDataSource,
        },
        query,
      ),

    async all(tx: Tx) {
      const rows = rowsOf<{ id: number; name: string; link_id: number }>(
        await tx.execute(sql`select t.id, t.name, t.link_id from ${dataSources} t order by t.name, t.id`),
      );
      return rows.map((row) => ({ id: Number(row.id), name: String(row.name), linkId: Number(row.link_id) }));
    },

    detail: async (tx: Tx, id: number): Promise<DataSource> => withoutLink(await load(tx, id)),

    /** Creates (no id) or updates a data source, its query checked on its link first. */
    async submit(ctx: Ctx, input: DataSourceInput): Promise<DataSource> {
      await assertUnique(ctx.tx, dataSources, eq(dataSources.name, input.name), {
        exceptId: input.id,
        message: 'datasources.nameExists',
        params: { name: input.name },
      });
      const before = input.id === undefined ? undefined : await findOr404(ctx.tx, dataSources, input.id, { lock: true, ...NOT_FOUND });
      await checked(ctx, input.linkId, input.sql, input.parameters);
      const values = {
        name: input.name,
        linkId: input.linkId,
        sql: input.sql,
        parameters: input.parameters,
        idColumn: input.idColumn,
        parentColumn: input.parentColumn,
        sort: input.sort,
        remark: input.remark,
      };
      const saved = before
        ? await auditedUpdate(ctx, dataSources, RESOURCE, before, { ...values, updatedAt: new Date() })
        : await auditedInsert(ctx, dataSources, RESOURCE, values);
      return withoutLink(await load(ctx.tx, saved.id));
    },

    /**
     * Removes data sources; while anything still names one (a form's field, an approver rule:
     * `usesOf` asks the modules that declare such references) nothing is removed and the first
     * use is named (409).
     */
    async remove(ctx: Ctx, ids: number[], usesOf: (tx: Tx, ids: readonly number[]) => Promise<Use[]>): Promise<number> {
      const doomed = await lockAll(ctx.tx, dataSources, ids, NOT_FOUND);
      // Read after the locks: a use being saved has committed, or waits for this removal and then finds its data source gone.
      const [use] = await usesOf(ctx.tx, ids);
      if (use) throw conflict(use.message, { ...use.params, used: doomed.find((row) => row.id === use.id)?.name ?? String(use.id) });
      return auditedDelete(ctx, dataSources, RESOURCE, doomed);
    },

    /**
     * Whether the tenant has the data source, its row held to the end of the transaction: what
     * saves a new use of it calls this, so a removal running meanwhile waits and then sees the use.
     */
    async hold(tx: Tx, id: number): Promise<boolean> {
      const [row] = await tx.select({ id: dataSources.id }).from(dataSources).where(eq(dataSources.id, id)).for('key share');
      return row !== undefined;
    },

    /** A query tried before it is kept: its columns and first rows. */
    async preview(ctx: Ctx, input: { linkId: number; sql: string; parameters: DataSourceParameter[]; values: ParameterValues }): Promise<DataSourcePage> {
      const query = await checked(ctx, input.linkId, input.sql, input.parameters);
      const page = await links.runQuery(ctx, input.linkId, query, valuesFor(query, input.parameters, input.values, ctx.actor.language), PREVIEW_ROWS);
      return { ...page, total: page.records.length, totalExact: page.records.length < PREVIEW_ROWS, current: 1, size: PREVIEW_ROWS };
    },

    /** The columns of the result, read with no row (every parameter null). */
    async fields(ctx: Ctx, id: number) {
      const source = await load(ctx.tx, id);
      const query = await checked(ctx, source.link, source.sql, source.parameters);
      return (
        await links.runQuery(
          ctx,
          source.link,
          query,
          query.names.map(() => null),
          0,
        )
      ).columns;
    },

    async data(ctx: Ctx, id: number, input: { params: ParameterValues; current: number; size: number }): Promise<DataSourcePage> {
      const { source, query, values } = await prepared(ctx, id, input.params);
      const { page, total } = await links.pageQuery(ctx, source.link, query, values, input.size, (input.current - 1) * input.size, TOTAL_CAP);
      return { ...page, total: Math.min(total, TOTAL_CAP), totalExact: total <= TOTAL_CAP, current: input.current, size: input.size };
    },

    /** Every row of the result (up to 5 000; more is refused) with its columns: what an approver rule reads its user ids from. */
    rows: async (ctx: Ctx, id: number, params: ParameterValues) => (await whole(ctx, id, params)).page,

    async tree(ctx: Ctx, id: number, params: ParameterValues): Promise<DataSourceNode[]> {
      const source = await load(ctx.tx, id);
      if (!source.idColumn || !source.parentColumn) throw unprocessable('datasources.treeColumns');
      const { page } = await whole(ctx, id, params);
      for (const column of [source.idColumn, source.parentColumn]) {
        if (!page.columns.some((c) => c.name === column)) throw notFound('datasources.columnNotFound', { column });
      }
      return nest(page.records, source.idColumn, source.parentColumn);
    },

    /** The distinct values of one column, in the order they first appear. */
    async columnValues(ctx: Ctx, id: number, column: string, params: ParameterValues): Promise<unknown[]> {
      const { page } = await whole(ctx, id, params);
      if (!page.columns.some((c) => c.name === column)) throw notFound('datasources.columnNotFound', { column });
      const seen = new Map<string, unknown>();
      for (const record of page.records) {
        const value = record[column];
        const key = JSON.stringify(value);
        if (!seen.has(key)) seen.set(key, value);
      }
      return [...seen.values()];
    },

    /**
     * A dropdown's options: the distinct values of column `value` as text, each labelled by
     * column `label` of its first row (the value itself when that is empty), in the query's
     * order, each parameter at its default. Empty values offer nothing; more than OPTIONS_CAP
     * values are refused rather than cut, so what is offered is what a check accepts.
     */
    async options(ctx: Ctx, id: number, value: string, label = value): Promise<{ value: string; label: string }[]> {
      const { page } = await whole(ctx, id, {});
      for (const column of new Set([value, label])) {
        if (!page.columns.some((c) => c.name === column)) throw notFound('datasources.columnNotFound', { column });
      }
      const options = new Map<string, string>();
      for (const record of page.records) {
        const cell = record[value];
        const key = cell === null || cell === undefined ? '' : String(cell);
        if (key === '' || options.has(key)) continue;
        if (options.size === OPTIONS_CAP) throw unprocessable('datasources.tooManyOptions', { cap: OPTIONS_CAP });
        const shown = record[label];
        options.set(key, shown === null || shown === undefined || shown === '' ? key : String(shown));
      }
      return [...options].map(([optionValue, optionLabel]) => ({ value: optionValue, label: optionLabel }));
    },
  };
}
