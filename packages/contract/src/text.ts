import { z } from 'zod';
import { type LengthLimit, LENGTH_LIMITS, textLength } from './limits.ts';

export { type LengthLimit, LENGTH_LIMITS, textLength } from './limits.ts';

/** PostgreSQL text cannot hold NUL: refused here with a message rather than by the database. */
const hasNoNul = (v: string) => !v.includes('\u0000');

/** A text field with the spec's length rule; messages are keys translated by each side. */
export function text(limit: LengthLimit) {
  const max = LENGTH_LIMITS[limit];
  return z
    .string({ message: 'validation.notText' })
    .trim()
    .refine(hasNoNul, { message: 'validation.nulCharacter', abort: true })
    .refine((v) => textLength(v) <= max, { message: 'validation.maxLength', params: { max } });
}

export function requiredText(limit: LengthLimit, requiredKey: string) {
  const max = LENGTH_LIMITS[limit];
  return z
    .string({ message: requiredKey })
    .trim()
    .min(1, { message: requiredKey })
    .refine(hasNoNul, { message: 'validation.nulCharacter', abort: true })
    .refine((v) => textLength(v) <= max, { message: 'validation.maxLength', params: { max } });
}

/** A search term in a query string: trimmed, NUL-free, at most 100 characters; blank means no filter. */
export const searchText = z
  .string({ message: 'validation.notText' })
  .trim()
  .refine(hasNoNul, { message: 'validation.nulCharacter', abort: true })
  .refine((v) => v.length <= 100, { message: 'validation.maxLength', params: { max: 100 } })
  .optional();
