import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { tablesOf } from '../../modules.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import { as, type Client, signIn, type TestServer, startServer } from '../../test/helper.ts';

const SYSTEM = '/api/macro-system/dict';
const ROUNDS = 8;

/**
 * Races on a parent and its children, with two servers on one PostgreSQL (PGlite runs one
 * statement at a time, so these cannot happen there): each side's pool, its own connections.
 */
describe.runIf(process.env.TEST_DB === 'postgres' && inject('postgresTemplate'))('dictionary races on PostgreSQL', () => {
  let first: TestServer;
  let second: { database: Database; close: () => Promise<void> };
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    first = await startServer();
    const database = await openDatabase({ databaseUrl: first.databaseUrl, tables: tablesOf(first.modules) });
    const app = await buildApp({ config: first.config, database, modules: first.modules });
    const other = { ...first, app, database };
    second = {
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    a = as(first, (await signIn(first)).access_token);
    b = as(other, (await signIn(other)).access_token);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const entries = async () =>
    rowsOf<{ id: number; parent_id: number; code: string }>(
      await first.database.db.execute(sql`select id, parent_id, code from macro_dict where code like 'Race%' and kind = 'system'`),
    );

  it('never leaves a child under the old code while its parent is renamed', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const code = `RaceRename${round}`;
      const parent = (await a.post(`${SYSTEM}/submit`, { code, dictKey: '-1', dictValue: code })).json().data;
      const renamed = `${code}x`;
      const adds = Array.from({ length: 4 }, (_, i) => b.post(`${SYSTEM}/submit`, { parentId: parent.id, code, dictKey: `k${i}`, dictValue: `v${i}` }));
      const rename = a.post(`${SYSTEM}/submit`, { id: parent.id, code: renamed, dictKey: '-1', dictValue: code });
      const [renameResult, ...added] = await Promise.all([rename, ...adds]);
      expect(renameResult.statusCode, renameResult.body).toBe(200);
      for (const response of added) {
        // A child either made it before the rename (and was renamed with it) or was refused cleanly.
        expect([200, 400], response.body).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json().sys_msg).toBe('子项的字典编号随上级字典，不能修改');
      }
      const children = (await entries()).filter((row) => row.parent_id === parent.id);
      expect(children.filter((row) => row.code !== renamed)).toEqual([]);
      expect(children).toHaveLength(added.filter((r) => r.statusCode === 200).length);
    }
  });

  it('never leaves an orphan while its parent is removed', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const code = `RaceRemove${round}`;
      const parent = (await a.post(`${SYSTEM}/submit`, { code, dictKey: '-1', dictValue: code })).json().data;
      const [removal, addition] = await Promise.all([
        a.post(`${SYSTEM}/remove?ids=${parent.id}`),
        b.post(`${SYSTEM}/submit`, { parentId: parent.id, code, dictKey: 'k', dictValue: 'v' }),
      ]);
      const rows = await entries();
      const parentLeft = rows.some((row) => row.id === parent.id);
      const children = rows.filter((row) => row.parent_id === parent.id);
      if (removal.statusCode === 200) {
        // Removed first: the child was refused and nothing points at the missing parent.
        expect(parentLeft).toBe(false);
        expect(children).toEqual([]);
        expect(addition.statusCode).toBe(400);
      } else {
        // Added first: the removal was refused, naming the parent that still has a child.
        expect(removal.json().sys_msg).toBe(`字典「${code}」下还有子项，请先删除子项`);
        expect(parentLeft).toBe(true);
        expect(children).toHaveLength(1);
      }
    }
  });
});
