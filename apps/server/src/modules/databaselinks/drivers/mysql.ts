import type { ColumnType, DraftColumn, LinkedColumn, LinkedTable } from '@macro/contract/databaselinks';
import type { Connection } from 'mysql2';
import mysql, { type FieldPacket, type RowDataPacket } from 'mysql2/promise';
import { bindParameters, cellOf, type LinkConnection, type LinkDriver, type LinkFailure, MYSQL_QUOTING, networkFailure } from './driver.ts';
import { type Dialect, defaultLiteral, SQL_RESERVED, textLiteral } from './ddl.ts';
import { mysqlPage, mysqlSelectProblem } from './mysqlGrammar.ts';
import { containing } from '../../../platform/list.ts';

/** `` `name` `` with its backticks doubled: a name the catalogue gave, written as MySQL reads it. */
const quoted = (name: string) => `\`${name.replaceAll('`', '``')}\``;

const TABLES = `
  select table_name as name, case when table_type = 'VIEW' then 'view' else 'table' end as kind, table_comment as comment
    from information_schema.tables
   where table_schema = database() and table_name like ?
   order by table_name limit ?`;

const COLUMNS = `
  select table_name as table_name, column_name as name, data_type as type,
         coalesce(character_maximum_length, numeric_precision) as length, is_nullable = 'YES' as nullable,
         column_key = 'PRI' as primary_key, column_default as default_value, column_comment as comment
    from information_schema.columns
   where table_schema = database() and table_name in (?)
   order by table_name, ordinal_position`;

/** Error codes a person can act on; other ER_ codes are reported by name. */
const CODES: Record<string, LinkFailure['reason']> = {
  ER_ACCESS_DENIED_ERROR: 'authFailed',
  ER_ACCESS_DENIED_NO_PASSWORD_ERROR: 'authFailed',
  ER_DBACCESS_DENIED_ERROR: 'authFailed',
  ER_BAD_DB_ERROR: 'databaseUnknown',
  ER_TABLEACCESS_DENIED_ERROR: 'permissionDenied',
  ER_COLUMNACCESS_DENIED_ERROR: 'permissionDenied',
  ER_SPECIFIC_ACCESS_DENIED_ERROR: 'permissionDenied',
  PROTOCOL_SEQUENCE_TIMEOUT: 'queryTimeout',
  ER_QUERY_TIMEOUT: 'queryTimeout',
  ER_STATEMENT_TIMEOUT: 'queryTimeout',
  HANDSHAKE_NO_SSL_SUPPORT: 'tlsFailed',
};

/** Type names by the protocol's type number (VAR_STRING, LONG, NEWDECIMAL…), lower case. */
const TYPE_NAMES = new Map<number, string>(Object.entries(mysql.Types).map(([name, id]) => [Number(id), name.toLowerCase()]));

/** MariaDB writes a column's default as SQL (`'text'`, `NULL`); MySQL as the value. Both read as the value. */
function defaultOf(value: unknown): string | null {
  if (value === null || value === undefined || value === 'NULL') return null;
  const text = String(value);
  return /^'.*'$/s.test(text) ? text.slice(1, -1).replaceAll("''", "'") : text;
}

export const mysqlDriver: LinkDriver = {
  kind: 'mysql',
  get dialect() {
    return mysqlDialect;
  },
  async execute(target, limits, statements) {
    // A connection of its own: the link's pool is read-only. MySQL commits each DDL statement by itself.
    const connection = await mysql.createConnection({
      host: target.address,
      port: target.port,
      database: target.database,
      user: target.username,
      password: target.password,
      ...(target.ssl ? { ssl: { rejectUnauthorized: true } } : {}),
      connectTimeout: limits.connectMs,
      charset: 'utf8mb4',
    });
    connection.on('error', () => {});
    try {
      for (const statement of statements) await connection.query({ sql: statement, timeout: limits.statementMs });
    } finally {
      await connection.end().catch(() => {});
    }
  },
  open(target, limits) {
    const pool = mysql.createPool({
      host: target.address,
      port: target.port,
      database: target.database,
      user: target.username,
      password: target.password,
      // Verified against the certificate authorities Node trusts.
      ...(target.ssl ? { ssl: { rejectUnauthorized: true } } : {}),
      connectionLimit: 3,
      maxIdle: 0,
      idleTimeout: 30_000,
      connectTimeout: limits.connectMs,
      supportBigNumbers: true,
      bigNumberStrings: true,
      // Dates as the database writes them: no time zone of this process applied.
      dateStrings: true,
      charset: 'utf8mb4',
    });
    // Browsing never writes, whatever a view or a function it reads would do; queued before any other statement.
    pool.on('connection', (connection) => (connection as unknown as Connection).query('SET SESSION TRANSACTION READ ONLY', () => {}));
    const run = async <T extends RowDataPacket>(sql: string, values: unknown[]) => {
      const [rows] = await pool.query<T[]>({ sql, values, timeout: limits.statementMs });
      return rows;
    };
    const connection: LinkConnection = {
      async version() {
        const rows = await run<RowDataPacket & { version: string }>('select version() as version', []);
        return String(rows[0]?.version ?? '');
      },
      async tables(name, limit) {
        const rows = await run<RowDataPacket & LinkedTable>(TABLES, [containing(name), limit]);
        return rows.map((row) => ({ name: String(row.name), kind: row.kind, comment: String(row.comment ?? '') }));
      },
      async columns(tables) {
        const byTable = new Map<string, LinkedColumn[]>(tables.map((table) => [table, []]));
        if (!tables.length) return byTable;
        const rows = await run<RowDataPacket>(COLUMNS, [tables]);
        for (const row of rows) {
          byTable.get(String(row.table_name))?.push({
            name: String(row.name),
            type: String(row.type),
            length: row.length === null ? null : Number(row.length),
            nullable: Boolean(Number(row.nullable)),
            primaryKey: Boolean(Number(row.primary_key)),
            defaultValue: defaultOf(row.default_value),
            comment: String(row.comment ?? ''),
          });
        }
        return byTable;
      },
      async rows(table, orderBy, offset, limit, cap) {
        const order = orderBy.length ? ` order by ${orderBy.map(quoted).join(', ')}` : '';
        const [rows, fields] = (await pool.query({
          sql: `select * from ${quoted(table)}${order} limit ? offset ?`,
          values: [limit, offset],
          rowsAsArray: true,
          timeout: limits.statementMs,
        })) as [unknown[][], FieldPacket[]];
        const counted = await run<RowDataPacket>(`select count(*) as total from (select 1 from ${quoted(table)} limit ?) capped`, [cap + 1]);
        const columns = fields.map((field) => field.name);
        return {
          columns,
          records: rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, cellOf(row[i])]))),
          total: Number(counted[0]?.total ?? 0),
        };
      },
      async select(query, values, limit, offset) {
        const [rows, fields] = (await pool.query({
          sql: mysqlPage(query.text, limit, offset),
          values: [...values],
          rowsAsArray: true,
          timeout: limits.statementMs,
        })) as [unknown[][], FieldPacket[]];
        const columns = fields.map((field) => ({ name: field.name, type: TYPE_NAMES.get(Number(field.type)) ?? `type ${String(field.type)}` }));
        return { columns, records: rows.map((row) => Object.fromEntries(columns.map((column, i) => [column.name, cellOf(row[i])]))) };
      },
      async count(query, values, cap) {
        const counted = await run<RowDataPacket>(
          `select count(*) as total from (select 1 from (\n${query.text}\n) as data_source limit ${cap + 1}) as capped`,
          [...values],
        );
        return Number(counted[0]?.total ?? 0);
      },
      close: () => pool.end(),
    };
    return connection;
  },
  async check(text, tables) {
    const bound = bindParameters(text, MYSQL_QUOTING, () => '?', true);
    // MySQL runs what `/*! … */` holds, and reads `--x` as minus minus x where a parser sees a comment.
    if (bound.comments) return { problem: 'not allowed: comments (MySQL runs some of them)' };
    const problem = mysqlSelectProblem(bound.text, tables, '');
    if (problem) return { problem };
    return { text: bound.text.trim().replace(/;\s*$/, ''), names: bound.names };
  },
  failureOf(error) {
    const code = String((error as { code?: unknown })?.code ?? '');
    const reason = CODES[code];
    if (reason) return { reason, code };
    const network = networkFailure(code);
    if (network) return network;
    return code.startsWith('ER_') ? { reason: 'queryFailed', code } : { reason: 'connectFailed', code: code || 'unknown' };
  },
};

const MYSQL_RESERVED = new Set([
  ...SQL_RESERVED,
  ...`accessible add before bigint binary blob call cascade change char character condition continue convert database databases dec decimal
  declare delayed describe div double dual each elseif enclosed escaped exit explain float float4 float8 force fulltext generated get
  high_priority if ignore infile int integer interval iterate keys kill lines load lock long loop match mod modifies natural numeric
  optimize option optionally out outfile precision procedure purge range rank read reads real regexp release rename repeat replace
  require resignal restrict return revoke rlike row rows schema schemas separator show signal smallint spatial specific sql
  sqlexception sqlstate sqlwarning ssl starting stored straight_join terminated tinyint trigger undo unlock unsigned usage varbinary
  varchar varying while write xor zerofill`.split(/\s+/),
]);

const MYSQL_TYPES: Record<ColumnType, (column: DraftColumn) => string> = {
  varchar: (c) => `varchar(${c.length ?? 255})`,
  text: () => 'text',
  int: () => 'int',
  bigint: () => 'bigint',
  decimal: (c) => `decimal(${c.length ?? 18}, ${c.scale ?? 0})`,
  boolean: () => 'tinyint(1)',
  date: () => 'date',
  datetime: () => 'datetime',
  json: () => 'json',
};

const MYSQL_DESIGN_TYPES: Record<string, ColumnType> = {
  varchar: 'varchar',
  char: 'varchar',
  text: 'text',
  mediumtext: 'text',
  longtext: 'text',
  int: 'int',
  mediumint: 'int',
  smallint: 'int',
  bigint: 'bigint',
  decimal: 'decimal',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  json: 'json',
};

const mysqlText = (value: string) => textLiteral(value, true);

/** A column as MySQL declares it, in CREATE TABLE and in ADD COLUMN alike. */
function mysqlColumn(column: DraftColumn, inKey: boolean): string {
  const fallback = mysqlDialect.defaultOf(column);
  return `${quoted(column.name)} ${mysqlDialect.typeOf(column)}${column.nullable && !inKey ? ' null' : ' not null'}${fallback ? ` default ${fallback}` : ''}${
    column.comment ? ` comment ${mysqlText(column.comment)}` : ''
  }`;
}

export const mysqlDialect: Dialect = {
  label: 'MySQL',
  maxIdentifier: 64,
  reserved: MYSQL_RESERVED,
  quote: quoted,
  typeOf: (column) => MYSQL_TYPES[column.type](column),
  // tinyint(1) is how MySQL writes a boolean.
  designType: (nativeType, length) =>
    nativeType === 'tinyint' ? (length === 3 || length === 1 ? 'boolean' : 'int') : (MYSQL_DESIGN_TYPES[nativeType] ?? null),
  defaultOf: (column) => defaultLiteral(column, mysqlText, ['1', '0']),
  createTable(_schema, table, comment, columns) {
    const keys = columns.filter((column) => column.primaryKey).map((column) => quoted(column.name));
    const lines = columns.map((column) => mysqlColumn(column, column.primaryKey));
    if (keys.length) lines.push(`primary key (${keys.join(', ')})`);
    return [`create table ${quoted(table)} (\n  ${lines.join(',\n  ')}\n) default charset = utf8mb4${comment ? ` comment = ${mysqlText(comment)}` : ''}`];
  },
  addColumn: (_schema, table, column) => [`alter table ${quoted(table)} add column ${mysqlColumn(column, false)}`],
};
