import type { Page, PageQuery } from '@macro/contract';
import {
  type CodeContext,
  type CodeRule,
  type codeRuleCreate,
  type CodeRulePart,
  formatCode,
  isTimeZone,
  periodOf,
  sequencePart,
} from '@macro/contract/coderules';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { randomInt } from 'node:crypto';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { Use } from '../../platform/references.ts';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { containing, listPage } from '../../platform/list.ts';
import { iso } from '../../platform/time.ts';
import { companies, departments } from '../org/public.ts';
import { users } from '../identity/public.ts';
import { codeRuleCounters, codeRules } from './tables.ts';

export type CodeRuleInput = z.output<typeof codeRuleCreate>;
export interface CodeRuleSearch {
  code?: string;
  name?: string;
}

/** The resource of code rules: audit rows, and the references other modules declare to them. */
export const CODE_RULE_RESOURCE = 'codeRule';
const RESOURCE = CODE_RULE_RESOURCE;
const NOT_FOUND = { message: 'coderules.notFound' };
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Random characters from a cryptographic source: a guessable suffix would let one number be guessed from another. */
function randomText(length: number, charset: 'digits' | 'letters'): string {
  const alphabet = charset === 'digits' ? DIGITS : LETTERS;
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

const COLUMNS = sql`t.id, t.code, t.name, t.parts, t.time_zone, t.sort, t.remark, t.created_at, t.updated_at`;

/** A rule as stored, before its current period's counter is read (`withLast`). */
function toCodeRule(row: Record<string, unknown>): CodeRule {
  return {
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
    parts: (typeof row.parts === 'string' ? JSON.parse(row.parts) : row.parts) as CodeRulePart[],
    timeZone: String(row.time_zone),
    example: '',
    lastSequence: null,
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

/** The rule with the last value taken in its current period and what its next number looks like. */
function withLast(rule: CodeRule, last: number | null, now: Date): CodeRule {
  const sequence = sequencePart(rule.parts);
  const next = last === null ? sequence.start : last + sequence.step;
  return { ...rule, lastSequence: last, example: formatCode(rule.parts, exampleContext(now, rule.timeZone, next)) };
}

/** What a preview shows where the taker's codes will be. */
function exampleContext(now: Date, timeZone: string, sequence: number): CodeContext {
  return { now, timeZone, sequence, tenantCode: '{tenant}', companyCode: '{company}', deptCode: '{dept}', random: (length) => 'X'.repeat(length) };
}

function matching(search: CodeRuleSearch): SQL {
  const parts = [
    search.code ? sql`t.code ilike ${containing(search.code)}` : undefined,
    search.name ? sql`t.name ilike ${containing(search.name)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The last values taken in the current period of these rules. */
async function lastValues(tx: Tx, rules: readonly { id: number; parts: CodeRulePart[]; timeZone: string }[], now: Date): Promise<Map<number, number>> {
  if (!rules.length) return new Map();
  const keys = rules.map((rule) => sql`(${rule.id}::integer, ${periodOf(sequencePart(rule.parts).reset, now, rule.timeZone)}::text)`);
  const rows = rowsOf<{ rule_id: number; value: number }>(
    await tx.execute(sql`select c.rule_id, c.value from ${codeRuleCounters} c where (c.rule_id, c.period) in (${sql.join(keys, sql`, `)})`),
  );
  return new Map(rows.map((row) => [Number(row.rule_id), Number(row.value)]));
}

export async function listCodeRules(tx: Tx, query: PageQuery & CodeRuleSearch, now = new Date()): Promise<Page<CodeRule>> {
  const page = await listPage(tx, { table: sql`${codeRules}`, where: matching(query), order: ['sort', 'id'], columns: COLUMNS, toRecord: toCodeRule }, query);
  const last = await lastValues(tx, page.records, now);
  return { ...page, records: page.records.map((rule) => withLast(rule, last.get(rule.id) ?? null, now)) };
}

export async function allCodeRules(tx: Tx): Promise<{ id: number; code: string; name: string }[]> {
  const rows = await tx.select({ id: codeRules.id, code: codeRules.code, name: codeRules.name }).from(codeRules).orderBy(codeRules.name, codeRules.id);
  return rows;
}

const fromRow = (row: typeof codeRules.$inferSelect, now: Date, last: number | null): CodeRule =>
  withLast(toCodeRule({ ...row, time_zone: row.timeZone, created_at: row.createdAt, updated_at: row.updatedAt }), last, now);

async function checkedInput(tx: Tx, input: CodeRuleInput, exceptId?: number) {
  if (!isTimeZone(input.timeZone)) throw badRequest('coderules.badTimeZone');
  await assertUnique(tx, codeRules, eq(codeRules.code, input.code), { exceptId, message: 'coderules.codeExists', params: { code: input.code } });
  await assertUnique(tx, codeRules, eq(codeRules.name, input.name), { exceptId, message: 'coderules.nameExists', params: { name: input.name } });
  return { code: input.code, name: input.name, parts: input.parts, timeZone: input.timeZone, sort: input.sort, remark: input.remark };
}

export async function createCodeRule(ctx: Ctx, input: CodeRuleInput, now = new Date()): Promise<CodeRule> {
  return fromRow(await auditedInsert(ctx, codeRules, RESOURCE, await checkedInput(ctx.tx, input)), now, null);
}

/** Replaces a rule's fields; its counters stay, so its sequence goes on from where it is. */
export async function updateCodeRule(ctx: Ctx, id: number, input: CodeRuleInput, now = new Date()): Promise<CodeRule> {
  const before = await findOr404(ctx.tx, codeRules, id, { lock: true, ...NOT_FOUND });
  const after = await auditedUpdate(ctx, codeRules, RESOURCE, before, { ...(await checkedInput(ctx.tx, input, id)), updatedAt: now });
  const last = await lastValues(ctx.tx, [after], now);
  return fromRow(after, now, last.get(id) ?? null);
}

/**
 * Removes a rule and its counters; while anything still names it (a form's auto-number field:
 * `usesOf` asks the modules that declare such references) nothing is removed and the use is named (409).
 */
export async function removeCodeRule(ctx: Ctx, id: number, usesOf: (tx: Tx, ids: readonly number[]) => Promise<Use[]>): Promise<number> {
  const doomed = await findOr404(ctx.tx, codeRules, id, { lock: true, ...NOT_FOUND });
  // Read after the lock: a save starting to use the rule has committed, or waits and then finds it gone.
  const [use] = await usesOf(ctx.tx, [id]);
  if (use) throw conflict(use.message, { ...use.params, used: doomed.name });
  return auditedDelete(ctx, codeRules, RESOURCE, [doomed]);
}

/**
 * Which of these rules the tenant has, each held to the end of the transaction: a save that
 * starts using a rule calls this, so a removal running meanwhile waits and then sees the use.
 */
export async function holdCodeRules(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: codeRules.id })
    .from(codeRules)
    .where(inArray(codeRules.id, [...ids]))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** The codes of the taker's tenant, company and department, for the parts that name them. */
async function takerCodes(ctx: Ctx): Promise<Pick<CodeContext, 'tenantCode' | 'companyCode' | 'deptCode'>> {
  const userId = ctx.actor.userId;
  if (userId === null) return { tenantCode: ctx.actor.tenantId, companyCode: '', deptCode: '' };
  const [row] = rowsOf<{ dept_code: string | null; company_code: string | null }>(
    await ctx.tx.execute(sql`select d.dept_code, c.company_code from ${users} u
      left join ${departments} d on d.id = u.dept_id left join ${companies} c on c.id = d.company_id where u.id = ${userId}`),
  );
  return { tenantCode: ctx.actor.tenantId, companyCode: row?.company_code ?? '', deptCode: row?.dept_code ?? '' };
}

/**
 * Takes the rule's next number. The counter of the rule's current period is created at the
 * sequence's start or moved on by its step in one statement, under the row's lock: concurrent
 * takers, in this process or another, queue on it and each gets its own value. A value is lost
 * only if the caller's transaction rolls back.
 */
export async function takeNumber(ctx: Ctx, id: number, now = new Date()): Promise<{ code: string; sequence: number; period: string }> {
  const rule = await findOr404(ctx.tx, codeRules, id, NOT_FOUND);
  const sequence = sequencePart(rule.parts);
  const period = periodOf(sequence.reset, now, rule.timeZone);
  const [counter] = rowsOf<{ value: number }>(
    await ctx.tx.execute(sql`insert into ${codeRuleCounters} as c (rule_id, period, value) values (${id}, ${period}, ${sequence.start})
      on conflict (tenant_id, rule_id, period) do update set value = c.value + ${sequence.step}
      returning c.value`),
  );
  const value = Number(counter.value);
  const code = formatCode(rule.parts, { now, timeZone: rule.timeZone, sequence: value, ...(await takerCodes(ctx)), random: randomText });
  return { code, sequence: value, period };
}
