import type { Page, PageQuery } from '@macro/contract';

export const offsetOf = (query: PageQuery) => (query.current - 1) * query.size;

export function pageOf<T>(records: T[], total: number, query: PageQuery): Page<T> {
  return { records, total, current: query.current, size: query.size };
}

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
