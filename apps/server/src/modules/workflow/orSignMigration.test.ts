import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { CANDIDATE_TRIGGER_SQL } from '@macro/workflow/tables';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { dbLabel, describeDb, emptyPostgresDatabase } from '../../test/helper.ts';

/*
 * Migration 0033 turns the open tasks an or-sign node had made, one per candidate on one token,
 * into the one task with a candidate set that the engine now keeps; nothing else changes.
 */

const migrations = fileURLToPath(new URL('../../../migrations', import.meta.url));
const BEFORE = '0033_orsign_one_task';

/** The migrations folder as it was before `tag`: its files and a journal that stops there. */
function folderBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'macro-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const TASKS = `insert into wf_task (tenant_id, instance_id, execution_id, node_id, node_name, kind, assignee_id, owner_id, state, touched, created_at) values
  ('000000', 1, 10, 'review', 'Review', 'approve', 11, null, 'open', false, now()),
  ('000000', 1, 10, 'review', 'Review', 'approve', 12, null, 'open', true, now()),
  ('000000', 1, 10, 'review', 'Review', 'approve', 7, 14, 'open', false, now()),
  ('000000', 1, 9, 'draft', 'Draft', 'approve', 11, null, 'completed', true, now()),
  ('000000', 2, 20, 'check', 'Check', 'approve', 21, null, 'open', false, now()),
  ('000000', 3, 31, 'sign', 'Sign', 'counterSign', 31, null, 'open', false, now()),
  ('000000', 3, 32, 'sign', 'Sign', 'counterSign', 32, null, 'open', false, now()),
  ('200001', 4, 40, 'review', 'Review', 'approve', 41, null, 'open', false, now()),
  ('200001', 4, 40, 'review', 'Review', 'approve', 42, null, 'open', false, now())`;

const HISTORY = `insert into wf_history (tenant_id, instance_id, node_id, event, action, user_id, comment, at) values
  ('000000', 1, 'review', 'operation', 'transfer', 11, '→ 5', now()),
  ('000000', 1, 'review', 'operation', 'transfer', 11, 'please check', now()),
  ('000000', 1, 'review', 'operation', 'reject', 11, '→ 5', now())`;

async function checkMigrated(query: Query): Promise<void> {
  // Migration 0034: a hand-over's target moves from its comment into target_user_id.
  const history = await query('select action, comment, target_user_id from wf_history order by id');
  expect(history.map((h) => `${h.action}:${h.comment ?? '-'}:${h.target_user_id ?? '-'}`)).toEqual(['transfer:-:5', 'transfer:please check:-', 'reject:→ 5:-']);
  const tasks = await query('select id, tenant_id, instance_id, node_id, assignee_id, owner_id, state, touched from wf_task order by id');
  const shape = tasks.map((t) => `${t.instance_id}:${t.node_id}:${t.assignee_id ?? '-'}:${t.state}${t.touched ? ':touched' : ''}`);
  expect(shape).toEqual([
    // The group's first row is the one task, nobody's yet; it keeps that one of them had opened it.
    '1:review:-:open:touched',
    '1:review:12:cancelled:touched',
    '1:review:7:cancelled',
    '1:draft:11:completed:touched',
    // One approver, a counter-sign's signers: untouched.
    '2:check:21:open',
    '3:sign:31:open',
    '3:sign:32:open',
    // Another tenant's group, merged within that tenant.
    '4:review:-:open',
    '4:review:42:cancelled',
  ]);
  const candidates = await query('select tenant_id, task_id, user_id from wf_task_candidate where active order by tenant_id, task_id, user_id');
  const keeper = (instance: number) => Number(tasks.find((t) => Number(t.instance_id) === instance && t.state === 'open')!.id);
  expect(candidates.map((c) => `${c.tenant_id}:${c.task_id}:${c.user_id}`)).toEqual([
    // Everyone the rows were for: the candidates, and a standing deputy with the one they stand for.
    ...[7, 11, 12, 14].map((user) => `000000:${keeper(1)}:${user}`),
    ...[41, 42].map((user) => `200001:${keeper(4)}:${user}`),
  ]);
}

describeDb(`migration 0033 merges an or-sign node's open tasks into one (${dbLabel})`, () => {
  const folder = folderBefore(BEFORE);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('the migration holds the engine’s candidate trigger as the engine declares it', () => {
    const text = readFileSync(join(migrations, `${BEFORE}.sql`), 'utf8');
    for (const statement of CANDIDATE_TRIGGER_SQL) expect(text).toContain(`${statement};`);
  });

  it('open per-candidate rows become one task with those candidates', async () => {
    if (dbLabel === 'pglite') {
      const client = new PGlite();
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: folder });
      await client.exec(TASKS);
      await client.exec(HISTORY);
      await migratePglite(db, { migrationsFolder: migrations });
      await checkMigrated(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      await client.close();
      return;
    }
    const database = await emptyPostgresDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: folder });
      await db.execute(sql.raw(TASKS));
      await db.execute(sql.raw(HISTORY));
      await migratePg(db, { migrationsFolder: migrations });
      await checkMigrated(async (text) => (await pool.query(text)).rows);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
