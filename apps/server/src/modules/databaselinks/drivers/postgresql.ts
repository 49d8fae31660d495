import type { ColumnType, DraftColumn, LinkedTable } from '@macro/contract/databaselinks';
import { statementOf, userSqlProblem, withoutClosingOrder } from '@macro/store/userSql';
import pg from 'pg';
import {
  bindParameters,
  type BoundQuery,
  type CatalogueColumn,
  cellOf,
  columnsByTable,
  type LinkConnection,
  type LinkDriver,
  type LinkFailure,
  networkFailure,
  POSTGRES_QUOTING,
  type ResultColumn,
} from './driver.ts';
import { containing } from '../../../platform/list.ts';
import { type Dialect, defaultLiteral, SQL_RESERVED, textLiteral } from './ddl.ts';

/** `"name"` with its quotes doubled: a name the catalogue gave, written as PostgreSQL reads it. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const TABLES = `
  select c.relname as name, case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
         coalesce(obj_description(c.oid, 'pg_class'), '') as comment
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and c.relname like $2
   order by c.relname limit $3`;

const COLUMNS = `
  select c.relname as table_name, a.attname as name, format_type(a.atttypid, null) as type,
         case when a.atttypid in (1042, 1043) and a.atttypmod > 4 then a.atttypmod - 4
              when a.atttypid = 1700 and a.atttypmod > 4 then ((a.atttypmod - 4) >> 16) & 65535 end as length,
         not a.attnotnull as nullable, coalesce(a.attnum = any(i.indkey::int2[]), false) as primary_key,
         pg_get_expr(d.adbin, d.adrelid) as default_value, coalesce(col_description(c.oid, a.attnum), '') as comment
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
    left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
   where n.nspname = $1 and c.relname = any($2::text[])
   order by c.relname, a.attnum`;

/** Type names by oid, as `format_type` would write the common ones. */
export const TYPE_NAMES = new Map<number, string>(Object.entries(pg.types.builtins).map(([name, oid]) => [oid as number, name.toLowerCase()]));

/** A result row's cells by column name, as JSON carries them. */
function recordsOf(fields: { name: string }[], rows: unknown[][]) {
  return rows.map((row) => Object.fromEntries(fields.map((field, i) => [field.name, cellOf(row[i])])));
}

/** SQLSTATEs a person can act on; anything else is reported by its code. */
const STATES: Record<string, LinkFailure['reason']> = {
  '28P01': 'authFailed',
  '28000': 'authFailed',
  '3D000': 'databaseUnknown',
  '3F000': 'schemaUnknown',
  '57014': 'queryTimeout',
  '42501': 'permissionDenied',
};

export const postgresqlDriver: LinkDriver = {
  kind: 'postgresql',
  get dialect() {
    return postgresqlDialect;
  },
  async execute(target, limits, statements) {
    // A connection of its own: the link's pool is read-only. One transaction: all or nothing.
    const client = new pg.Client({
      host: target.address,
      port: target.port,
      database: target.database,
      user: target.username,
      password: target.password,
      ssl: target.ssl ? { servername: target.host } : false,
      connectionTimeoutMillis: limits.connectMs,
      statement_timeout: limits.statementMs,
      application_name: 'macro-console',
    });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query('begin');
      for (const statement of statements) await client.query(statement);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      await client.end().catch(() => {});
    }
  },
  open(target, limits) {
    const schema = target.schema || 'public';
    const pool = new pg.Pool({
      host: target.address,
      port: target.port,
      database: target.database,
      user: target.username,
      password: target.password,
      // Verified against the host as written, not the address connected to.
      ssl: target.ssl ? { servername: target.host } : false,
      max: 3,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: limits.connectMs,
      statement_timeout: limits.statementMs,
      query_timeout: limits.statementMs + 2_000,
      application_name: 'macro-console',
      // Browsing never writes, whatever a view or a function it reads would do.
      // Queries written for the link read its schema by unqualified names (the schema's name is
      // letters, digits, `_` and `$` only, so it needs no escaping here).
      options: `-c default_transaction_read_only=on -c search_path=${quoted(schema)}`,
    });
    // An idle connection the server drops must not take the process down.
    pool.on('error', () => {});
    const connection: LinkConnection = {
      async version() {
        const { rows } = await pool.query<{ version: string }>('select version() as version');
        return rows[0]?.version ?? '';
      },
      async tables(name, limit) {
        const { rows } = await pool.query<LinkedTable>(TABLES, [schema, containing(name), limit]);
        return rows;
      },
      async columns(tables) {
        const { rows } = await pool.query<CatalogueColumn>(COLUMNS, [schema, tables]);
        return columnsByTable(tables, rows);
      },
      async rows(table, orderBy, offset, limit, cap) {
        const from = `${quoted(schema)}.${quoted(table)}`;
        const order = orderBy.length ? ` order by ${orderBy.map(quoted).join(', ')}` : '';
        const page = await pool.query({ text: `select * from ${from}${order} limit $1 offset $2`, values: [limit, offset], rowMode: 'array' });
        const counted = await pool.query<{ total: string }>(`select count(*) as total from (select 1 from ${from} limit $1) capped`, [cap + 1]);
        const columns = page.fields.map((field) => field.name);
        return {
          columns,
          records: page.rows.map((row: unknown[]) => Object.fromEntries(columns.map((column, i) => [column, cellOf(row[i])]))),
          total: Number(counted.rows[0]?.total ?? 0),
        };
      },
      async select(query, values, limit, offset) {
        const page = await pool.query({
          text: `select * from (\n${query.text}\n) as data_source limit ${limit} offset ${offset}`,
          values: [...values],
          rowMode: 'array',
        });
        const columns: ResultColumn[] = page.fields.map((field) => ({ name: field.name, type: TYPE_NAMES.get(field.dataTypeID) ?? `oid ${field.dataTypeID}` }));
        return { columns, records: recordsOf(page.fields, page.rows) };
      },
      async count(query, values, cap) {
        const { rows } = await pool.query<{ total: string }>(
          `select count(*) as total from (select 1 from (\n${query.unordered ?? query.text}\n) as data_source limit ${cap + 1}) as capped`,
          [...values],
        );
        return Number(rows[0]?.total ?? 0);
      },
      close: () => pool.end(),
    };
    return connection;
  },
  async check(text, tables) {
    const bound = bindParameters(text, POSTGRES_QUOTING, (index) => `$${index}`, false);
    const problem = await userSqlProblem(bound.text, { relations: tables, parameters: true });
    if (problem) return { problem };
    const statement = (await statementOf(bound.text)).statement.trim();
    return { text: statement, names: bound.names, unordered: await withoutClosingOrder(statement) } satisfies BoundQuery;
  },
  failureOf(error) {
    const code = String((error as { code?: unknown })?.code ?? '');
    const reason = STATES[code];
    if (reason) return { reason, code };
    const network = networkFailure(code);
    if (network) return network;
    const message = error instanceof Error ? error.message : '';
    if (/timeout/i.test(message)) return { reason: /connect/i.test(message) ? 'connectTimeout' : 'queryTimeout', code: 'timeout' };
    if (/SSL/.test(message)) return { reason: 'tlsFailed', code: 'ssl' };
    return /^[0-9A-Z]{5}$/.test(code) ? { reason: 'queryFailed', code } : { reason: 'connectFailed', code: code || 'unknown' };
  },
};

const PG_RESERVED = new Set([
  ...SQL_RESERVED,
  ...'analyse analyze array asymmetric deferrable do initially lateral localtime localtimestamp only placing returning symmetric variadic window'.split(' '),
]);

const PG_TYPES: Record<ColumnType, (column: DraftColumn) => string> = {
  varchar: (c) => `varchar(${c.length ?? 255})`,
  text: () => 'text',
  int: () => 'integer',
  bigint: () => 'bigint',
  decimal: (c) => `numeric(${c.length ?? 18}, ${c.scale ?? 0})`,
  boolean: () => 'boolean',
  date: () => 'date',
  datetime: () => 'timestamp',
  json: () => 'jsonb',
};

const PG_DESIGN_TYPES: Record<string, ColumnType> = {
  'character varying': 'varchar',
  character: 'varchar',
  text: 'text',
  integer: 'int',
  smallint: 'int',
  bigint: 'bigint',
  numeric: 'decimal',
  boolean: 'boolean',
  date: 'date',
  'timestamp without time zone': 'datetime',
  'timestamp with time zone': 'datetime',
  json: 'json',
  jsonb: 'json',
};

const pgText = (value: string) => textLiteral(value, false);

export const postgresqlDialect: Dialect = {
  label: 'PostgreSQL',
  maxIdentifier: 63,
  reserved: PG_RESERVED,
  quote: quoted,
  typeOf: (column) => PG_TYPES[column.type](column),
  designType: (nativeType) => PG_DESIGN_TYPES[nativeType] ?? null,
  defaultOf: (column) => defaultLiteral(column, pgText, ['TRUE', 'FALSE']),
  createTable(schema, table, comment, columns) {
    const name = `${quoted(schema || 'public')}.${quoted(table)}`;
    const keys = columns.filter((column) => column.primaryKey).map((column) => quoted(column.name));
    const lines = columns.map((column) => {
      const fallback = postgresqlDialect.defaultOf(column);
      return `${quoted(column.name)} ${postgresqlDialect.typeOf(column)}${column.nullable && !column.primaryKey ? '' : ' not null'}${fallback ? ` default ${fallback}` : ''}`;
    });
    if (keys.length) lines.push(`primary key (${keys.join(', ')})`);
    return [
      `create table ${name} (\n  ${lines.join(',\n  ')}\n)`,
      ...(comment ? [`comment on table ${name} is ${pgText(comment)}`] : []),
      ...columns.filter((column) => column.comment).map((column) => `comment on column ${name}.${quoted(column.name)} is ${pgText(column.comment)}`),
    ];
  },
  addColumn(schema, table, column) {
    const name = `${quoted(schema || 'public')}.${quoted(table)}`;
    const fallback = postgresqlDialect.defaultOf(column);
    return [
      `alter table ${name} add column ${quoted(column.name)} ${postgresqlDialect.typeOf(column)}${column.nullable ? '' : ' not null'}${fallback ? ` default ${fallback}` : ''}`,
      ...(column.comment ? [`comment on column ${name}.${quoted(column.name)} is ${pgText(column.comment)}`] : []),
    ];
  },
};
