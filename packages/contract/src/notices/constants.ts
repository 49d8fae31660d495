// The notices' fixed values, apart from their schemas (the top bar reads them without zod).

/** The three tabs of the top bar's popover: notices, messages and mail. */
export const NOTICE_CATEGORY = { notice: 1, message: 2, mail: 3 } as const;
export type NoticeCategory = (typeof NOTICE_CATEGORY)[keyof typeof NOTICE_CATEGORY];
export const NOTICE_CATEGORY_KEYS = ['notice', 'message', 'mail'] as const;
export type NoticeCategoryKey = (typeof NOTICE_CATEGORY_KEYS)[number];
export const NOTICE_STATUS = { draft: 0, published: 1 } as const;
/** Spec 000 §9: a badge shows at most 99. */
export const BADGE_MAX = 99;
/** Items the popover lists per tab. */
export const INBOX_PAGE_SIZE = 10;
