import type { Tx } from '@macro/store';
import { runUserSql, type SqlFence, UserSqlError, UserSqlRefused, userSqlProblem } from '@macro/store/userSql';
import { refuse } from '../errors.ts';

export const APPROVER_COLUMN = 'F_UserId';

/**
 * What an approver query may read: views over the tenant's organisation, made by the host
 * (the server's migrations) with these names and the columns docs/workflow.md lists. Row-level
 * security applies through them, so a query sees its own tenant only.
 */
export const APPROVER_RELATIONS = [
  'approver_users',
  'approver_user_roles',
  'approver_roles',
  'approver_posts',
  'approver_user_posts',
  'approver_departments',
] as const;

export const APPROVER_SQL_FENCE: SqlFence = {
  relations: APPROVER_RELATIONS,
  requiredColumn: APPROVER_COLUMN,
  rowCap: 1000,
  timeoutMs: 3000,
};

/**
 * Checks an approver query with PostgreSQL's own parser against the approver fence: one SELECT
 * over the approver views, allowed functions only, returning `F_UserId` (in any case: an unquoted
 * name folds to `f_userid`). Returns the reason it is
 * refused, or undefined.
 */
export function approverSqlProblem(text: string): Promise<string | undefined> {
  return userSqlProblem(text, APPROVER_SQL_FENCE);
}

/**
 * Runs an approver query inside the operation's transaction, in the fence's read-only savepoint.
 * A failure answers with its SQLSTATE and position only, never the database's text.
 */
export async function runApproverSql(tx: Tx, text: string): Promise<number[]> {
  try {
    const rows = await runUserSql(tx, text, APPROVER_SQL_FENCE, 'approver SQL');
    const column = Object.keys(rows[0] ?? {}).find((key) => key.toLowerCase() === APPROVER_COLUMN.toLowerCase());
    return column ? rows.map((r) => Number(r[column])).filter((n) => Number.isInteger(n)) : [];
  } catch (error) {
    if (error instanceof UserSqlRefused) refuse('workflow.badApproverSql', `approver SQL refused: ${error.reason}`, { detail: error.reason });
    if (error instanceof UserSqlError) refuse('workflow.approverSqlFailed', `approver SQL failed: ${error.message}`, { detail: error.message });
    throw error;
  }
}
