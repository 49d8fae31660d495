import { DEFAULT_LANGUAGE, type Language, type Page, type PageQuery, translate } from '@macro/contract';
import { type InboxItem, NOTICE_CATEGORY, NOTICE_STATUS, type Notice, type NoticeCategory, type NoticeInput, type UnreadCounts } from '@macro/contract/notices';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { usersByIds } from '../users/public.ts';
import { users } from '../identity/public.ts';
import { queueDeliveries } from './delivery.ts';
import { noticeReads, notices, type SystemMessage } from './tables.ts';
import { wording } from './wording.ts';
import { iso } from '../../platform/time.ts';

const RESOURCE = 'notice';
const NOT_FOUND = { message: 'notices.notFound' };
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

const ADMIN_COLUMNS = sql`t.id, t.category, t.title, t.content, t.recipient_id, t.status, t.publish_time, t.created_at,
  coalesce((select u.name from ${users} u where u.id = t.recipient_id), '') as recipient_name,
  (select count(*) from ${noticeReads} r where r.notice_id = t.id) as read_count`;

const toNotice = (r: Record<string, unknown>): Notice => ({
  id: Number(r.id),
  category: Number(r.category),
  title: String(r.title),
  content: String(r.content),
  recipientId: r.recipient_id === null || r.recipient_id === undefined ? null : Number(r.recipient_id),
  recipientName: String(r.recipient_name ?? ''),
  status: Number(r.status),
  publishTime: isoOrNull(r.publish_time),
  createTime: iso(r.created_at),
  readCount: Number(r.read_count ?? 0),
});

async function noticeView(tx: Tx, id: number): Promise<Notice> {
  const [row] = rowsOf(await tx.execute(sql`select ${ADMIN_COLUMNS} from ${notices} t where t.id = ${id}`));
  if (!row) throw notFound(NOT_FOUND.message);
  return toNotice(row);
}

/** The tenant's notices for the administration screen, newest first. */
export async function noticePage(tx: Tx, query: PageQuery & { title?: string; category?: number }): Promise<Page<Notice>> {
  const parts: SQL[] = [sql`true`];
  if (query.title) parts.push(sql`t.title ilike ${containing(query.title)}`);
  if (query.category !== undefined) parts.push(sql`t.category = ${query.category}`);
  return listPage(
    tx,
    { table: sql`${notices}`, where: sql.join(parts, sql` and `), order: ['id'], descending: true, columns: ADMIN_COLUMNS, toRecord: toNotice },
    query,
  );
}

async function checkRecipient(tx: Tx, recipientId: number | null): Promise<void> {
  if (recipientId !== null && !(await usersByIds(tx, [recipientId])).length) throw unprocessable('notices.recipientMissing');
}

const valuesOf = (input: NoticeInput) => ({ category: input.category, title: input.title, content: input.content, recipientId: input.recipientId });

/** Writes a notice; published at once when asked. */
export async function createNotice(ctx: Ctx, input: NoticeInput): Promise<Notice> {
  await checkRecipient(ctx.tx, input.recipientId);
  const published = input.publish ? { status: NOTICE_STATUS.published, publishTime: new Date() } : { status: NOTICE_STATUS.draft };
  const row = await auditedInsert(ctx, notices, RESOURCE, { ...valuesOf(input), ...published });
  return noticeView(ctx.tx, row.id);
}

/** Changes a notice; a draft is published when asked, a published one stays published. */
export async function updateNotice(ctx: Ctx, id: number, input: NoticeInput): Promise<Notice> {
  const before = await findOr404(ctx.tx, notices, id, { lock: true, ...NOT_FOUND });
  await checkRecipient(ctx.tx, input.recipientId);
  const publishing = input.publish && before.status !== NOTICE_STATUS.published;
  await auditedUpdate(ctx, notices, RESOURCE, before, {
    ...valuesOf(input),
    ...(publishing ? { status: NOTICE_STATUS.published, publishTime: new Date() } : {}),
    updatedAt: new Date(),
  });
  return noticeView(ctx.tx, id);
}

/** Publishes a draft (a published notice is left as it is). */
export async function publishNotice(ctx: Ctx, id: number): Promise<Notice> {
  const before = await findOr404(ctx.tx, notices, id, { lock: true, ...NOT_FOUND });
  if (before.status !== NOTICE_STATUS.published) {
    await auditedUpdate(ctx, notices, RESOURCE, before, { status: NOTICE_STATUS.published, publishTime: new Date(), updatedAt: new Date() });
  }
  return noticeView(ctx.tx, id);
}

export async function removeNotice(ctx: Ctx, id: number): Promise<number> {
  const before = await findOr404(ctx.tx, notices, id, { lock: true, ...NOT_FOUND });
  await auditedDelete(ctx, notices, RESOURCE, [before]);
  return 1;
}

/** SQL on alias `t`: published and addressed to `userId` (or to everyone). */
const addressedTo = (userId: number) => sql`t.status = ${NOTICE_STATUS.published} and (t.recipient_id is null or t.recipient_id = ${userId})`;

const INBOX_COLUMNS = (userId: number) => sql`t.id, t.category, t.title, t.content, t.publish_time, t.link, t.message,
  coalesce((select u.name from ${users} u where u.id = t.create_user), '') as sender_name,
  exists (select 1 from ${noticeReads} r where r.notice_id = t.id and r.user_id = ${userId}) as is_read`;

const inboxItemIn =
  (language: Language) =>
  (r: Record<string, unknown>): InboxItem => ({
    id: Number(r.id),
    category: Number(r.category),
    ...wording(r, language),
    publishTime: iso(r.publish_time),
    senderName: String(r.sender_name ?? ''),
    link: String(r.link ?? ''),
    read: r.is_read === true || r.is_read === 't',
  });

/** One tab of the caller's inbox, newest first. */
export async function inboxPage(tx: Tx, userId: number, language: Language, query: PageQuery & { category: number }): Promise<Page<InboxItem>> {
  return listPage(
    tx,
    {
      table: sql`${notices}`,
      where: sql`${addressedTo(userId)} and t.category = ${query.category}`,
      order: ['id'],
      descending: true,
      columns: INBOX_COLUMNS(userId),
      toRecord: inboxItemIn(language),
    },
    query,
  );
}

/** The caller's unread items per category. */
export async function unreadCounts(tx: Tx, userId: number): Promise<UnreadCounts> {
  const rows = rowsOf<{ category: unknown; n: unknown }>(
    await tx.execute(sql`select t.category, count(*) as n from ${notices} t where ${addressedTo(userId)}
      and not exists (select 1 from ${noticeReads} r where r.notice_id = t.id and r.user_id = ${userId}) group by t.category`),
  );
  const of = (category: NoticeCategory) => Number(rows.find((r) => Number(r.category) === category)?.n ?? 0);
  const counts = { notice: of(NOTICE_CATEGORY.notice), message: of(NOTICE_CATEGORY.message), mail: of(NOTICE_CATEGORY.mail) };
  return { ...counts, total: counts.notice + counts.message + counts.mail };
}

async function inboxRow(tx: Tx, userId: number, id: number, language: Language = DEFAULT_LANGUAGE): Promise<InboxItem> {
  const [row] = rowsOf(await tx.execute(sql`select ${INBOX_COLUMNS(userId)} from ${notices} t where t.id = ${id} and ${addressedTo(userId)}`));
  if (!row) throw notFound(NOT_FOUND.message);
  return inboxItemIn(language)(row);
}

async function markRead(tx: Tx, userId: number, where: SQL): Promise<void> {
  await tx.execute(sql`insert into ${noticeReads} (notice_id, user_id)
    select t.id, ${userId} from ${notices} t where ${addressedTo(userId)} and ${where}
    on conflict (tenant_id, user_id, notice_id) do nothing`);
}

/** Opens one item of the caller's inbox, marking it read. */
export async function openInboxItem(tx: Tx, userId: number, id: number, language: Language): Promise<InboxItem> {
  const item = await inboxRow(tx, userId, id, language);
  await markRead(tx, userId, sql`t.id = ${id}`);
  return { ...item, read: true };
}

export async function readOne(tx: Tx, userId: number, id: number): Promise<UnreadCounts> {
  await inboxRow(tx, userId, id);
  await markRead(tx, userId, sql`t.id = ${id}`);
  return unreadCounts(tx, userId);
}

export async function readAll(tx: Tx, userId: number, category: number | undefined): Promise<UnreadCounts> {
  await markRead(tx, userId, category === undefined ? sql`true` : sql`t.category = ${category}`);
  return unreadCounts(tx, userId);
}

/**
 * Messages the system sends (no author): one published message to each of `recipientIds`, in
 * the current tenant, shown in their bell at once, in each reader's language (the catalogue's
 * `${key}Title` and `${key}Content`), opening `link` if given. Written in the caller's
 * transaction: an operation that rolls back leaves no message.
 */
export async function sendSystemMessages(tx: Tx, recipientIds: readonly number[], message: SystemMessage & { at: Date; link?: string }): Promise<void> {
  const unique = [...new Set(recipientIds)];
  if (!unique.length) return;
  const { key, params } = message;
  const written = await tx
    .insert(notices)
    .values(
      unique.map((recipientId) => ({
        category: NOTICE_CATEGORY.message,
        title: translate(DEFAULT_LANGUAGE, `${key}Title`, params),
        content: translate(DEFAULT_LANGUAGE, `${key}Content`, params),
        message: { key, params },
        link: message.link ?? '',
        recipientId,
        status: NOTICE_STATUS.published,
        publishTime: message.at,
      })),
    )
    .returning({ id: notices.id });
  await queueDeliveries(
    tx,
    written.map((n) => n.id),
  );
}

/** Demonstration items every tenant starts with, one of each tab of the bell, in each language a tenant can be created in. */
const DEMO_NOTICES: Record<Language, [NoticeCategory, string, string][]> = {
  zh: [
    [NOTICE_CATEGORY.notice, '欢迎使用 Macro 控制台', '这里会显示租户的公告。管理员可以在“系统管理 → 通知公告”中撰写并发布公告。'],
    [NOTICE_CATEGORY.notice, '系统维护通知', '本周六 22:00–23:00 进行例行维护，期间可能短暂无法登录。'],
    [NOTICE_CATEGORY.message, '流程待办提醒', '您有新的待办事项，请到流程中心处理。'],
    [NOTICE_CATEGORY.mail, '账户安全提示', '请定期修改密码，不要与他人共用账户。'],
  ],
  en: [
    [NOTICE_CATEGORY.notice, 'Welcome to Macro Console', "The tenant's notices appear here. Administrators write and publish them in System → Notices."],
    [NOTICE_CATEGORY.notice, 'Scheduled maintenance', 'Routine maintenance this Saturday 22:00–23:00; signing in may briefly fail.'],
    [NOTICE_CATEGORY.message, 'Tasks waiting', 'You have new tasks: please handle them in the workflow centre.'],
    [NOTICE_CATEGORY.mail, 'Account security', 'Change your password regularly and do not share your account.'],
  ],
  ja: [
    [NOTICE_CATEGORY.notice, 'Macro コンソールへようこそ', 'テナントのお知らせがここに表示されます。管理者は「システム管理 → お知らせ」で作成・公開できます。'],
    [
      NOTICE_CATEGORY.notice,
      'メンテナンスのお知らせ',
      '今週土曜 22:00～23:00 に定期メンテナンスを行います。その間、一時的にサインインできないことがあります。',
    ],
    [NOTICE_CATEGORY.message, '未処理のタスク', '新しいタスクがあります。ワークフローセンターで処理してください。'],
    [NOTICE_CATEGORY.mail, 'アカウントのセキュリティ', 'パスワードは定期的に変更し、アカウントを他人と共有しないでください。'],
  ],
};

/** Demonstration items every tenant starts with, written through `createNotice` in the language the tenant was created in. */
export async function provisionDemoNotices(ctx: Ctx): Promise<void> {
  const [any] = await ctx.tx.select({ id: notices.id }).from(notices).limit(1);
  if (any) return;
  for (const [category, title, content] of DEMO_NOTICES[ctx.actor.language])
    await createNotice(ctx, { category, title, content, recipientId: null, publish: true });
}
