import { z } from 'zod';
import { INT_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TOTAL_CAP } from './limits.ts';

export { INT_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TOTAL_CAP } from './limits.ts';

/** Success envelope the console expects from every call (DESIGN.md §3). */
export interface ApiSuccess<T> {
  code: 200;
  success: true;
  data: T;
  msg: string;
}

/** One problem of a refused document (an element of a BPMN model): which element, what kind, why in words. */
export interface FailureProblem {
  elementType: string;
  elementId: string;
  code: string;
  /** In the request's language. */
  message: string;
}

/** Failure envelope; `sys_msg` is for a person, in the request's language. */
export interface ApiFailure {
  code: number;
  success: false;
  error_code: number;
  httpCode: number;
  sys_msg: string;
  error_description: string;
  data: null;
  /** RFC 6749 error code, on token endpoint failures only. */
  error?: string;
  /** Every problem of a refused document, when there may be several (`sys_msg` names the first and counts the rest). */
  problems?: FailureProblem[];
}

export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), success: z.literal(true), data, msg: z.string() });
}

/** The failure envelope as a schema, for the API document. */
export const failureEnvelope = z
  .object({
    code: z.number().int().describe('The HTTP status again'),
    success: z.literal(false),
    error_code: z.number().int(),
    httpCode: z.number().int(),
    sys_msg: z.string().describe("What went wrong, for a person, in the request's language"),
    error_description: z.string().describe('Detail of the failure (never SQL or a stack)'),
    data: z.null(),
    error: z.string().optional().describe('RFC 6749 error code (token endpoint only)'),
    problems: z
      .array(z.object({ elementType: z.string(), elementId: z.string(), code: z.string(), message: z.string() }))
      .optional()
      .describe("Every problem of a refused document (a BPMN model's elements), each in the request's language; sys_msg names the first and counts the rest"),
  })
  .meta({ id: 'Failure' });

/** A database id in a JSON body: an integer, nothing else (no "1", no true, no [1]). */
export const id = z
  .number({ message: 'common.idInvalid' })
  .int({ message: 'common.idInvalid' })
  .min(1, { message: 'common.idInvalid' })
  .max(INT_MAX, { message: 'common.idInvalid' });

/** A parent id in a JSON body: 0 is the root; null, "" or [] are not. */
export const parentId = z
  .number({ message: 'common.idInvalid' })
  .int({ message: 'common.idInvalid' })
  .min(0, { message: 'common.idInvalid' })
  .max(INT_MAX, { message: 'common.idInvalid' });

/** An integer in a query string: digits only, within [min, max]. */
export function queryInt(min: number, max: number, message = 'common.idInvalid') {
  return z
    .string({ message })
    .regex(/^\d{1,10}$/, { message })
    .transform(Number)
    .pipe(z.number().int().min(min, { message }).max(max, { message }));
}

/** An id in a query string. */
export const idParam = queryInt(1, INT_MAX);
/** A parent id in a query string (0 is the root). */
export const parentIdParam = queryInt(0, INT_MAX);

/** A comma-separated id list in a query string ("1,2,3"), deduplicated. */
export const idList = z
  .string({ message: 'common.idsInvalid' })
  .min(1, { message: 'common.idsInvalid' })
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim());
    if (parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > INT_MAX)) {
      ctx.addIssue({ code: 'custom', message: 'common.idsInvalid' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

export const pageQuery = z.object({
  current: queryInt(1, INT_MAX, 'common.badRequest').default(1),
  size: queryInt(1, PAGE_SIZE_MAX, 'common.badRequest').default(PAGE_SIZE_DEFAULT),
  /** Keyset cursor from a previous page's `nextCursor`: the page after that row, however deep. */
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

export interface Page<T> {
  records: T[];
  /** Matching rows; when `totalExact` is false, at least this many. */
  total: number;
  current: number;
  size: number;
  totalExact: boolean;
  /** Cursor of the page after this one, for keyset paging past TOTAL_CAP rows. */
  nextCursor: string | null;
}

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    totalExact: z.boolean().describe(`False when more than ${TOTAL_CAP} rows match: total then reads ${TOTAL_CAP}`),
    nextCursor: z.string().nullable().describe('Pass as `cursor` to read the next page by key (deep pages)'),
  });
}

const MAX_JSON = 256 * 1024;

/**
 * A JSON object a person filled in (form data, process variables): at most 256 KB, no NUL
 * anywhere (PostgreSQL's jsonb refuses it) and no number beyond JavaScript's safe integers.
 */
export function jsonObject(message: string) {
  return z.record(z.string(), z.unknown(), { message }).refine(
    (value) => {
      const json = JSON.stringify(value);
      if (json.length > MAX_JSON || json.includes('\\u0000')) return false;
      let safe = true;
      JSON.stringify(value, (_, v) => {
        if (typeof v === 'number' && (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER)) safe = false;
        return v;
      });
      return safe;
    },
    { message },
  );
}
