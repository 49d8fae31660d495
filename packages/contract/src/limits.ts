// Plain numbers and measures of the length, paging and id rules, apart from the schemas that
// apply them: a screen that only reads a limit does not load zod for it.

/** Largest value of a PostgreSQL integer: every id and count a request names fits in one. */
export const INT_MAX = 2_147_483_647;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 500;
/**
 * Lists count matching rows exactly up to this many; beyond it the total reads
 * TOTAL_CAP with `totalExact: false` ("10 000+"), so a page costs the same at a million rows.
 */
export const TOTAL_CAP = 10_000;

/** Length as the spec counts it: each non-ASCII character counts as 2. */
export function textLength(value: string): number {
  let length = 0;
  for (const ch of value) length += ch.codePointAt(0)! > 0x7f ? 2 : 1;
  return length;
}

export const LENGTH_LIMITS = { short: 50, standard: 100, description: 1600, function: 1000 } as const;
export type LengthLimit = keyof typeof LENGTH_LIMITS;
