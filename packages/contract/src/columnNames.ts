/*
 * Names a column may not take. PostgreSQL's system columns exist in every table, so a column of
 * that name cannot be added at all; its reserved key words can be columns only when quoted, and
 * every statement written over the table by hand would have to remember the quotes.
 */

/** The system columns every PostgreSQL table has (manual, "System Columns"). */
export const POSTGRES_SYSTEM_COLUMNS = ['tableoid', 'xmin', 'cmin', 'xmax', 'cmax', 'ctid'] as const;

/**
 * PostgreSQL's reserved key words (manual, appendix "SQL Key Words"): those reserved outright and
 * those that may only be a function or type name, neither of which an unquoted column name may
 * be; `pg_get_keywords()` categories R and T up to PostgreSQL 18. A server test checks the
 * running database reserves no word missing here.
 */
export const POSTGRES_RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column ' +
    'concurrently constraint create cross current_catalog current_date current_role current_schema current_time ' +
    'current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from ' +
    'full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime ' +
    'localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning ' +
    'right select session_user similar some symmetric system_user table tablesample then to trailing true union unique user ' +
    'using variadic verbose when where window with'
  ).split(' '),
);

const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(POSTGRES_SYSTEM_COLUMNS);

/** Why a name cannot be a column of a PostgreSQL table, compared without case; null when it can. */
export function columnNameProblem(name: string): 'system' | 'reserved' | null {
  const lower = name.toLowerCase();
  if (SYSTEM_COLUMNS.has(lower)) return 'system';
  return POSTGRES_RESERVED_WORDS.has(lower) ? 'reserved' : null;
}
