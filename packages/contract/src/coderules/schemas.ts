import { z } from 'zod';
import { idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

export const CODE_DATE_FORMATS = ['yyyy', 'yyyyMM', 'yyyyMMdd', 'yyMMdd'] as const;
export type CodeDateFormat = (typeof CODE_DATE_FORMATS)[number];
export const CODE_RESETS = ['never', 'daily', 'monthly', 'yearly'] as const;
export type CodeReset = (typeof CODE_RESETS)[number];
export const CODE_PART_KINDS = ['text', 'date', 'sequence', 'random', 'tenant', 'company', 'dept'] as const;
export type CodePartKind = (typeof CODE_PART_KINDS)[number];
/** The time zone a rule reads dates in unless it names another. */
export const CODE_RULE_TIME_ZONE = 'Asia/Shanghai';

const whole = (min: number, max: number) =>
  z
    .number({ message: 'validation.digits' })
    .int({ message: 'validation.digits' })
    .min(min, { message: 'coderules.range' })
    .max(max, { message: 'coderules.range' });

/** Fixed text: letters, digits and the usual separators, nothing that would break a number in a file name or a URL. */
const fixedText = z
  .string({ message: 'coderules.textRequired' })
  .min(1, { message: 'coderules.textRequired' })
  .refine((v) => v.length <= 20, { message: 'validation.maxLength', params: { max: 20 } })
  .regex(/^[\p{L}\p{N}_\-./#]+$/u, { message: 'coderules.textCharacters' });

/** One part of a number, in the order the rule lists them. */
export const codeRulePart = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), value: fixedText }),
    z.object({ kind: z.literal('date'), format: z.enum(CODE_DATE_FORMATS, { message: 'coderules.badFormat' }) }),
    z.object({
      kind: z.literal('sequence'),
      /** Digits, zero-padded on the left (a value that outgrows them keeps all its digits). */
      width: whole(1, 12),
      start: whole(0, 999_999_999),
      step: whole(1, 1000),
      reset: z.enum(CODE_RESETS, { message: 'coderules.badReset' }),
    }),
    z.object({ kind: z.literal('random'), length: whole(1, 12), charset: z.enum(['digits', 'letters'], { message: 'coderules.badCharset' }) }),
    z.object({ kind: z.literal('tenant') }),
    /** The code of the company of the user's department. */
    z.object({ kind: z.literal('company') }),
    /** The code of the user's department. */
    z.object({ kind: z.literal('dept') }),
  ],
  { message: 'coderules.badPart' },
);
export type CodeRulePart = z.infer<typeof codeRulePart>;

/** A rule's parts: at most ten, and exactly one sequence, which is what keeps numbers from repeating. */
export const codeRuleParts = z
  .array(codeRulePart, { message: 'coderules.partsRequired' })
  .min(1, { message: 'coderules.partsRequired' })
  .max(10, { message: 'coderules.tooManyParts' })
  .refine((parts) => parts.filter((part) => part.kind === 'sequence').length === 1, { message: 'coderules.oneSequence' });

/** A code rule of a tenant; its code and its name are each unique in the tenant. */
export const codeRule = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    parts: z.array(codeRulePart),
    timeZone: z.string(),
    /** What the next number looks like now: the next sequence value, the taker's codes and random characters as placeholders. */
    example: z.string(),
    /** The last sequence value handed out in the current period; null when none yet. */
    lastSequence: z.number().nullable(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'CodeRule' });
export type CodeRule = z.infer<typeof codeRule>;

const ruleFields = {
  code: requiredText('short', 'coderules.codeRequired'),
  name: requiredText('standard', 'coderules.nameRequired'),
  parts: codeRuleParts,
  timeZone: z
    .string({ message: 'coderules.badTimeZone' })
    .trim()
    .max(64, { message: 'coderules.badTimeZone' })
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { message: 'coderules.badTimeZone' })
    .default(CODE_RULE_TIME_ZONE),
  sort: z
    .number({ message: 'coderules.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
};

/** Creates a code rule. */
export const codeRuleCreate = z.object(ruleFields);
export type CodeRuleCreate = z.input<typeof codeRuleCreate>;
/** Replaces a code rule's fields; its sequence goes on from where it is. */
export const codeRuleUpdate = z.object(ruleFields);

export const codeRuleSearch = z.object({ code: searchText, name: searchText });
export const codeRuleListQuery = pageQuery.extend(codeRuleSearch.shape);
export const codeRuleIdParams = z.object({ id: idParam });
export const codeRuleRemoved = z.object({ removed: z.number().int() });
/** A number handed out: it is taken, whether or not it is used. */
export const codeRuleNumber = z.object({ code: z.string(), sequence: z.number(), period: z.string() }).meta({ id: 'CodeRuleNumber' });
export const codeRuleBrief = z.object({ id: z.number(), code: z.string(), name: z.string() });
