import { DATA_ITEM_ENDPOINTS as E, type dataItemBody, type dataItemDetailBody } from '@macro/contract/dataitems';
import { DICT_ROOT, type DictEntry, type DictTreeNode } from '@macro/contract/dict';
import type { Ctx, Tx } from '@macro/store';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/module.ts';
import { buildTree } from '../../platform/tree.ts';
import { dictDetail, dictTree, removeDicts, submitDict } from './service.ts';
import { dicts } from './tables.ts';

/**
 * The data-item calls: the system dictionaries
 * seen from another client. A data item is a top-level system dictionary, a detail an entry
 * under it; no rows of their own, so both families always show the same data.
 */
const KIND = 'system';
const ofKind = eq(dicts.kind, KIND);

async function topOf(tx: Tx, code: string) {
  const [top] = await tx
    .select()
    .from(dicts)
    .where(and(ofKind, eq(dicts.parentId, DICT_ROOT), eq(dicts.code, code)));
  if (!top) throw notFound('dict.notFound');
  return top;
}

/** The entry `id`, when it is a data item (`top`) or a detail (not top). */
async function entryOf(tx: Tx, id: number, top: boolean) {
  const [row] = await tx
    .select()
    .from(dicts)
    .where(and(ofKind, eq(dicts.id, id), top ? eq(dicts.parentId, DICT_ROOT) : ne(dicts.parentId, DICT_ROOT)));
  if (!row) throw notFound('dict.notFound');
  return row;
}

const matches = (row: { dictKey: string; dictValue: string }, keyword?: string) =>
  !keyword || row.dictKey.toLowerCase().includes(keyword.toLowerCase()) || row.dictValue.toLowerCase().includes(keyword.toLowerCase());

async function detailRows(tx: Tx, code: string) {
  const top = await topOf(tx, code);
  const rows = await tx
    .select()
    .from(dicts)
    .where(and(ofKind, eq(dicts.code, top.code), ne(dicts.parentId, DICT_ROOT)))
    .orderBy(asc(dicts.sort), asc(dicts.id));
  return { top, rows };
}

/** The details of a data item as a tree; a keyword keeps the matching details and their ancestors. */
export async function detailTree(tx: Tx, code: string, keyword?: string): Promise<DictTreeNode[]> {
  const { top, rows } = await detailRows(tx, code);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (!matches(row, keyword)) continue;
    for (let at: typeof row | undefined = row; at && !kept.has(at.id); at = byId.get(at.parentId)) kept.add(at.id);
  }
  return buildTree(
    rows.filter((row) => kept.has(row.id)),
    (r): DictTreeNode => ({ id: r.id, parentId: r.parentId, title: r.dictValue, key: r.id, value: r.id, code: r.code, children: [] }),
    { id: (r) => r.id, parentId: (r) => r.parentId, orphans: 'drop', isRoot: (r) => r.parentId === top.id },
  );
}

export async function details(tx: Tx, code: string, keyword?: string): Promise<DictEntry[]> {
  const { rows } = await detailRows(tx, code);
  return Promise.all(rows.filter((row) => matches(row, keyword)).map((row) => dictDetail(tx, KIND, row.id)));
}

export async function info(tx: Tx, code: string): Promise<DictEntry> {
  return dictDetail(tx, KIND, (await topOf(tx, code)).id);
}

type ItemInput = z.output<typeof dataItemBody>;
type DetailInput = z.output<typeof dataItemDetailBody>;

export async function saveDataItem(ctx: Ctx, input: ItemInput, id?: number): Promise<DictEntry> {
  const dictKey = id === undefined ? '-1' : (await entryOf(ctx.tx, id, true)).dictKey;
  return submitDict(ctx, KIND, { ...input, id, parentId: DICT_ROOT, dictKey });
}

export async function saveDetail(ctx: Ctx, input: DetailInput, id?: number): Promise<DictEntry> {
  const { code, parentId, ...values } = input;
  if (id !== undefined) {
    const before = await entryOf(ctx.tx, id, false);
    return submitDict(ctx, KIND, { ...values, code, id, parentId: parentId || before.parentId });
  }
  const top = await topOf(ctx.tx, code);
  return submitDict(ctx, KIND, { ...values, code: top.code, parentId: parentId || top.id });
}

export async function removeEntry(ctx: Ctx, id: number, top: boolean): Promise<{ removed: number }> {
  await entryOf(ctx.tx, id, top);
  return { removed: await removeDicts(ctx, KIND, [id]) };
}

export const dataItemRoutes = () => [
  route(E.tree, (_, { tx }) => dictTree(tx, KIND)),
  route(E.detailTree, ({ params, query }, { tx }) => detailTree(tx, params.code, query.keyword)),
  // By id (digits) or by code: the workflow designer names a data item either way.
  route(E.workflowDetailTree, async ({ params, query }, { tx }) =>
    detailTree(tx, /^\d{1,10}$/.test(params.id) ? (await entryOf(tx, Number(params.id), true)).code : params.id, query.keyword),
  ),
  route(E.details, ({ params, query }, { tx }) => details(tx, params.code, query.keyword)),
  route(E.info, ({ params }, { tx }) => info(tx, params.code)),
  route(E.create, ({ body }, ctx) => saveDataItem(ctx, body)),
  route(E.update, ({ params, body }, ctx) => saveDataItem(ctx, body, params.id)),
  route(E.remove, ({ params }, ctx) => removeEntry(ctx, params.id, true)),
  route(E.createDetail, ({ body }, ctx) => saveDetail(ctx, body)),
  route(E.updateDetail, ({ params, body }, ctx) => saveDetail(ctx, body, params.id)),
  route(E.removeDetail, ({ params }, ctx) => removeEntry(ctx, params.id, false)),
];
