import { type Language, translate } from '@macro/contract';
import {
  type DatabaseDraft,
  type DatabaseField,
  type databaseDraftSubmit,
  type databaseFieldSubmit,
  type DraftColumn,
  PRODUCT_LINK,
  type ReleasePlan,
} from '@macro/contract/databaselinks';
import type { Ctx, Tx } from '@macro/store';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { unprocessable } from '../../platform/errors.ts';
import { iso } from '../../platform/time.ts';
import { DRIVERS } from './drivers/index.ts';
import type { DatabaseLinkService } from './service.ts';
import { databaseDrafts, databaseFields, databaseLinks } from './tables.ts';

const DRAFT_NOT_FOUND = { message: 'databaselinks.draftNotFound' };
const FIELD_NOT_FOUND = { message: 'databaselinks.fieldNotFound' };
const LINK_NOT_FOUND = { message: 'databaselinks.notFound' };

const toDraft = (row: typeof databaseDrafts.$inferSelect): DatabaseDraft => ({
  id: row.id,
  linkId: row.linkId,
  tableName: row.tableName,
  comment: row.comment,
  columns: row.columns,
  releasedAt: row.releasedAt ? iso(row.releasedAt) : null,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

const toField = (row: typeof databaseFields.$inferSelect): DatabaseField => ({
  id: row.id,
  name: row.name,
  type: row.type as DraftColumn['type'],
  length: row.length,
  scale: row.scale,
  nullable: row.nullable,
  primaryKey: row.primaryKey,
  defaultValue: row.defaultValue,
  comment: row.comment,
  sort: row.sort,
});

/** Why a name cannot name a new table or column on this kind of database, or undefined. */
function nameProblem(name: string, kind: keyof typeof DRIVERS, language: Language): string | undefined {
  const { dialect } = DRIVERS[kind];
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return translate(language, 'databaselinks.identifierInvalid');
  if (name.length > dialect.maxIdentifier) return translate(language, 'databaselinks.tableNameTooLong', { kind: dialect.label, max: dialect.maxIdentifier });
  if (dialect.reserved.has(name.toLowerCase())) return translate(language, 'databaselinks.tableNameReserved', { name, kind: dialect.label });
  return undefined;
}

/** Table designs, reusable columns, and their release onto a link's database. */
export function designService(links: DatabaseLinkService) {
  /**
   * What releasing the design would do: CREATE TABLE when the table is not there; else ADD COLUMN
   * for each column it lacks. A release never drops, changes or narrows a column: a column of
   * the design that exists with another type is a problem, one the design leaves out is kept.
   */
  async function plan(ctx: Ctx, draft: DatabaseDraft): Promise<ReleasePlan> {
    const language = ctx.actor.language;
    const { kind, schema, columns: existing } = await links.describe(ctx, draft.linkId, draft.tableName);
    const { dialect } = DRIVERS[kind];
    const problems: string[] = [];
    const say = (key: string, params = {}) => problems.push(translate(language, `databaselinks.${key}`, params));
    const tableProblem = existing.length ? undefined : nameProblem(draft.tableName, kind, language);
    if (tableProblem) problems.push(tableProblem);
    const byName = new Map(existing.map((column) => [column.name.toLowerCase(), column]));
    const added = draft.columns.filter((column) => !byName.has(column.name.toLowerCase()));
    for (const column of draft.columns) {
      const columnProblem = nameProblem(column.name, kind, language);
      if (columnProblem) problems.push(`${column.name}: ${columnProblem}`);
      if (column.type === 'varchar' && !column.length) say('lengthRequired', { column: column.name });
      if (dialect.defaultOf(column) === undefined) say('defaultNotOfType', { column: column.name, type: column.type });
      const there = byName.get(column.name.toLowerCase());
      if (there && dialect.designType(there.type, there.length) !== column.type) say('columnChanged', { column: column.name, existing: there.type });
    }
    if (existing.length) {
      for (const column of added) {
        if (column.primaryKey) say('primaryKeyOnExisting', { column: column.name });
        else if (!column.nullable && !column.defaultValue.trim()) say('newColumnNeedsDefault', { column: column.name });
      }
    }
    const statements = problems.length
      ? []
      : existing.length
        ? added.flatMap((column) => dialect.addColumn(schema, draft.tableName, column))
        : dialect.createTable(schema, draft.tableName, draft.comment, draft.columns);
    const designed = new Set(draft.columns.map((column) => column.name.toLowerCase()));
    return {
      tableName: draft.tableName,
      exists: existing.length > 0,
      statements,
      problems,
      kept: existing.filter((column) => !designed.has(column.name.toLowerCase())).map((column) => column.name),
      done: false,
    };
  }

  const loadDraft = async (tx: Tx, id: number) => toDraft(await findOr404(tx, databaseDrafts, id, DRAFT_NOT_FOUND));

  return {
    async drafts(tx: Tx, linkId?: number): Promise<DatabaseDraft[]> {
      const where: SQL | undefined = linkId ? eq(databaseDrafts.linkId, linkId) : undefined;
      const rows = await tx.select().from(databaseDrafts).where(where).orderBy(asc(databaseDrafts.tableName), asc(databaseDrafts.id));
      return rows.map(toDraft);
    },

    draft: loadDraft,

    /** Keeps a design; nothing reaches the linked database until it is released. The console's own database is read-only. */
    async submitDraft(ctx: Ctx, input: z.output<typeof databaseDraftSubmit>): Promise<DatabaseDraft> {
      const link = await findOr404(ctx.tx, databaseLinks, input.linkId, LINK_NOT_FOUND);
      if (link.kind === PRODUCT_LINK) throw unprocessable('databaselinks.productReadOnly');
      const values = { linkId: input.linkId, tableName: input.tableName, comment: input.comment, columns: input.columns };
      if (input.id === undefined) return toDraft(await auditedInsert(ctx, databaseDrafts, 'databaseDraft', values));
      const before = await findOr404(ctx.tx, databaseDrafts, input.id, { lock: true, ...DRAFT_NOT_FOUND });
      return toDraft(await auditedUpdate(ctx, databaseDrafts, 'databaseDraft', before, { ...values, updatedAt: new Date() }));
    },

    async removeDrafts(ctx: Ctx, ids: number[]): Promise<number> {
      return auditedDelete(ctx, databaseDrafts, 'databaseDraft', await lockAll(ctx.tx, databaseDrafts, ids, DRAFT_NOT_FOUND));
    },

    plan: async (ctx: Ctx, draftId: number) => plan(ctx, await loadDraft(ctx.tx, draftId)),

    /** Runs the plan's statements on the link (refused, with every reason, when it has problems) and marks the design released. */
    async release(ctx: Ctx, draftId: number): Promise<ReleasePlan> {
      const before = await findOr404(ctx.tx, databaseDrafts, draftId, { lock: true, ...DRAFT_NOT_FOUND });
      const planned = await plan(ctx, toDraft(before));
      if (planned.problems.length) throw unprocessable('databaselinks.releaseProblems', { problems: planned.problems.join('; ') });
      if (planned.statements.length) await links.execute(ctx, before.linkId, planned.statements);
      await auditedUpdate(ctx, databaseDrafts, 'databaseDraft', before, { releasedAt: new Date(), updatedAt: new Date() });
      return { ...planned, done: true };
    },

    /** Whether `name` can name a new table on the link: legal there, not reserved, not taken. */
    async checkTableName(ctx: Ctx, linkId: number, name: string): Promise<{ ok: boolean; reason: string }> {
      const language = ctx.actor.language;
      const { kind, columns } = await links.describe(ctx, linkId, name);
      const problem = nameProblem(name, kind, language) ?? (columns.length ? translate(language, 'databaselinks.tableNameTaken', { name }) : undefined);
      return problem ? { ok: false, reason: problem } : { ok: true, reason: translate(language, 'databaselinks.tableNameFree') };
    },

    /** An existing table's columns as a design holds them. */
    async existingFields(ctx: Ctx, linkId: number, table: string) {
      const { kind, columns } = await links.describe(ctx, linkId, table);
      if (!columns.length) throw unprocessable('databaselinks.tableNotFound', { table });
      const { dialect } = DRIVERS[kind];
      return columns.map((column) => {
        const type = dialect.designType(column.type, column.length);
        return {
          name: column.name,
          type,
          length: type === 'varchar' || type === 'decimal' ? column.length : null,
          scale: null,
          nullable: column.nullable,
          primaryKey: column.primaryKey,
          defaultValue: '',
          comment: column.comment,
          nativeType: column.type,
        };
      });
    },

    fields: async (tx: Tx) => (await tx.select().from(databaseFields).orderBy(asc(databaseFields.sort), asc(databaseFields.name))).map(toField),

    async submitField(ctx: Ctx, input: z.output<typeof databaseFieldSubmit>): Promise<DatabaseField> {
      const { id, ...values } = input;
      if (id === undefined) return toField(await auditedInsert(ctx, databaseFields, 'databaseField', values));
      const before = await findOr404(ctx.tx, databaseFields, id, { lock: true, ...FIELD_NOT_FOUND });
      return toField(await auditedUpdate(ctx, databaseFields, 'databaseField', before, { ...values, updatedAt: new Date() }));
    },

    async removeFields(ctx: Ctx, ids: number[]): Promise<number> {
      return auditedDelete(ctx, databaseFields, 'databaseField', await lockAll(ctx.tx, databaseFields, ids, FIELD_NOT_FOUND));
    },
  };
}
