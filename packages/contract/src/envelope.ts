import { z } from 'zod';

/** Success envelope the console expects from every call (DESIGN.md §3). */
export interface ApiSuccess<T> {
  code: 200;
  success: true;
  data: T;
  msg: string;
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
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 500;

export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), success: z.literal(true), data, msg: z.string() });
}

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number(), current: z.number(), size: z.number() });
}

/** Database ids travel as numbers; query strings carry them as text. */
export const id = z.coerce.number().int().positive();
export const idList = z
  .string()
  .min(1)
  .transform((s, ctx) => {
    const ids = s.split(',').map((p) => Number(p.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'common.idsInvalid' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });
