import type { Page, PageQuery } from '@macro/contract';
import type { Scheme, schemeInput, schemeListQuery, schemeUpdate } from '@macro/contract/workflow';
import type { Ctx, Tx } from '@macro/store';
import { type Definition, type WorkflowEngine, wfDefinitions } from '@macro/workflow';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { conflict } from '../../platform/errors.ts';
import { containing } from '../../platform/list.ts';
import { assertWorkflowCategory } from '../wfcategories/public.ts';
import { wfSchemes } from './tables.ts';
import { paged } from './shared.ts';
import { SCHEME_NOT_FOUND } from './shared.ts';

/* Templates: the schemes people start processes from, and their versions. */

const RESOURCE = 'workflow-scheme';

async function latestOf(tx: Tx, code: string): Promise<Pick<Definition, 'id' | 'version'> | undefined> {
  const [row] = await tx
    .select({ id: wfDefinitions.id, version: wfDefinitions.version })
    .from(wfDefinitions)
    .where(eq(wfDefinitions.key, code))
    .orderBy(desc(wfDefinitions.version))
    .limit(1);
  return row;
}

export async function toScheme(tx: Tx, row: typeof wfSchemes.$inferSelect): Promise<Scheme> {
  const latest = await latestOf(tx, row.code);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    category: row.category,
    enabled: row.enabled,
    remark: row.remark,
    version: latest?.version ?? 0,
    definitionId: latest?.id ?? 0,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

export async function listSchemes(tx: Tx, query: z.output<typeof schemeListQuery>): Promise<Page<Scheme>> {
  const where = and(
    query.name ? ilike(wfSchemes.name, containing(query.name)) : undefined,
    query.code ? ilike(wfSchemes.code, containing(query.code)) : undefined,
    query.category ? eq(wfSchemes.category, query.category) : undefined,
  );
  return schemePage(tx, where, query);
}

/** A page of templates matching `where`, newest first, each with its latest version. */
export async function schemePage(tx: Tx, where: SQL | undefined, query: PageQuery): Promise<Page<Scheme>> {
  const rows = await tx
    .select()
    .from(wfSchemes)
    .where(where)
    .orderBy(desc(wfSchemes.id))
    .limit(query.size)
    .offset((query.current - 1) * query.size);
  const [{ n }] = await tx.select({ n: count() }).from(wfSchemes).where(where);
  return paged(await Promise.all(rows.map((r) => toScheme(tx, r))), Number(n), query);
}

export async function schemeInfo(tx: Tx, id: number) {
  const row = await findOr404(tx, wfSchemes, id, SCHEME_NOT_FOUND);
  const scheme = await toScheme(tx, row);
  const [definition] = await tx.select({ xml: wfDefinitions.xml }).from(wfDefinitions).where(eq(wfDefinitions.id, scheme.definitionId));
  return { ...scheme, xml: definition?.xml ?? '' };
}

export async function schemeHistory(tx: Tx, id: number) {
  const row = await findOr404(tx, wfSchemes, id, SCHEME_NOT_FOUND);
  const versions = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.key, row.code)).orderBy(desc(wfDefinitions.version));
  return versions.map((v) => ({ definitionId: v.id, version: v.version, name: v.name, createTime: v.createdAt.toISOString() }));
}

/** Creates a template and deploys its first version through the engine, in one transaction. */
export async function createScheme(ctx: Ctx, engine: WorkflowEngine, input: z.output<typeof schemeInput>): Promise<Scheme> {
  await assertWorkflowCategory(ctx.tx, input.category);
  const [taken] = await ctx.tx.select({ id: wfSchemes.id }).from(wfSchemes).where(eq(wfSchemes.code, input.code));
  if (taken) throw conflict('workflow.templateExists', { code: input.code });
  const row = await auditedInsert(ctx, wfSchemes, RESOURCE, { code: input.code, name: input.name, category: input.category, remark: input.remark });
  await engine.deploy(ctx.tx, { key: input.code, name: input.name, xml: input.xml });
  return toScheme(ctx.tx, row);
}

/** Changes a template and deploys its XML as the next version. */
export async function updateScheme(ctx: Ctx, engine: WorkflowEngine, input: z.output<typeof schemeUpdate>): Promise<Scheme> {
  const before = await findOr404(ctx.tx, wfSchemes, input.id, { ...SCHEME_NOT_FOUND, lock: true });
  await assertWorkflowCategory(ctx.tx, input.category);
  const row = await auditedUpdate(ctx, wfSchemes, RESOURCE, before, {
    name: input.name,
    category: input.category,
    remark: input.remark,
    updatedAt: new Date(),
  });
  await engine.deploy(ctx.tx, { key: before.code, name: input.name, xml: input.xml });
  return toScheme(ctx.tx, row);
}

export async function setSchemeEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<Scheme> {
  const before = await findOr404(ctx.tx, wfSchemes, id, { ...SCHEME_NOT_FOUND, lock: true });
  return toScheme(ctx.tx, await auditedUpdate(ctx, wfSchemes, RESOURCE, before, { enabled, updatedAt: new Date() }));
}

export async function removeScheme(ctx: Ctx, id: number): Promise<number> {
  const before = await findOr404(ctx.tx, wfSchemes, id, { ...SCHEME_NOT_FOUND, lock: true });
  await ctx.tx.delete(wfSchemes).where(eq(wfSchemes.id, id));
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource: RESOURCE, resourceId: id, before });
  return 1;
}
