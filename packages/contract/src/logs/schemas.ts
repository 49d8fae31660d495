import { z } from 'zod';
import { idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText } from '../text.ts';

/**
 * The kinds of log the log screen reads: front-end errors uploaded from the log dialog, API
 * access, sign-ins (and sign-outs) and the audit log of every change.
 */
export const LOG_TYPES = ['error', 'api', 'login', 'audit'] as const;
export type LogType = (typeof LOG_TYPES)[number];
/**
 * What clear and delete may remove. Sign-ins and the audit log are the record of who did what
 * (clearing included): append-only, never erased through the API whose acts they record.
 */
export const REMOVABLE_LOG_TYPES = ['error', 'api'] as const;
export type RemovableLogType = (typeof REMOVABLE_LOG_TYPES)[number];
/** Audit actions shown as sign-in logs; every other action is in the audit log. */
export const SIGN_IN_ACTIONS = ['login', 'logout', 'refresh-reuse', 'unlock'] as const;

/** At most this many errors per upload; the dialog keeps no more than that. */
export const LOG_UPLOAD_MAX = 50;
/** Spec 000 §3: the feedback screenshot is a JPEG data URL; at most 5 MB decoded. */
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const hasNoNul = (v: string) => !v.includes('\u0000');

/** Free text of a bounded length (characters), NUL refused with a message. */
function boundedText(max: number) {
  return z
    .string({ message: 'validation.notText' })
    .refine(hasNoNul, { message: 'validation.nulCharacter', abort: true })
    .refine((v) => v.length <= max, { message: 'validation.maxLength', params: { max } });
}

const isoTime = z
  .string({ message: 'logs.timeInvalid' })
  .max(40, { message: 'logs.timeInvalid' })
  .refine((v) => hasNoNul(v) && !Number.isNaN(Date.parse(v)), { message: 'logs.timeInvalid' });

/** One unhandled front-end error as the console captured it. */
export const clientError = z.object({
  type: requiredText('short', 'logs.typeRequired'),
  message: boundedText(2000),
  stack: boundedText(8000).default(''),
  info: boundedText(2000).default(''),
  url: boundedText(2000).default(''),
  time: isoTime,
});
export type ClientError = z.input<typeof clientError>;

export const logUpload = z.object({
  logs: z
    .array(clientError, { message: 'logs.logsRequired' })
    .min(1, { message: 'logs.logsRequired' })
    .refine((v) => v.length <= LOG_UPLOAD_MAX, { message: 'logs.tooMany', params: { max: LOG_UPLOAD_MAX } }),
});
export type LogUpload = z.input<typeof logUpload>;
export const logUploaded = z.object({ stored: z.number().int() });

const queryTime = z
  .string({ message: 'logs.timeInvalid' })
  .trim()
  .max(40, { message: 'logs.timeInvalid' })
  .refine((v) => v === '' || (hasNoNul(v) && !Number.isNaN(Date.parse(v))), { message: 'logs.timeInvalid' })
  .transform((v) => (v === '' ? undefined : new Date(v).toISOString()))
  .optional();

/** Search of one kind of log: by time range, by user (account, substring) and by kind within it. */
export const logListQuery = pageQuery.extend({
  type: z.enum(LOG_TYPES, { message: 'logs.typeInvalid' }).default('error'),
  account: searchText,
  /** Error type, HTTP method, or audit action (exact). */
  kind: searchText,
  /** Message, path or resource (substring). */
  keyword: searchText,
  from: queryTime,
  to: queryTime,
});
export type LogListQuery = z.input<typeof logListQuery>;

/** One log line, whatever its kind: the fields a kind lacks are empty. */
export const logRecord = z
  .object({
    id: z.number(),
    type: z.enum(LOG_TYPES),
    time: z.string(),
    userId: z.number().nullable(),
    account: z.string(),
    /** Error type, HTTP method or audit action. */
    kind: z.string(),
    /** Error message, request path or audited resource. */
    message: z.string(),
    /** Stack and info of an error; before/after of an audited change. */
    detail: z.string(),
    url: z.string(),
    ip: z.string(),
    status: z.number().nullable(),
    durationMs: z.number().nullable(),
  })
  .meta({ id: 'LogRecord' });
export type LogRecord = z.infer<typeof logRecord>;

export const logClearParams = z.object({ type: z.enum(LOG_TYPES, { message: 'logs.typeInvalid' }) });
export const logIdParams = z.object({ id: idParam });
export const logRemoveQuery = z.object({ type: z.enum(LOG_TYPES, { message: 'logs.typeInvalid' }).default('error') });
export const logRemoved = z.object({ removed: z.number().int() });

const JPEG_DATA_URL = /^data:image\/jpeg;base64,[A-Za-z0-9+/]*={0,2}$/;
const base64Bytes = (v: string) => Math.floor(((v.length - v.indexOf(',') - 1) * 3) / 4);

/** Spec 000 §3 feedback form: text and a screenshot (JPEG data URL). */
export const feedbackCreate = z.object({
  text: requiredText('description', 'logs.feedbackTextRequired'),
  img: z
    .string({ message: 'logs.feedbackImage' })
    .refine((v) => base64Bytes(v) <= FEEDBACK_IMAGE_MAX_BYTES, { message: 'logs.feedbackImageTooLarge', abort: true })
    .refine((v) => JPEG_DATA_URL.test(v), { message: 'logs.feedbackImage' })
    .optional(),
  url: boundedText(2000).default(''),
});
export type FeedbackCreate = z.input<typeof feedbackCreate>;

export const feedbackRecord = z
  .object({
    id: z.number(),
    account: z.string(),
    userId: z.number().nullable(),
    text: z.string(),
    url: z.string(),
    imageFileId: z.number().nullable(),
    time: z.string(),
  })
  .meta({ id: 'Feedback' });
export type FeedbackRecord = z.infer<typeof feedbackRecord>;
export const feedbackListQuery = pageQuery.extend({ account: searchText, keyword: searchText });
export const feedbackImage = z.object({ id: z.number(), image: z.string() });
