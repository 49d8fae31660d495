import pg from 'pg';
import type { TestProject } from 'vitest/node';


const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

/** Finds the PostgreSQL the suite runs against a second time: DATABASE_URL, else the local one. */
export default async function setup(project: TestProject) {
  let url = '';
  if ((project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres') {
    const candidate = process.env.DATABASE_URL || LOCAL;
    const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      url = candidate;
    } catch (error) {
      console.warn(`PostgreSQL not reachable at ${candidate}: the PostgreSQL run of the server suite is skipped (${error})`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  project.provide('postgresAdminUrl', url);
}
