// How a code rule turns into a number, shared by the server (which hands numbers out) and the
// console (which previews them while the rule is written): one function, so the preview is
// exactly what `gen` will give.
import type { CodeDateFormat, CodeReset, CodeRulePart } from './schemas.ts';

/** What a number is made of besides its rule: when, where, for whom, and its sequence value. */
export interface CodeContext {
  now: Date;
  /** The rule's time zone (IANA): dates and reset periods are read in it. */
  timeZone: string;
  /** The sequence value this number takes. */
  sequence: number;
  tenantCode: string;
  companyCode: string;
  deptCode: string;
  /** `length` random characters of `charset`. */
  random: (length: number, charset: 'digits' | 'letters') => string;
}

/** One date formatter per zone: making one costs far more than using it, and every number and preview reads a date. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `now` in `timeZone`, as four-, two- and two-digit strings. */
export function calendarDate(now: Date, timeZone: string): { year: string; month: string; day: string } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year').padStart(4, '0'), month: part('month'), day: part('day') };
}

export function formatDate(now: Date, timeZone: string, format: CodeDateFormat): string {
  const { year, month, day } = calendarDate(now, timeZone);
  switch (format) {
    case 'yyyy':
      return year;
    case 'yyyyMM':
      return year + month;
    case 'yyyyMMdd':
      return year + month + day;
    case 'yyMMdd':
      return year.slice(-2) + month + day;
  }
}

/**
 * The period a sequence counts in: it starts again from its first value when the period changes
 * (a new day, month or year in the rule's time zone); `never` is one period for ever.
 */
export function periodOf(reset: CodeReset, now: Date, timeZone: string): string {
  switch (reset) {
    case 'never':
      return '';
    case 'daily':
      return formatDate(now, timeZone, 'yyyyMMdd');
    case 'monthly':
      return formatDate(now, timeZone, 'yyyyMM');
    case 'yearly':
      return formatDate(now, timeZone, 'yyyy');
  }
}

/** Whether `timeZone` is one this runtime knows (an IANA name such as Asia/Shanghai). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** What one part contributes to a number. */
function partText(part: CodeRulePart, context: CodeContext): string {
  switch (part.kind) {
    case 'text':
      return part.value;
    case 'date':
      return formatDate(context.now, context.timeZone, part.format);
    case 'sequence':
      return String(context.sequence).padStart(part.width, '0');
    case 'random':
      return context.random(part.length, part.charset);
    case 'tenant':
      return context.tenantCode;
    case 'company':
      return context.companyCode;
    case 'dept':
      return context.deptCode;
  }
}

/** The number the parts make in this context, part after part. */
export function formatCode(parts: readonly CodeRulePart[], context: CodeContext): string {
  return parts.map((part) => partText(part, context)).join('');
}

/** The sequence part of a rule (a valid rule has exactly one). */
export function sequencePart(parts: readonly CodeRulePart[]) {
  const found = parts.find((part) => part.kind === 'sequence');
  if (found?.kind !== 'sequence') throw new Error('a code rule has one sequence part');
  return found;
}
