import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './fixtures.ts';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${url}: the PostgreSQL run of the server suite is skipped (${error})`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Prepares, once per run, the database every test server copies: on PostgreSQL a template
 * database (CREATE DATABASE … TEMPLATE), on PGlite a dump of a data folder. A test file then
 * starts in a fraction of the time a migration and a seed take.
 */
export default async function setup(project: TestProject) {
  const onPostgres = (project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres';
  project.provide('postgresAdminUrl', '');
  project.provide('postgresTemplate', '');
  project.provide('pgliteTemplate', '');
  if (onPostgres) {
    const adminUrl = process.env.DATABASE_URL || LOCAL;
    if (!(await reachable(adminUrl))) return;
    const name = `macro_template_${randomBytes(5).toString('hex')}`;
    await admin(adminUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await prepareTemplate({ databaseUrl: url.toString() });
    await database.close();
    project.provide('postgresAdminUrl', adminUrl);
    project.provide('postgresTemplate', name);
    return async () => {
      await admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    };
  }
  const database = await prepareTemplate({});
  const folder = mkdtempSync(join(tmpdir(), 'macro-template-'));
  const file = join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
