import { rowsOf, type Tx } from '@macro/store';
import { sql } from 'drizzle-orm';
import { parse } from 'libpg-query';
import { refuse } from '../errors.ts';

const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
export const APPROVER_COLUMN = 'F_UserId';
const TIMEOUT = '3s';

function* keysOf(node: unknown): Generator<[string, unknown]> {
  if (Array.isArray(node)) for (const item of node) yield* keysOf(item);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      yield [key, value];
      yield* keysOf(value);
    }
  }
}

/**
 * Checks an approver query with PostgreSQL's own parser: one SELECT, writing nothing (no
 * data-modifying WITH, no SELECT INTO, no row locks), with a column named exactly `F_UserId`.
 * Returns the reason it is refused, or undefined.
 */
export async function approverSqlProblem(text: string): Promise<string | undefined> {
  let tree: { stmts: { stmt: Record<string, unknown> }[] };
  try {
    tree = await parse(text);
  } catch (error) {
    return `not valid SQL: ${(error as Error).message}`;
  }
  if (tree.stmts.length !== 1) return 'exactly one statement is allowed';
  const select = tree.stmts[0].stmt.SelectStmt as Record<string, unknown> | undefined;
  if (!select) return 'only a SELECT is allowed';
  for (const [key] of keysOf(tree)) {
    if (WRITES.has(key)) return 'the query may not change data';
    if (key === 'intoClause' || key === 'lockingClause') return 'SELECT INTO and row locks are not allowed';
  }
  const outer = (select.larg as Record<string, unknown> | undefined) ?? select;
  const targets = (outer.targetList as { ResTarget: { name?: string; val?: { ColumnRef?: { fields: { String?: { sval: string } }[] } } } }[]) ?? [];
  const named = targets.some(({ ResTarget: t }) => {
    if (t.name !== undefined) return t.name === APPROVER_COLUMN;
    const fields = t.val?.ColumnRef?.fields ?? [];
    return fields[fields.length - 1]?.String?.sval === APPROVER_COLUMN;
  });
  return named ? undefined : `the query must return a column named ${APPROVER_COLUMN} (case-sensitive)`;
}

/**
 * Runs a checked approver query inside the operation's transaction, fenced by a savepoint that is
 * read-only and has a statement time-out; whatever happens, the savepoint is rolled back.
 */
export async function runApproverSql(tx: Tx, text: string): Promise<number[]> {
  const problem = await approverSqlProblem(text);
  if (problem) refuse('workflow.badApproverSql', `approver SQL refused: ${problem}`, { detail: problem });
  await tx.execute(sql`savepoint wf_approver_sql`);
  try {
    await tx.execute(sql.raw('set local transaction_read_only = on'));
    await tx.execute(sql.raw(`set local statement_timeout = '${TIMEOUT}'`));
    const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(text)));
    return rows.map((r) => Number(r[APPROVER_COLUMN])).filter((n) => Number.isInteger(n));
  } catch (error) {
    // The database's reason, not the driver's wrapper that repeats the query.
    const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message;
    return refuse('workflow.approverSqlFailed', `approver SQL failed: ${reason}`, { detail: reason });
  } finally {
    await tx.execute(sql`rollback to savepoint wf_approver_sql`);
    await tx.execute(sql`release savepoint wf_approver_sql`);
  }
}
