import {
  DICT_ROOT,
  type DictEntry,
  type DictKind,
  type DictNode,
  type DictOption,
  type DictTreeNode,
  type Page,
  type PageQuery,
  type dictSubmit,
} from '@macro/contract';
import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { containing, offsetOf, pageOf } from '../../platform/paging.ts';
import { recordAudit } from '../audit/service.ts';
import { dicts } from './tables.ts';

export type DictInput = z.output<typeof dictSubmit>;
export interface DictSearch {
  code?: string;
  dictValue?: string;
}

const parent = alias(dicts, 'parent');
const entryColumns = {
  row: dicts,
  parentName: sql<string | null>`${parent.dictValue}`,
  hasChildren: sql<boolean>`exists (select 1 from macro_dict c where c.parent_id = ${dicts.id})`,
};
type EntryRow = { row: typeof dicts.$inferSelect; parentName: string | null; hasChildren: boolean };

function toEntry({ row, parentName, hasChildren }: EntryRow): DictEntry {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    dictKey: row.dictKey,
    dictValue: row.dictValue,
    sort: row.sort,
    isSealed: row.isSealed,
    remark: row.remark,
    parentName: parentName ?? '',
    hasChildren,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

function searchFilter(kind: DictKind, search: DictSearch, extra?: SQL): SQL | undefined {
  return and(
    eq(dicts.kind, kind),
    search.code ? ilike(dicts.code, containing(search.code)) : undefined,
    search.dictValue ? ilike(dicts.dictValue, containing(search.dictValue)) : undefined,
    extra,
  );
}

async function pagedEntries(tx: Tx, where: SQL | undefined, query: PageQuery): Promise<Page<DictEntry>> {
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select(entryColumns)
      .from(dicts)
      .leftJoin(parent, eq(parent.id, dicts.parentId))
      .where(where)
      .orderBy(asc(dicts.sort), asc(dicts.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    tx.select({ total: count() }).from(dicts).where(where),
  ]);
  return pageOf(rows.map(toEntry), total, query);
}

/** Every entry, parents and children alike, matching the search. */
export function listDicts(tx: Tx, kind: DictKind, query: PageQuery & DictSearch) {
  return pagedEntries(tx, searchFilter(kind, query), query);
}

export function listParents(tx: Tx, kind: DictKind, query: PageQuery & DictSearch) {
  return pagedEntries(tx, searchFilter(kind, query, eq(dicts.parentId, DICT_ROOT)), query);
}

/** A page of a parent's direct children, each with its whole subtree. */
export async function listChildren(
  tx: Tx,
  kind: DictKind,
  query: PageQuery & DictSearch & { parentId: number },
): Promise<Page<DictNode>> {
  const top = await findEntry(tx, kind, query.parentId);
  const page = await pagedEntries(tx, searchFilter(kind, query, eq(dicts.parentId, query.parentId)), query);
  // Every descendant shares the top parent's code, so one query fetches all subtrees.
  const descendants = await tx
    .select(entryColumns)
    .from(dicts)
    .leftJoin(parent, eq(parent.id, dicts.parentId))
    .where(and(eq(dicts.kind, kind), eq(dicts.code, top.code), ne(dicts.parentId, DICT_ROOT)))
    .orderBy(asc(dicts.sort), asc(dicts.id));
  const byParent = new Map<number, DictEntry[]>();
  for (const entry of descendants.map(toEntry)) {
    byParent.set(entry.parentId, [...(byParent.get(entry.parentId) ?? []), entry]);
  }
  const grow = (entry: DictEntry, depth: number): DictNode => ({
    ...entry,
    children: depth > 32 ? [] : (byParent.get(entry.id) ?? []).map((child) => grow(child, depth + 1)),
  });
  return { ...page, records: page.records.map((entry) => grow(entry, 0)) };
}

async function findEntry(tx: Tx, kind: DictKind, id: number, lock = false): Promise<DictEntry> {
  const base = tx
    .select(entryColumns)
    .from(dicts)
    .leftJoin(parent, eq(parent.id, dicts.parentId))
    .where(and(eq(dicts.kind, kind), eq(dicts.id, id)));
  const [row] = lock ? await base.for('update', { of: dicts }) : await base;
  if (!row) throw notFound('dict.notFound');
  return toEntry(row);
}

export const dictDetail = (tx: Tx, kind: DictKind, id: number) => findEntry(tx, kind, id);

async function codeTaken(tx: Tx, kind: DictKind, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: dicts.id })
    .from(dicts)
    .where(and(eq(dicts.kind, kind), eq(dicts.parentId, DICT_ROOT), eq(dicts.code, code), exceptId ? ne(dicts.id, exceptId) : undefined));
  return Boolean(row);
}

async function keyTaken(tx: Tx, kind: DictKind, parentId: number, key: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: dicts.id })
    .from(dicts)
    .where(and(eq(dicts.kind, kind), eq(dicts.parentId, parentId), eq(dicts.dictKey, key), exceptId ? ne(dicts.id, exceptId) : undefined));
  return Boolean(row);
}

/**
 * Adds an entry (no id) or updates one. A child takes its parent's code; on update neither
 * the code of a child nor anyone's parent may change.
 */
export async function submitDict(tx: Tx, kind: DictKind, actor: Actor, input: DictInput): Promise<DictEntry> {
  const isChild = input.parentId !== DICT_ROOT;
  if (isChild) {
    const [owner] = await tx
      .select({ code: dicts.code })
      .from(dicts)
      .where(and(eq(dicts.kind, kind), eq(dicts.id, input.parentId)));
    if (!owner) throw badRequest('dict.parentNotFound');
    if (owner.code !== input.code) throw badRequest('dict.codeFixed');
    if (await keyTaken(tx, kind, input.parentId, input.dictKey, input.id)) throw conflict('dict.keyExists', { key: input.dictKey });
  } else if (await codeTaken(tx, kind, input.code, input.id)) {
    throw conflict('dict.codeExists', { code: input.code });
  }
  const values = {
    code: input.code,
    dictKey: input.dictKey,
    dictValue: input.dictValue,
    sort: input.sort,
    isSealed: input.isSealed,
    remark: input.remark,
  };
  if (input.id === undefined) {
    const [row] = await tx.insert(dicts).values({ ...values, kind, parentId: input.parentId }).returning({ id: dicts.id });
    const created = await findEntry(tx, kind, row.id);
    await recordAudit(tx, actor, { action: 'create', resource: `dict-${kind}`, resourceId: row.id, after: created });
    return created;
  }
  const before = await findEntry(tx, kind, input.id, true);
  if (before.parentId !== input.parentId) throw badRequest('dict.parentFixed');
  await tx.update(dicts).set({ ...values, updatedAt: new Date() }).where(eq(dicts.id, input.id));
  if (!isChild && before.code !== input.code) {
    // A parent's entries carry its code: renaming the parent renames them with it.
    await tx
      .update(dicts)
      .set({ code: input.code, updatedAt: new Date() })
      .where(and(eq(dicts.kind, kind), eq(dicts.code, before.code), ne(dicts.parentId, DICT_ROOT)));
  }
  const after = await findEntry(tx, kind, input.id);
  await recordAudit(tx, actor, { action: 'update', resource: `dict-${kind}`, resourceId: input.id, before, after });
  return after;
}

/** Deletes entries; an entry that still has children outside the deleted set is refused. */
export async function removeDicts(tx: Tx, kind: DictKind, actor: Actor, ids: number[]): Promise<number> {
  const doomed = await tx
    .select()
    .from(dicts)
    .where(and(eq(dicts.kind, kind), inArray(dicts.id, ids)))
    .for('update');
  if (doomed.length !== ids.length) throw notFound('dict.notFound');
  const children = await tx
    .select({ id: dicts.id, parentId: dicts.parentId })
    .from(dicts)
    .where(and(eq(dicts.kind, kind), inArray(dicts.parentId, ids)));
  const deleting = new Set(ids);
  const orphan = children.find((child) => !deleting.has(child.id));
  if (orphan) {
    const owner = doomed.find((row) => row.id === orphan.parentId)!;
    throw badRequest('dict.hasChildren', { name: owner.dictValue });
  }
  await tx.delete(dicts).where(and(eq(dicts.kind, kind), inArray(dicts.id, ids)));
  for (const row of doomed) {
    await recordAudit(tx, actor, { action: 'delete', resource: `dict-${kind}`, resourceId: row.id, before: row });
  }
  return doomed.length;
}

/** Parents with their entries, for tree selects; `code` narrows to one dictionary. */
export async function dictTree(tx: Tx, kind: DictKind, code?: string): Promise<DictTreeNode[]> {
  const rows = await tx
    .select()
    .from(dicts)
    .where(and(eq(dicts.kind, kind), code ? eq(dicts.code, code) : undefined))
    .orderBy(asc(dicts.sort), asc(dicts.id));
  const nodes = new Map<number, DictTreeNode>(
    rows.map((r) => [
      r.id,
      { id: r.id, parentId: r.parentId, title: r.dictValue, key: r.id, value: r.id, code: r.code, children: [] },
    ]),
  );
  const roots: DictTreeNode[] = [];
  for (const node of nodes.values()) {
    const owner = nodes.get(node.parentId);
    if (owner) owner.children.push(node);
    else if (node.parentId === DICT_ROOT) roots.push(node);
  }
  return roots;
}

/** The options of one dictionary for a dropdown: its direct, unsealed entries. */
export async function dictionaryOptions(tx: Tx, kind: DictKind, code: string): Promise<DictOption[]> {
  const owner = alias(dicts, 'owner');
  const rows = await tx
    .select({ row: dicts })
    .from(dicts)
    .innerJoin(owner, and(eq(owner.id, dicts.parentId), eq(owner.parentId, DICT_ROOT)))
    .where(and(eq(dicts.kind, kind), eq(owner.code, code), eq(dicts.isSealed, 0)))
    .orderBy(asc(dicts.sort), asc(dicts.id));
  return rows.map(({ row }) => ({
    id: row.id,
    label: row.dictValue,
    value: row.dictKey,
    dictKey: row.dictKey,
    dictValue: row.dictValue,
    sort: row.sort,
  }));
}
