import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { seedDemo } from '../../seed/index.ts';
import { moduleDeps } from '../app.ts';
import { loadModules, tablesOf } from '../modules.ts';
import { loadPlatformKeys } from '../modules/auth/keys.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db.ts';

const adminUrl = process.env.TEST_DB === 'postgres' ? inject('postgresAdminUrl') : '';

// Two server processes starting at once on one PostgreSQL: both migrate, seed and agree on keys.
it.runIf(adminUrl)('lets two replicas start together on one PostgreSQL', async () => {
  const name = `macro_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = { ...readConfig({}), adminPassword: undefined };
  try {
    const modules = await loadModules();
    const replicas = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url.toString(), tables: tablesOf(modules) })));
    const seeds = await Promise.all(replicas.map((r) => r.exclusive(() => seedDemo(moduleDeps(config, r, modules)))));
    expect(seeds.filter((s) => s.adminCreated)).toHaveLength(1);
    const keys = await Promise.all(replicas.map((r) => loadPlatformKeys(r.db)));
    expect(keys[0].publicKeyPem).toBe(keys[1].publicKeyPem);
    const users = await replicas[0].db.execute(sql`select count(*)::int as n from macro_user where account = 'admin'`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    await Promise.all(replicas.map((r) => r.close()));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
