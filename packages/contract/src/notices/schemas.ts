import { z } from 'zod';
import { id, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText } from '../text.ts';

export * from './constants.ts';

const category = z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'notices.categoryRequired' });

/** A notice as the administration screen shows it. */
export const notice = z
  .object({
    id: z.number(),
    category: z.number(),
    title: z.string(),
    content: z.string(),
    /** The one user it is addressed to; null: everyone of the tenant. */
    recipientId: z.number().nullable(),
    recipientName: z.string(),
    status: z.number(),
    publishTime: z.string().nullable(),
    createTime: z.string(),
    /** Users who have read it. */
    readCount: z.number(),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof notice>;

/** A new or changed notice: category, title and content are required. */
export const noticeInput = z.object({
  category,
  title: requiredText('standard', 'notices.titleRequired'),
  content: requiredText('description', 'notices.contentRequired'),
  recipientId: id.nullable().default(null),
  /** Publish at once (else it stays a draft). */
  publish: z.boolean({ message: 'notices.publishInvalid' }).default(false),
});
export type NoticeInput = z.output<typeof noticeInput>;

export const noticeListQuery = pageQuery.extend({
  title: searchText,
  category: z.coerce.number({ message: 'notices.categoryRequired' }).pipe(category).optional(),
});

export const noticeIdParams = z.object({ id: idParam });

/** One item of the caller's inbox. */
export const inboxItem = z
  .object({
    id: z.number(),
    category: z.number(),
    title: z.string(),
    content: z.string(),
    publishTime: z.string(),
    senderName: z.string(),
    /** The console page the item is about ('' for none): a task, a request. */
    link: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxQuery = pageQuery.extend({
  category: z.coerce.number({ message: 'notices.categoryRequired' }).pipe(category),
});

/** Unread items of the caller per tab, and in all. */
export const unreadCounts = z.object({ notice: z.number(), message: z.number(), mail: z.number(), total: z.number() }).meta({ id: 'UnreadCounts' });
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const readAllBody = z.object({ category: category.optional() });

export const noticeRemoved = z.object({ removed: z.number() });

/** Where one's messages go besides the bell: e-mail, and the work notifications of WeChat Work and DingTalk. */
export const NOTIFY_CHANNELS = ['email', 'wecom', 'dingtalk'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** The caller's delivery choices, and which channels can reach them. */
export const notifyPreferences = z
  .object({
    email: z.boolean(),
    /** The address e-mail goes to ('' when the profile has none: nothing is sent). */
    emailAddress: z.string(),
    /** Whether the platform has a mail server configured (false: e-mail cannot be turned on). */
    emailAvailable: z.boolean(),
    wecom: z.boolean(),
    /** WeChat Work's application is configured and the caller was synced from its directory. */
    wecomAvailable: z.boolean(),
    dingtalk: z.boolean(),
    /** DingTalk's agent is configured and the caller was synced from its directory. */
    dingtalkAvailable: z.boolean(),
  })
  .meta({ id: 'NotifyPreferences' });
export type NotifyPreferences = z.infer<typeof notifyPreferences>;

/** The channels to change (those left out stay as they are). */
export const notifyPreferencesInput = z
  .object({ email: z.boolean().optional(), wecom: z.boolean().optional(), dingtalk: z.boolean().optional() })
  .refine((v) => v.email !== undefined || v.wecom !== undefined || v.dingtalk !== undefined, { message: 'notices.emailChoiceRequired' });
