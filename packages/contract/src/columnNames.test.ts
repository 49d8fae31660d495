import { describe, expect, it } from 'vitest';
import { columnNameProblem, POSTGRES_SYSTEM_COLUMNS } from './columnNames.ts';
import { customTableColumnRefusal } from './forms/index.ts';

describe('column names', () => {
  it('refuses PostgreSQL’s system columns and reserved key words, whatever their case', () => {
    for (const name of [...POSTGRES_SYSTEM_COLUMNS, 'CTID', 'TableOid']) expect(columnNameProblem(name), name).toBe('system');
    for (const name of ['select', 'ORDER', 'user', 'Table', 'isnull', 'authorization', 'system_user']) expect(columnNameProblem(name), name).toBe('reserved');
  });

  it('lets through names PostgreSQL does not reserve, key words it does not reserve included', () => {
    for (const name of ['title', 'name', 'type', 'comment', 'between', 'oid', 'ctid2', 'selected']) expect(columnNameProblem(name), name).toBeNull();
  });

  it('refuses in a custom table its own columns too, each with the message that says why', () => {
    expect(customTableColumnRefusal('tenant_id')).toBe('forms.columnReserved');
    expect(customTableColumnRefusal('xmax')).toBe('forms.columnReserved');
    expect(customTableColumnRefusal('where')).toBe('forms.columnKeyword');
    expect(customTableColumnRefusal('amount')).toBeNull();
  });
});
