import { rowsOf, type Tx } from '@macro/store';
import { eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { lockForTenant } from './crud.ts';

/** A node of any tree the platform builds. */
export interface TreeNode<N> {
  children: N[];
}

export interface TreeOptions<T> {
  id: (row: T) => number;
  parentId: (row: T) => number;
  /** What becomes of a row whose parent is not among the rows: a root (default) or nothing. */
  orphans?: 'root' | 'drop';
  /** Rows that are roots even when their parent is present. */
  isRoot?: (row: T) => boolean;
}

/**
 * Builds a forest from rows in one pass, keeping the rows' order among siblings. A cycle cannot
 * loop: each row hangs under exactly one parent, so rows on a cycle are simply unreachable.
 */
export function buildTree<T, N extends TreeNode<N>>(rows: readonly T[], toNode: (row: T) => N, options: TreeOptions<T>): N[] {
  const nodes = new Map<number, N>();
  for (const row of rows) nodes.set(options.id(row), toNode(row));
  const roots: N[] = [];
  for (const row of rows) {
    const node = nodes.get(options.id(row))!;
    if (options.isRoot?.(row)) {
      roots.push(node);
      continue;
    }
    const parent = nodes.get(options.parentId(row));
    if (parent && parent !== node) parent.children.push(node);
    else if (!parent && (options.orphans ?? 'root') === 'root') roots.push(node);
  }
  return roots;
}

/** A table that is a tree: an `id`, a `parent_id` column (`parentId`), and `root` as the parent of top nodes. */
export interface TreeTable<T extends TreeColumns = TreeColumns> {
  table: T;
  root: number;
}
type TreeColumns = PgTable & { id: PgColumn; parentId: PgColumn };

/**
 * SQL: the ids (one column `id`) of the nodes `start` names (a query of one column) and of every
 * node below them in `table`, however deep. Each step looks a node's children up on their own
 * (a lateral subquery kept apart by `offset 0`), so the tree's (tenant, parent) index serves it:
 * joined plainly, a prepared statement's generic plan reads the tenant's whole tree at every step.
 */
export function walkDownSql(table: PgTable, start: SQL): SQL {
  return sql`with recursive below(id) as (
      ${start}
      union
      select c.id from below b cross join lateral (select t.id from ${table} t where t.parent_id = b.id offset 0) c
    )
    select id from below`;
}

/** The domain's own words for a placement refused. */
export interface TreeErrors {
  parentNotFound: () => Error;
  /** The parent is the node itself or one of its descendants. */
  cycle: () => Error | Promise<Error>;
}

/**
 * Serialises moves in one tree of the tenant (a transaction-scoped lock): two concurrent moves,
 * A under B and B under A, each see no cycle on their own, so the second waits for the first and
 * then sees it. Taken before any row lock of the move, or two opposite moves deadlock.
 */
export async function lockTreeMoves(tx: Tx, tree: TreeTable): Promise<void> {
  await lockForTenant(tx, `tree:${getTableName(tree.table)}`);
}

/** Whether `candidate` is `id` or lies below it (one recursive statement, however deep). */
export async function isSelfOrDescendant(tx: Tx, tree: TreeTable, id: number, candidate: number): Promise<boolean> {
  if (candidate === id) return true;
  const rows = rowsOf<{ found: boolean }>(
    await tx.execute(sql`
      select exists (select 1 from (${walkDownSql(tree.table, sql`select t.id from ${tree.table} t where t.parent_id = ${id}`)}) below where id = ${candidate}) as found`),
  );
  return Boolean(rows[0]?.found);
}

/**
 * Where a node goes, under the rules every tree keeps: its moves are serialised in the tenant
 * (`lockTreeMoves`, for an existing node), its parent exists and stays until the transaction
 * ends (a share lock: removing it waits), and it goes neither under itself nor under one of its
 * descendants. Call it before locking the node's own row. Returns the parent row, null at the top.
 */
export async function placeInTree<T extends TreeColumns>(
  tx: Tx,
  tree: TreeTable<T>,
  node: { id?: number; parentId: number },
  errors: TreeErrors,
): Promise<T['$inferSelect'] | null> {
  if (node.id !== undefined) await lockTreeMoves(tx, tree);
  if (node.parentId === tree.root) return null;
  const [parent] = await tx
    .select()
    .from(tree.table as PgTable)
    .where(eq(tree.table.id, node.parentId))
    .for('share');
  if (!parent) throw errors.parentNotFound();
  if (node.id !== undefined && (await isSelfOrDescendant(tx, tree, node.id, node.parentId))) throw await errors.cycle();
  return parent as T['$inferSelect'];
}

/**
 * A child of one of `ids` that is not itself among them: what keeps those nodes from being
 * removed. Call it after locking `ids` (a child added meanwhile has committed, or waits).
 */
export async function childLeftBehind(tx: Tx, tree: TreeTable, ids: readonly number[]): Promise<{ id: number; parentId: number } | undefined> {
  if (!ids.length) return undefined;
  const removing = new Set(ids);
  const children = await tx
    .select({ id: tree.table.id, parentId: tree.table.parentId })
    .from(tree.table as PgTable)
    .where(inArray(tree.table.parentId, [...ids]));
  return (children as { id: number; parentId: number }[]).find((child) => !removing.has(child.id));
}

/** The ids of a node and all below it, from the rows of the whole tree (for trees read whole). */
export function subtreeIds<T>(rows: readonly T[], rootId: number, options: Pick<TreeOptions<T>, 'id' | 'parentId'>): Set<number> {
  const below = new Map<number, number[]>();
  for (const row of rows) below.set(options.parentId(row), [...(below.get(options.parentId(row)) ?? []), options.id(row)]);
  const inside = new Set([rootId]);
  const pending = [rootId];
  while (pending.length) {
    for (const child of below.get(pending.pop()!) ?? []) {
      if (inside.has(child)) continue;
      inside.add(child);
      pending.push(child);
    }
  }
  return inside;
}
