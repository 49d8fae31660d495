import type { ColumnType, DraftColumn } from '@macro/contract/databaselinks';

/**
 * How one database writes designed tables: its names, types and literals, and the statements a
 * release runs. Only what a design can say is written, every name quoted and every value a
 * literal of the column's type: nothing an administrator types reaches the text unchecked.
 */
export interface Dialect {
  /** The database's name in messages. */
  label: string;
  maxIdentifier: number;
  /** Words that cannot name a table or a column unquoted, lower case. */
  reserved: ReadonlySet<string>;
  quote(name: string): string;
  /** The design type written as this database names it. */
  typeOf(column: DraftColumn): string;
  /** The design type of a column this database describes (`data_type`), or null when none fits. */
  designType(nativeType: string, length: number | null): ColumnType | null;
  /** The default as this database writes it, '' for none, or undefined when it is not a value of the column's type. */
  defaultOf(column: DraftColumn): string | undefined;
  createTable(schema: string, table: string, comment: string, columns: readonly DraftColumn[]): string[];
  addColumn(schema: string, table: string, column: DraftColumn): string[];
}

/** Reserved in SQL itself, hence in both kinds. */
export const SQL_RESERVED = `all alter and any as asc between both by case cast check collate column constraint create cross current_date
  current_time current_timestamp current_user default delete desc distinct drop else end except exists false fetch for foreign from
  full grant group having in index inner insert intersect into is join key leading left like limit not null offset on or order
  outer primary references right select session_user set some table then to trailing true union unique update user using values
  when where with`.split(/\s+/);

/** A text literal in single quotes, each quote doubled (and, where the database reads them so, each backslash). */
export const textLiteral = (value: string, backslashes: boolean) => `'${(backslashes ? value.replaceAll('\\', '\\\\') : value).replaceAll("'", "''")}'`;

/**
 * The default of a column as a literal: numbers and dates checked by form, `now` for the current
 * date or time, text quoted; '' for none, undefined when the value is not of the column's type.
 */
export function defaultLiteral(column: DraftColumn, text: (value: string) => string, booleans: [string, string]): string | undefined {
  const value = column.defaultValue.trim();
  if (value === '') return '';
  switch (column.type) {
    case 'int':
    case 'bigint':
      return /^-?\d{1,18}$/.test(value) ? value : undefined;
    case 'decimal':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(value) ? value : undefined;
    case 'boolean':
      return /^(true|1)$/i.test(value) ? booleans[0] : /^(false|0)$/i.test(value) ? booleans[1] : undefined;
    case 'date':
      return value.toLowerCase() === 'now' ? 'CURRENT_DATE' : /^\d{4}-\d{2}-\d{2}$/.test(value) ? text(value) : undefined;
    case 'datetime':
      return value.toLowerCase() === 'now'
        ? 'CURRENT_TIMESTAMP'
        : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(value)
          ? text(value.replace('T', ' '))
          : undefined;
    case 'json':
      return undefined;
    default:
      return text(column.defaultValue);
  }
}
