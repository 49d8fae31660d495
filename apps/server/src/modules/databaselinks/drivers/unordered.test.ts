import { describe, expect, it } from 'vitest';
import { DRIVERS } from './index.ts';

/** What a PostgreSQL link counts a checked query by: the query without its closing ORDER BY, where that can be cut cleanly. */
async function unordered(text: string) {
  const checked = await DRIVERS.postgresql.check(text, ['orders', 'depts']);
  if ('problem' in checked) throw new Error(checked.problem);
  return checked.unordered;
}

describe('a PostgreSQL count reads the query unordered', () => {
  it('cuts the closing ORDER BY, and only that', async () => {
    expect(await unordered('select id, title from orders where dept = @dept order by id desc')).toBe('select id, title from orders where dept = $1');
    expect(await unordered("select title from orders where title <> '按 order by 排序' order by title;")).toBe(
      "select title from orders where title <> '按 order by 排序'",
    );
    expect(await unordered('select id from orders union select id from depts order by 1')).toBe('select id from orders union select id from depts');
    expect(await unordered('with d as (select id from depts order by id) select id from d order by id')).toBe(
      'with d as (select id from depts order by id) select id from d',
    );
  });

  it('keeps the query whole where the order decides the rows or cannot be cut cleanly', async () => {
    for (const text of [
      'select id from orders order by id limit 10',
      'select id from orders order by id offset 5',
      'select id from orders order by (id + 1)',
      'select id from orders order by case when dept = @dept then 0 else 1 end',
      'select id from (select id from orders order by id) o',
      'select id from orders',
    ])
      expect(await unordered(text), text).toBeUndefined();
  });
});
