import sqlParser from 'node-sql-parser';

/*
 * Administrator-written queries for MySQL and MariaDB, checked on node-sql-parser's tree against
 * allow-lists: one SELECT, the link's own tables only, these functions and operators only; no
 * INTO (files, variables), no locking reads, no user or system variables. Anything the lists do
 * not name is refused with its name.
 */

const parser = new sqlParser.Parser();

/** Node types of plain reading expressions; any other is refused. */
const NODE_TYPES = new Set([
  'select',
  'column_ref',
  'number',
  'single_quote_string',
  'double_quote_string',
  'natural_string',
  'string',
  'bool',
  'boolean',
  'null',
  'star',
  'date',
  'datetime',
  'time',
  'timestamp',
  'interval',
  'expr_list',
  'binary_expr',
  'unary_expr',
  'aggr_func',
  'function',
  'case',
  'when',
  'else',
  'cast',
  'default',
  'origin',
  'window',
  // The direction of an ORDER BY item.
  'ASC',
  'DESC',
]);

const OPERATORS = new Set(
  ['=', '!=', '<>', '<', '>', '<=', '>=', '<=>', '+', '-', '*', '/', '%', 'DIV', 'MOD', 'AND', 'OR', 'XOR', 'NOT', '!', 'IS', 'IS NOT', 'IN', 'NOT IN'].concat([
    'LIKE',
    'NOT LIKE',
    'BETWEEN',
    'NOT BETWEEN',
    'EXISTS',
    'NOT EXISTS',
    '||',
    '&&',
  ]),
);

const AGGREGATES = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'GROUP_CONCAT']);

const FUNCTIONS = new Set(
  `abs ceil ceiling floor round truncate mod power pow sqrt sign greatest least coalesce ifnull nullif if isnull
  concat concat_ws substring substr left right length char_length character_length lower upper lcase ucase trim ltrim rtrim lpad
  rpad replace reverse locate instr position repeat space format field find_in_set
  now curdate curtime current_date current_time current_timestamp sysdate date time year month day dayofmonth dayofweek dayofyear
  hour minute second week weekday quarter last_day date_format str_to_date datediff timestampdiff date_add date_sub adddate subdate
  makedate from_unixtime unix_timestamp row_number rank dense_rank`.split(/\s+/),
);

const CAST_TYPES = new Set(['CHAR', 'VARCHAR', 'SIGNED', 'UNSIGNED', 'DECIMAL', 'DATE', 'DATETIME', 'TIME', 'INTEGER', 'INT', 'DOUBLE', 'FLOAT']);

type Node = Record<string, unknown>;

const functionName = (node: Node) =>
  String(((node.name as { name?: { value?: string }[] } | undefined)?.name ?? []).map((part) => part.value ?? '').join('.')).toLowerCase();

/** What a query may name at one place: the link's tables and the CTEs in scope. */
interface Scope {
  tables: ReadonlySet<string>;
  database: string;
  ctes: ReadonlySet<string>;
}

function fromProblem(entry: Node, scope: Scope): string | undefined {
  if (entry.expr || !entry.table) return undefined;
  const table = String(entry.table);
  if (entry.db && String(entry.db) !== scope.database) return `not allowed: table ${String(entry.db)}.${table}`;
  return scope.tables.has(table) || scope.ctes.has(table) ? undefined : `not allowed: table ${table}`;
}

function nodeProblem(node: Node, scope: Scope): string | undefined {
  const type = String(node.type);
  if (!NODE_TYPES.has(type)) return `not allowed: ${type}`;
  switch (type) {
    case 'select': {
      if ((node.into as { position?: unknown } | undefined)?.position) return 'not allowed: SELECT … INTO';
      if (node.locking_read) return `not allowed: ${String(node.locking_read)}`;
      const ctes = new Set(scope.ctes);
      for (const cte of (node.with as { name: { value: string }; stmt: { ast: Node } }[] | null) ?? []) {
        const problem = walk(cte.stmt.ast, { ...scope, ctes });
        if (problem) return problem;
        ctes.add(cte.name.value);
      }
      const inner = { ...scope, ctes };
      for (const entry of (node.from as Node[] | null) ?? []) {
        const problem = fromProblem(entry, inner);
        if (problem) return problem;
      }
      const { with: _, ...rest } = node;
      return walkChildren(rest, inner);
    }
    case 'binary_expr':
    case 'unary_expr':
      return OPERATORS.has(String(node.operator).toUpperCase()) ? undefined : `not allowed: operator ${String(node.operator)}`;
    case 'aggr_func':
      return AGGREGATES.has(String(node.name).toUpperCase()) ? undefined : `not allowed: function ${String(node.name)}`;
    case 'function': {
      const name = functionName(node);
      return FUNCTIONS.has(name) ? undefined : `not allowed: function ${name}`;
    }
    case 'cast': {
      const targets = (node.target as { dataType?: string }[] | undefined) ?? [];
      const refused = targets.find((target) => !CAST_TYPES.has(String(target.dataType).toUpperCase()));
      return refused ? `not allowed: type ${String(refused.dataType)}` : undefined;
    }
    case 'origin':
      return node.value === '?' ? undefined : `not allowed: ${String(node.value)}`;
    default:
      return undefined;
  }
}

function walkChildren(node: Node, scope: Scope): string | undefined {
  for (const [key, child] of Object.entries(node)) {
    // The parser's lists of the tables and columns it saw are names, not syntax.
    if (key === 'tableList' || key === 'columnList' || !child || typeof child !== 'object') continue;
    const problem = walk(child, scope);
    if (problem) return problem;
  }
  return undefined;
}

function walk(value: unknown, scope: Scope): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = walk(item, scope);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const node = value as Node;
  if (typeof node.type === 'string') {
    const problem = nodeProblem(node, scope);
    if (problem) return problem;
    // A SELECT walked its own children with the CTEs it declares in scope.
    if (node.type === 'select') return undefined;
  }
  return walkChildren(node, scope);
}

/** Why the query is refused, or undefined: one SELECT that reads only `tables` of `database`. */
export function mysqlSelectProblem(text: string, tables: readonly string[], database: string): string | undefined {
  let ast: unknown;
  try {
    ast = parser.astify(text, { database: 'MariaDB' });
  } catch (error) {
    return `not valid SQL: ${(error as Error).message.split('\n')[0]}`;
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) return 'exactly one statement is allowed';
  const [statement] = statements as Node[];
  if (statement.type !== 'select') return 'only a SELECT is allowed';
  return walk(statement, { tables: new Set(tables), database, ctes: new Set() });
}

const ownLimits = new Map<string, boolean>();

/**
 * A page of a checked SELECT. MariaDB drops an ORDER BY inside a derived table that has no LIMIT,
 * so a query without a LIMIT of its own gets the page's LIMIT appended (its order then holds);
 * one with its own LIMIT is wrapped, that LIMIT applying first, as written.
 */
export function mysqlPage(text: string, limit: number, offset: number): string {
  let limited = ownLimits.get(text);
  if (limited === undefined) {
    // A UNION's parts follow one another (`_next`); a LIMIT on any of them is the query's own.
    limited = false;
    type Part = { limit?: { value?: unknown[] }; _next?: Part };
    for (let part = [parser.astify(text, { database: 'MariaDB' })].flat()[0] as Part | undefined; part; part = part._next) {
      if (part.limit?.value?.length) limited = true;
    }
    if (ownLimits.size >= 500) ownLimits.clear();
    ownLimits.set(text, limited);
  }
  return limited ? `select * from (\n${text}\n) as data_source limit ${limit} offset ${offset}` : `${text}\nlimit ${limit} offset ${offset}`;
}
