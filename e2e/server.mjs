// Starts the built server for the browser tests, on a fresh database of its own: a PostgreSQL
// database when one answers on 127.0.0.1:5432 (or at E2E_DATABASE_URL), else a PGlite data folder.
// E2E_DB=pglite runs on PGlite whatever answers.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT;
const adminUrl = process.env.E2E_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A new empty PostgreSQL database for this server (playwright.config.ts starts one server per worker), or '' for PGlite. */
async function freshPostgres() {
  if (process.env.E2E_DB === 'pglite') return '';
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    console.warn(`e2e: no PostgreSQL at ${adminUrl}; the server runs on PGlite`);
    return '';
  }
  const name = `macro_e2e_${port}`;
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const databaseUrl = await freshPostgres();
// One data folder per server when on PGlite.
const dataDir = `${root}e2e/artifacts/data-${port}`;
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--enable-source-maps', `${root}apps/server/dist/main.js`], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MACRO_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
