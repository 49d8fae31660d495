import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { withTenant as inTenant, rowsOf } from '@macro/store';
import { seedDemo } from '../../seed/index.ts';
import { moduleDeps } from '../app.ts';
import { loadModules, tablesOf } from '../modules.ts';
import { submitDict } from '../modules/dict/service.ts';
import { findUserByAccount } from '../modules/identity/users.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'macro-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const system = { tenantId: '000000', userId: null, account: 'test', ip: '', language: 'zh' } as const;

// The embedded database keeps its files in DATA_DIR; PostgreSQL keeps data by nature.
it.runIf(process.env.TEST_DB !== 'postgres')(
  'keeps data and the admin password across restarts of the embedded database',
  async () => {
    const config = { ...readConfig({}), adminPassword: undefined, dataDir };
    const modules = await loadModules();
    const tables = tablesOf(modules);
    const first = await openDatabase({ dataDir, tables });
    const firstDeps = moduleDeps(config, first, modules);
    const firstSeed = await seedDemo(firstDeps);
    expect(firstSeed.adminCreated).toBe(true);
    expect(firstSeed.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const hash = await inTenant(first.db, '000000', async (tx) => {
      const entry = { parentId: 0, code: 'Survivor', dictKey: '-1', dictValue: 'kept', sort: 1, isSealed: 0 as const, remark: '' };
      await submitDict({ tx, actor: system, audit: firstDeps.audit }, 'system', entry);
      return (await findUserByAccount(tx, 'admin'))!.passwordHash;
    });
    await first.close();

    const second = await openDatabase({ dataDir, tables });
    const secondSeed = await seedDemo(moduleDeps(config, second, modules));
    expect(secondSeed).toEqual({ adminCreated: false, generatedPassword: undefined });
    const after = await inTenant(second.db, '000000', async (tx) => ({
      hash: (await findUserByAccount(tx, 'admin'))!.passwordHash,
      survivor: rowsOf<{ dict_value: string }>(await tx.execute(sql`select dict_value from macro_dict where code = 'Survivor'`))[0],
    }));
    expect(after.hash).toBe(hash);
    expect(after.survivor?.dict_value).toBe('kept');
    // Statistics are refreshed on open (PGlite has no autovacuum to do it).
    const stats = await second.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'macro_dict' and attname = 'parent_id'`);
    expect((stats as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    await second.close();
    // Migrating and seeding a database on disk twice: about 20 s alone, more beside a full run.
  },
  90_000,
);
