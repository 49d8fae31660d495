import { type Language, pickLanguage, translate } from '@macro/contract';
import { NOTIFY_CHANNELS, type NotifyChannel, type NotifyPreferences } from '@macro/contract/notices';
import { type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { unprocessable } from '../../platform/errors.ts';
import type { Config, MailConfig } from '../../platform/config.ts';
import { linkedMembers, type WorkNotifier, workNotifier } from '../directory/public.ts';
import { users } from '../identity/public.ts';
import { noticeDeliveries, noticePrefs, notices } from './tables.ts';
import { wording } from './wording.ts';

/** Attempts before a delivery is given up as failed; the waits between them double from a minute. */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 60_000;

/** Sends one e-mail; throws with the server's or the network's reason when it cannot. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** What sends each channel in this process (absent: not configured here). */
export interface Senders {
  email?: Mailer;
  wecom?: WorkNotifier;
  dingtalk?: WorkNotifier;
}

/** The senders the configuration allows. */
export function sendersOf(config: Pick<Config, 'mail' | 'directory'>): Senders {
  const wecom = workNotifier('wechat-work', config.directory);
  const dingtalk = workNotifier('ding-talk', config.directory);
  return { ...(config.mail ? { email: smtpMailer(config.mail) } : {}), ...(wecom ? { wecom } : {}), ...(dingtalk ? { dingtalk } : {}) };
}

/** SMTP, through nodemailer: STARTTLS when the server offers it, TLS from the start for smtps://. */
export function smtpMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport(config.url, { from: config.from });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Which channels the platform can send over: a mail server, WeChat Work's application, DingTalk's agent. */
export function channelsOf(config: Pick<Config, 'mail' | 'directory'>): Record<NotifyChannel, boolean> {
  return { email: config.mail !== null, wecom: Boolean(config.directory.wecom?.agent), dingtalk: Boolean(config.directory.dingtalk?.agentId) };
}

/** The directory each work-notification channel reaches members of. */
const PROVIDER_OF = { wecom: 'wechat-work', dingtalk: 'ding-talk' } as const;

/**
 * In the transaction that wrote the messages `noticeIds`: a delivery for each channel each
 * recipient chose and can be reached on (an e-mail address; a member id in that directory), in
 * the language they chose it in. The job sends them after commit.
 */
export async function queueDeliveries(tx: Tx, noticeIds: readonly number[]): Promise<void> {
  if (!noticeIds.length) return;
  const chosen = rowsOf<{ notice_id: unknown; user_id: unknown; email: boolean; wecom: boolean; dingtalk: boolean; language: string; address: string }>(
    await tx.execute(sql`select n.id as notice_id, n.recipient_id as user_id, p.email, p.wecom, p.dingtalk, p.language, u.email as address
      from ${notices} n join ${noticePrefs} p on p.user_id = n.recipient_id and (p.email or p.wecom or p.dingtalk)
      join ${users} u on u.id = n.recipient_id
      where n.id = any(${sql.param(noticeIds)}::int[])`),
  );
  if (!chosen.length) return;
  const members = async (channel: 'wecom' | 'dingtalk') =>
    chosen.some((c) => c[channel])
      ? linkedMembers(
          tx,
          PROVIDER_OF[channel],
          chosen.filter((c) => c[channel]).map((c) => Number(c.user_id)),
        )
      : new Map<number, string>();
  const [wecom, dingtalk] = [await members('wecom'), await members('dingtalk')];
  const rows = chosen.flatMap((c) => {
    const base = { noticeId: Number(c.notice_id), userId: Number(c.user_id), language: c.language };
    const userId = Number(c.user_id);
    return [
      ...(c.email && c.address ? [{ ...base, channel: 'email', address: c.address }] : []),
      ...(c.wecom && wecom.has(userId) ? [{ ...base, channel: 'wecom', address: wecom.get(userId)! }] : []),
      ...(c.dingtalk && dingtalk.has(userId) ? [{ ...base, channel: 'dingtalk', address: dingtalk.get(userId)! }] : []),
    ];
  });
  if (rows.length) await tx.insert(noticeDeliveries).values(rows);
}

/** The caller's delivery choices, and which channels can reach them. */
export async function preferencesOf(tx: Tx, userId: number, config: Pick<Config, 'mail' | 'directory'>): Promise<NotifyPreferences> {
  const [pref] = await tx.select().from(noticePrefs).where(eq(noticePrefs.userId, userId));
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const channels = channelsOf(config);
  const linked = async (channel: 'wecom' | 'dingtalk') => channels[channel] && (await linkedMembers(tx, PROVIDER_OF[channel], [userId])).has(userId);
  return {
    email: pref?.email ?? false,
    emailAddress: user?.email ?? '',
    emailAvailable: channels.email,
    wecom: pref?.wecom ?? false,
    wecomAvailable: await linked('wecom'),
    dingtalk: pref?.dingtalk ?? false,
    dingtalkAvailable: await linked('dingtalk'),
  };
}

/**
 * Turns channels on (written in `language`) or off. On needs the channel configured and the
 * caller reachable there (an address for e-mail; synced from the directory for the others).
 */
export async function setPreferences(
  tx: Tx,
  userId: number,
  config: Pick<Config, 'mail' | 'directory'>,
  input: Partial<Record<NotifyChannel, boolean>>,
  language: Language,
): Promise<NotifyPreferences> {
  const current = await preferencesOf(tx, userId, config);
  if (input.email && !current.emailAvailable) throw unprocessable('notices.emailUnavailable');
  if (input.email && !current.emailAddress) throw unprocessable('notices.emailAddressMissing');
  for (const channel of ['wecom', 'dingtalk'] as const) {
    if (input[channel] && !current[`${channel}Available`])
      throw unprocessable('notices.channelUnavailable', { channel: translate(language, `notices.channel_${channel}`) });
  }
  const next = { email: input.email ?? current.email, wecom: input.wecom ?? current.wecom, dingtalk: input.dingtalk ?? current.dingtalk };
  await tx
    .insert(noticePrefs)
    .values({ userId, ...next, language })
    .onConflictDoUpdate({ target: [noticePrefs.tenantId, noticePrefs.userId], set: { ...next, language, updatedAt: new Date() } });
  return { ...current, ...next };
}

/** The reason of a failed attempt, short and without the server's address or credentials. */
const reasonOf = (error: unknown) => {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (error instanceof Error && 'reason' in error && 'code' in error) return `${e.code} ${(error as { reason: string }).reason}`.slice(0, 300);
  return (e.responseCode ? `${e.responseCode} ${e.response ?? ''}` : (e.code ?? e.message ?? 'error')).slice(0, 300);
};

/**
 * Sends the e-mails that are due, across tenants: each in its tenant's transaction with its row
 * locked (SKIP LOCKED: replicas running this at once never send one twice), marked sent, or
 * retried later with a doubling wait, and failed after MAX_ATTEMPTS. `db` reads the queue as the
 * owner; the rows are written in each tenant's transaction.
 */
export async function deliverDue(
  db: Db,
  senders: Senders,
  options: { publicUrl?: string; now?: Date; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  // Only the channels this process can send over (a channel configured later picks its rows up then).
  const channels = NOTIFY_CHANNELS.filter((channel) => senders[channel]);
  if (!channels.length) return { sent: 0, failed: 0 };
  const due = rowsOf<{ id: unknown; tenant_id: string }>(
    await db.execute(sql`select id, tenant_id from ${noticeDeliveries} where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      and channel = any(${sql.param(channels)}::text[]) order by next_attempt_at, id limit ${options.limit ?? 50}`),
  );
  const outcome = { sent: 0, failed: 0 };
  for (const { id, tenant_id } of due) {
    await withTenant(db, tenant_id, async (tx) => {
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select d.id, d.channel, d.address, d.language, d.attempts, n.title, n.content, n.message, n.link
          from ${noticeDeliveries} d join ${notices} n on n.id = d.notice_id
          where d.id = ${Number(id)} and d.state = 'pending' for update of d skip locked`),
      );
      if (!row) return;
      const language = pickLanguage(String(row.language));
      const { title, content } = wording(row, language);
      const link = String(row.link ?? '');
      const footer = link ? `\n\n${translate(language, 'notices.mailFooter', { link: `${options.publicUrl ?? ''}${link}` })}` : '';
      const attempts = Number(row.attempts) + 1;
      try {
        const channel = String(row.channel) as NotifyChannel;
        if (channel === 'email') await senders.email!.send({ to: String(row.address), subject: title, text: `${content}${footer}` });
        // A work notification is one text: the title, then the message.
        else await senders[channel]!.send([String(row.address)], `${title}\n${content}${footer}`);
        await tx
          .update(noticeDeliveries)
          .set({ state: 'sent', attempts, sentAt: now, lastError: '' })
          .where(eq(noticeDeliveries.id, Number(id)));
        outcome.sent += 1;
      } catch (error) {
        const last = attempts >= MAX_ATTEMPTS;
        await tx
          .update(noticeDeliveries)
          .set({
            state: last ? 'failed' : 'pending',
            attempts,
            lastError: reasonOf(error),
            nextAttemptAt: new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (attempts - 1)),
          })
          .where(eq(noticeDeliveries.id, Number(id)));
        outcome.failed += 1;
      }
    });
  }
  return outcome;
}
