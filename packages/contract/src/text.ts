import { z } from 'zod';

/** Length as the spec counts it: each non-ASCII character counts as 2. */
export function textLength(value: string): number {
  let length = 0;
  for (const ch of value) length += ch.codePointAt(0)! > 0x7f ? 2 : 1;
  return length;
}

export const LENGTH_LIMITS = { short: 50, standard: 100, description: 1600, function: 1000 } as const;
export type LengthLimit = keyof typeof LENGTH_LIMITS;

/** A text field with the spec's length rule; messages are keys translated by each side. */
export function text(limit: LengthLimit) {
  const max = LENGTH_LIMITS[limit];
  return z
    .string({ message: 'validation.notText' })
    .trim()
    .refine((v) => textLength(v) <= max, { message: 'validation.maxLength', params: { max } });
}

export function requiredText(limit: LengthLimit, requiredKey: string) {
  const max = LENGTH_LIMITS[limit];
  return z
    .string({ message: requiredKey })
    .trim()
    .min(1, { message: requiredKey })
    .refine((v) => textLength(v) <= max, { message: 'validation.maxLength', params: { max } });
}
