import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaItem } from '@macro/contract/areas';
import type { Db, Tx } from '@macro/store';
import { asc, eq, sql } from 'drizzle-orm';
import { areas } from './tables.ts';
import { SERVER_ROOT } from '../../platform/paths.ts';

type Row = typeof areas.$inferInsert;
interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/** The province → city → county tree (official codes; written by scripts/areas.mjs), read once when seeding. */
function divisionTree(): Division[] {
  return JSON.parse(readFileSync(join(SERVER_ROOT, 'src/modules/areas/divisions.json'), 'utf8')) as Division[];
}

/** The tree as rows, parents before their children. */
export function divisionRows(tree: Division[] = divisionTree()): Row[] {
  const rows: Row[] = [];
  const walk = (nodes: Division[], parentCode: string, layer: number) => {
    for (const node of nodes) {
      const children = layer < 2 ? (node.children ?? []) : [];
      rows.push({ code: node.code, name: node.name, parentCode, layer, leaf: children.length ? 0 : 1 });
      walk(children, node.code, layer + 1);
    }
  };
  walk(tree, '', 0);
  return rows;
}

/**
 * Fills the platform's area table when the tree holds rows it lacks (first start, or a newer
 * tree); idempotent, and names follow the tree on conflict.
 */
export async function seedAreas(db: Db): Promise<void> {
  const rows = divisionRows();
  const [held] = await db.select({ count: sql<number>`count(*)::int` }).from(areas);
  if (Number(held?.count) === rows.length) return;
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(areas)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: areas.code,
        set: { name: sql`excluded.name`, parentCode: sql`excluded.parent_code`, layer: sql`excluded.layer`, leaf: sql`excluded.leaf` },
      });
  }
}

/** The areas directly below `parentCode` ('' for the provinces), by code. */
export async function areaChildren(tx: Tx, parentCode: string): Promise<AreaItem[]> {
  const rows = await tx.select().from(areas).where(eq(areas.parentCode, parentCode)).orderBy(asc(areas.code));
  return rows.map((r) => ({ F_AreaId: r.code, F_AreaName: r.name, F_ParentId: r.parentCode, F_Layer: r.layer, isLeaf: r.leaf === 1 }));
}
