import type { Page, PageQuery } from '@macro/contract';
import { DICT_ROOT, type DictEntry, type DictKind, type DictNode, type DictOption, type DictTreeNode, type dictSubmit } from '@macro/contract/dict';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { buildTree, childLeftBehind, type TreeTable } from '../../platform/tree.ts';
import { dicts } from './tables.ts';
import { iso } from '../../platform/time.ts';

const DICT_TREE: TreeTable<typeof dicts> = { table: dicts, root: DICT_ROOT };

export type DictInput = z.output<typeof dictSubmit>;
export interface DictSearch {
  code?: string;
  dictValue?: string;
}

const NOT_FOUND = { message: 'dict.notFound' };
const resource = (kind: DictKind) => `dict-${kind}`;

/** One entry as the API shows it: its row, its parent's name, and whether it has children (probed by index). */
const ENTRY_COLUMNS = sql`t.id, t.parent_id, t.code, t.dict_key, t.dict_value, t.sort, t.is_sealed, t.remark,
  t.created_at, t.updated_at, coalesce(p.dict_value, '') as parent_name,
  exists (select 1 from ${dicts} c where c.parent_id = t.id) as has_children`;
const ENTRY_JOINS = sql`left join ${dicts} p on p.id = t.parent_id`;

function toEntry(row: Record<string, unknown>): DictEntry {
  return {
    id: Number(row.id),
    parentId: Number(row.parent_id),
    code: String(row.code),
    dictKey: String(row.dict_key),
    dictValue: String(row.dict_value),
    sort: Number(row.sort),
    isSealed: Number(row.is_sealed),
    remark: String(row.remark),
    parentName: String(row.parent_name),
    hasChildren: Boolean(row.has_children),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

function matching(kind: DictKind, search: DictSearch, extra?: SQL): SQL {
  return sql.join(
    [
      sql`t.kind = ${kind}`,
      search.code ? sql`t.code ilike ${containing(search.code)}` : undefined,
      search.dictValue ? sql`t.dict_value ilike ${containing(search.dictValue)}` : undefined,
      extra,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

function pageOfEntries(tx: Tx, where: SQL, query: PageQuery): Promise<Page<DictEntry>> {
  return listPage(tx, { table: sql`${dicts}`, where, order: ['sort', 'id'], columns: ENTRY_COLUMNS, joins: ENTRY_JOINS, toRecord: toEntry }, query);
}

async function entriesWhere(tx: Tx, where: SQL): Promise<DictEntry[]> {
  const rows = rowsOf(await tx.execute(sql`select ${ENTRY_COLUMNS} from ${dicts} t ${ENTRY_JOINS} where ${where} order by t.sort, t.id`));
  return rows.map(toEntry);
}

/** Every entry, parents and children alike, matching the search. */
export function listDicts(tx: Tx, kind: DictKind, query: PageQuery & DictSearch) {
  return pageOfEntries(tx, matching(kind, query), query);
}

export function listParents(tx: Tx, kind: DictKind, query: PageQuery & DictSearch) {
  return pageOfEntries(tx, matching(kind, query, sql`t.parent_id = ${DICT_ROOT}`), query);
}

export async function dictDetail(tx: Tx, kind: DictKind, id: number): Promise<DictEntry> {
  const [entry] = await entriesWhere(tx, sql`t.kind = ${kind} and t.id = ${id}`);
  if (!entry) throw notFound('dict.notFound');
  return entry;
}

/** A page of a parent's direct children, each with its whole subtree. */
export async function listChildren(tx: Tx, kind: DictKind, query: PageQuery & DictSearch & { parentId: number }): Promise<Page<DictNode>> {
  const top = await findOr404(tx, dicts, query.parentId, { where: eq(dicts.kind, kind), ...NOT_FOUND });
  const page = await pageOfEntries(tx, matching(kind, query, sql`t.parent_id = ${query.parentId}`), query);
  if (!page.records.length) return { ...page, records: [] };
  // Every descendant shares the top parent's code, so one query fetches all subtrees.
  const descendants = await entriesWhere(tx, sql`t.kind = ${kind} and t.code = ${top.code} and t.parent_id <> ${DICT_ROOT}`);
  const forest = buildTree(descendants, (entry): DictNode => ({ ...entry, children: [] }), {
    id: (e) => e.id,
    parentId: (e) => e.parentId,
  });
  const byId = new Map<number, DictNode>();
  const index = (nodes: DictNode[]) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      index(node.children);
    }
  };
  index(forest);
  return { ...page, records: page.records.map((entry) => ({ ...entry, children: byId.get(entry.id)?.children ?? [] })) };
}

/**
 * Adds an entry (no id) or updates one. A child takes its parent's code; on update neither
 * the code of a child nor anyone's parent may change. The parent row is locked first, so a
 * concurrent rename or removal of the parent waits for this change or makes it fail cleanly.
 */
export async function submitDict(ctx: Ctx, kind: DictKind, input: DictInput): Promise<DictEntry> {
  const { tx } = ctx;
  const isChild = input.parentId !== DICT_ROOT;
  const ofKind = eq(dicts.kind, kind);
  if (isChild) {
    const [owner] = await tx
      .select({ code: dicts.code })
      .from(dicts)
      .where(and(ofKind, eq(dicts.id, input.parentId)))
      .for('share');
    if (!owner) throw badRequest('dict.parentNotFound');
    if (owner.code !== input.code) throw badRequest('dict.codeFixed');
    await assertUnique(tx, dicts, and(ofKind, eq(dicts.parentId, input.parentId), eq(dicts.dictKey, input.dictKey)), {
      exceptId: input.id,
      message: 'dict.keyExists',
      params: { key: input.dictKey },
    });
  } else {
    await assertUnique(tx, dicts, and(ofKind, eq(dicts.parentId, DICT_ROOT), eq(dicts.code, input.code)), {
      exceptId: input.id,
      message: 'dict.codeExists',
      params: { code: input.code },
    });
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
    const row = await auditedInsert(ctx, dicts, resource(kind), { ...values, kind, parentId: input.parentId });
    return dictDetail(tx, kind, row.id);
  }
  const before = await findOr404(tx, dicts, input.id, { lock: true, where: ofKind, ...NOT_FOUND });
  if (before.parentId !== input.parentId) throw badRequest('dict.parentFixed');
  await auditedUpdate(ctx, dicts, resource(kind), before, { ...values, updatedAt: new Date() });
  if (!isChild && before.code !== input.code) {
    // A parent's entries carry its code: renaming the parent renames them with it.
    await tx
      .update(dicts)
      .set({ code: input.code, updatedAt: new Date() })
      .where(and(ofKind, eq(dicts.code, before.code), ne(dicts.parentId, DICT_ROOT)));
  }
  return dictDetail(tx, kind, input.id);
}

/** Deletes entries; an entry that still has children outside the deleted set is refused. */
export async function removeDicts(ctx: Ctx, kind: DictKind, ids: number[]): Promise<number> {
  const { tx } = ctx;
  const doomed = await lockAll(tx, dicts, ids, { where: eq(dicts.kind, kind), ...NOT_FOUND });
  // Read after the lock: children added meanwhile have committed, or wait for this removal.
  // An entry's children are of its kind: the tree needs no filter by kind.
  const orphan = await childLeftBehind(tx, DICT_TREE, ids);
  if (orphan) {
    const owner = doomed.find((row) => row.id === orphan.parentId)!;
    throw badRequest('dict.hasChildren', { name: owner.dictValue });
  }
  return auditedDelete(ctx, dicts, resource(kind), doomed);
}

/** Parents with their entries, for tree selects; `code` narrows to one dictionary. */
export async function dictTree(tx: Tx, kind: DictKind, code?: string): Promise<DictTreeNode[]> {
  const rows = await tx
    .select()
    .from(dicts)
    .where(and(eq(dicts.kind, kind), code ? eq(dicts.code, code) : undefined))
    .orderBy(asc(dicts.sort), asc(dicts.id));
  return buildTree(rows, (r): DictTreeNode => ({ id: r.id, parentId: r.parentId, title: r.dictValue, key: r.id, value: r.id, code: r.code, children: [] }), {
    id: (r) => r.id,
    parentId: (r) => r.parentId,
    orphans: 'drop',
    isRoot: (r) => r.parentId === DICT_ROOT,
  });
}

/** The options of one dictionary for a dropdown: its direct, unsealed entries. */
export async function dictionaryOptions(tx: Tx, kind: DictKind, code: string): Promise<DictOption[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select t.id, t.dict_key, t.dict_value, t.sort from ${dicts} t
      join ${dicts} o on o.id = t.parent_id and o.parent_id = ${DICT_ROOT}
      where t.kind = ${kind} and o.code = ${code} and t.is_sealed = 0
      order by t.sort, t.id`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    label: String(row.dict_value),
    value: String(row.dict_key),
    dictKey: String(row.dict_key),
    dictValue: String(row.dict_value),
    sort: Number(row.sort),
  }));
}

/** Whether a dictionary with this code exists (starter data is added only once). */
export async function dictionaryExists(tx: Tx, kind: DictKind, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dicts.id })
    .from(dicts)
    .where(and(eq(dicts.kind, kind), eq(dicts.parentId, DICT_ROOT), eq(dicts.code, code)));
  return Boolean(row);
}
