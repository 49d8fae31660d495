import { type Language, pickLanguage, translate } from '@macro/contract';
import type { NotifyPreferences } from '@macro/contract/notices';
import { type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { unprocessable } from '../../platform/errors.ts';
import type { MailConfig } from '../../platform/config.ts';
import { users } from '../users/tables.ts';
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

/**
 * In the transaction that wrote the messages `noticeIds`: an e-mail to each recipient who chose
 * e-mail and has an address, in the language they chose it in. The job sends it after commit.
 */
export async function queueDeliveries(tx: Tx, noticeIds: readonly number[]): Promise<void> {
  if (!noticeIds.length) return;
  await tx.execute(sql`insert into ${noticeDeliveries} (notice_id, user_id, channel, address, language)
    select n.id, n.recipient_id, 'email', u.email, p.language
    from ${notices} n
    join ${noticePrefs} p on p.user_id = n.recipient_id and p.email
    join ${users} u on u.id = n.recipient_id and u.email <> ''
    where n.id = any(${sql.param(noticeIds)}::int[])`);
}

/** The caller's delivery choices. */
export async function preferencesOf(tx: Tx, userId: number, mail: MailConfig | null): Promise<NotifyPreferences> {
  const [pref] = await tx.select({ email: noticePrefs.email }).from(noticePrefs).where(eq(noticePrefs.userId, userId));
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { email: pref?.email ?? false, emailAddress: user?.email ?? '', emailAvailable: mail !== null };
}

/** Turns e-mail on (in `language`) or off; on needs a mail server and an address on the profile. */
export async function setPreferences(tx: Tx, userId: number, mail: MailConfig | null, input: { email: boolean }, language: Language): Promise<NotifyPreferences> {
  const current = await preferencesOf(tx, userId, mail);
  if (input.email && !mail) throw unprocessable('notices.emailUnavailable');
  if (input.email && !current.emailAddress) throw unprocessable('notices.emailAddressMissing');
  await tx
    .insert(noticePrefs)
    .values({ userId, email: input.email, language })
    .onConflictDoUpdate({ target: [noticePrefs.tenantId, noticePrefs.userId], set: { email: input.email, language, updatedAt: new Date() } });
  return { ...current, email: input.email };
}

/** The reason of a failed attempt, short and without the mail server's address or credentials. */
const reasonOf = (error: unknown) => {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  return (e.responseCode ? `${e.responseCode} ${e.response ?? ''}` : (e.code ?? e.message ?? 'error')).slice(0, 300);
};

/**
 * Sends the e-mails that are due, across tenants: each in its tenant's transaction with its row
 * locked (SKIP LOCKED: replicas running this at once never send one twice), marked sent, or
 * retried later with a doubling wait, and failed after MAX_ATTEMPTS. `db` reads the queue as the
 * owner; the rows are written in each tenant's transaction.
 */
export async function deliverDue(db: Db, mailer: Mailer, options: { publicUrl?: string; now?: Date; limit?: number } = {}): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const due = rowsOf<{ id: unknown; tenant_id: string }>(
    await db.execute(sql`select id, tenant_id from ${noticeDeliveries} where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id limit ${options.limit ?? 50}`),
  );
  const outcome = { sent: 0, failed: 0 };
  for (const { id, tenant_id } of due) {
    await withTenant(db, tenant_id, async (tx) => {
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select d.id, d.address, d.language, d.attempts, n.title, n.content, n.message, n.link
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
        await mailer.send({ to: String(row.address), subject: title, text: `${content}${footer}` });
        await tx.update(noticeDeliveries).set({ state: 'sent', attempts, sentAt: now, lastError: '' }).where(eq(noticeDeliveries.id, Number(id)));
        outcome.sent += 1;
      } catch (error) {
        const last = attempts >= MAX_ATTEMPTS;
        await tx
          .update(noticeDeliveries)
          .set({ state: last ? 'failed' : 'pending', attempts, lastError: reasonOf(error), nextAttemptAt: new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (attempts - 1)) })
          .where(eq(noticeDeliveries.id, Number(id)));
        outcome.failed += 1;
      }
    });
  }
  return outcome;
}
