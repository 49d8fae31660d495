/**
 * npm run bench: the dictionary list endpoint (GET /api/macro-system/dict/list, signed in as the
 * admin) and the user list of one department under the data scope "department and below"
 * (GET /api/macro-user/page, signed in as a scoped user) at 10 000 and at 1 000 000 rows and users, on PostgreSQL and on PGlite, each case beside a floor
 * measured in the same run on the same database (see bench/server.ts); then the size of the
 * JavaScript the login page loads, the workflow engine's three-step approval beside plain SQL
 * (bench/workflow.ts), a data source's page from 1M rows on PostgreSQL and MariaDB links beside
 * the bare drivers (bench/datasources.ts), and the duration of the last `npm test` when it was recorded.
 *
 * Exits non-zero only on errors (non-2xx responses, failed requests, a crashed server), never
 * because a ratio misses its target. Takes about 6 minutes on the 2-core machine with the
 * default 10 s runs (seeding 1M rows: ~10 s on PostgreSQL, ~20 s on PGlite).
 *
 * Environment:
 *   BENCH_SECONDS    seconds of load per measurement (default 10), after a 2 s warm-up
 *   BENCH_DATABASES  which databases, comma-separated (default "postgres,pglite")
 *   BENCH_SIZES      sizes, comma-separated, the first 10000 (default "10000,1000000"; "10000" skips the million)
 *   BENCH_API_ONLY   1: the list endpoints alone
 *   BENCH_CPU_PROF   1: the bench server writes a CPU profile to bench/profiles/ (summary: bench/profile.ts)
 *   DATABASE_URL     PostgreSQL that accepts CREATE DATABASE (default the local one on 127.0.0.1:5432);
 *                    the bench creates a database of its own there and drops it afterwards
 */
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchViewer, ChildMessage, ParentMessage } from './server.ts';
import { benchDataSources } from './datasources.ts';
import { benchTodo } from './todo.ts';
import { bundleLines } from './bundle.ts';
import { benchWorkflow } from './workflow.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = 2;
const CONNECTIONS = 10;
/** Rows (and users) measured at; the first is seeded at start, the others grown to in turn. */
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const RATIO_TARGET = 0.8;
/** BENCH_API_ONLY=1: the list endpoints alone (no bundle, workflow or to-do figures). */
const API_ONLY = process.env.BENCH_API_ONLY === '1';
const GROWTH_TARGET = 2;
const TOTAL_CAP = 10_000;

/**
 * Each case: the product's call (as the administrator, or as the scoped viewer) and the floor's.
 * The user list reads one department's page as a user whose data scope is "department and
 * below": the product reads the scopes and the subtree per request, the floor knows them.
 */
const CASES = [
  { name: 'page 1', product: '/api/macro-system/dict/list', floor: '/list', query: () => 'current=1&size=20', as: 'admin' },
  { name: 'deep page', product: '/api/macro-system/dict/list', floor: '/list', query: () => 'current=400&size=20', as: 'admin' }, // offset 7980
  {
    name: 'search',
    product: '/api/macro-system/dict/list',
    floor: '/list',
    query: () => `current=1&size=20&dictValue=${encodeURIComponent('项 1')}`,
    as: 'admin',
  },
  { name: 'users dept', product: '/api/macro-user/page', floor: '/users', query: (v: BenchViewer) => `current=1&size=20&deptId=${v.deptId}`, as: 'viewer' },
] as const;

interface Load {
  /** Responses completed within the run, per second of the run. */
  rps: number;
  /** CPU per response, in microseconds, of the server process and of the PostgreSQL backends (null where /proc cannot tell). */
  cpu: { server: number; database: number } | null;
  /** Responses completed within the run; latencies are of these only. */
  count: number;
  mean: number;
  p99: number;
}
interface CaseResult {
  name: string;
  floor: Load;
  product: Load;
}
interface SizeResult {
  rows: number;
  users: number;
  seedMs: number;
  cases: CaseResult[];
}

const errors: string[] = [];
const fmt = (n: number, digits = 0) => n.toFixed(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The bench server of one database, in a child process so the load generator has its own event loop. */
class BenchServer {
  private waiting: { resolve: (m: ChildMessage) => void; reject: (e: Error) => void } | undefined;
  get pid(): number | undefined {
    return this.child.pid;
  }

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(message as ChildMessage);
    });
    child.on('exit', (code, signal) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(new Error(`bench server exited with ${code ?? signal}`));
    });
  }

  static async start(env: Record<string, string>) {
    const child = fork(join(root, 'bench/server.ts'), {
      // BENCH_CPU_PROF=1: the server process writes a CPU profile into bench/profiles when it exits
      // (bench/profile.ts summarises it); the floor shares the process, under bench/server.ts.
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/profiles')}`] : [])],
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    const server = new BenchServer(child);
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error(`unexpected message from the bench server: ${ready.type}`);
    return { server, ready };
  }

  private next(): Promise<ChildMessage> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  async grow(rows: number) {
    const reply = this.next();
    this.child.send({ type: 'grow', rows } satisfies ParentMessage);
    const grown = await reply;
    if (grown.type !== 'grown') throw new Error(`unexpected message from the bench server: ${grown.type}`);
    return grown;
  }

  async close() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies ParentMessage);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }

  kill() {
    this.child.kill('SIGKILL');
  }
}

async function signIn(port: number, password: string, account = 'admin'): Promise<string> {
  const base = `http://127.0.0.1:${port}/api`;
  const keyResponse = await fetch(`${base}/macro-auth/oauth/public-key`);
  if (!keyResponse.ok) throw new Error(`public key: HTTP ${keyResponse.status}`);
  const { data } = (await keyResponse.json()) as { data: { publicKey: string } };
  const encrypted = publicEncrypt({ key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString(
    'base64',
  );
  const response = await fetch(`${base}/macro-auth/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`,
      'tenant-id': '000000',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: account, password: encrypted }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Floor and product each warmed up, then measured in alternating rounds (floor, product, floor,
 * …) of DURATION / ROUNDS seconds, so drift on this machine during the case hits both alike;
 * requests still queued after a run are waited for (`settle`) so they do not spill into the next.
 * Throughput and mean latency are over all rounds; p99 is the worst round's.
 */
/** The bench server's process id (its CPU is counted per response). */
let serverPid: number | undefined;
const TICK_US = 10_000; // USER_HZ is 100 on Linux

/** User and system CPU of a process so far, in microseconds; 0 when it cannot be read. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** CPU so far of the server process and of every PostgreSQL process on this machine, in microseconds. */
function cpuNow(): { server: number; database: number } | null {
  if (!serverPid || !existsSync('/proc/self/stat')) return null;
  let database = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') database += cpuOf(Number(entry));
    } catch {
      // the process has gone
    }
  }
  return { server: cpuOf(serverPid), database };
}

async function loadPair(
  label: string,
  urls: { floor: string; product: string },
  headers: Record<string, string>,
  settle: () => Promise<void>,
): Promise<{ floor: Load; product: Load }> {
  const ROUNDS = 3;
  // A slow answer is a result, not an error: the time-out is far above any latency measured here.
  const cpu = { floor: { server: 0, database: 0 }, product: { server: 0, database: 0 } };
  const run = async (side: 'floor' | 'product', phase: string, duration: number, counted = true) => {
    const before = cpuNow();
    const result = await autocannon({ url: urls[side], headers: side === 'product' ? headers : {}, connections: CONNECTIONS, timeout: 120, duration });
    const after = cpuNow();
    if (counted && before && after) {
      cpu[side].server += after.server - before.server;
      cpu[side].database += after.database - before.database;
    }
    if (result.non2xx || result.errors || result.timeouts) {
      errors.push(`${label} ${side} (${phase}): ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`);
    }
    await settle();
    return result;
  };
  const rounds: Record<'floor' | 'product', autocannon.Result[]> = { floor: [], product: [] };
  for (const side of ['floor', 'product'] as const) await run(side, 'warm-up', WARMUP, false);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ['floor', 'product'] as const) rounds[side].push(await run(side, `round ${round + 1}`, DURATION / ROUNDS));
  }
  const total = (results: autocannon.Result[], side: 'floor' | 'product'): Load => {
    const count = results.reduce((sum, r) => sum + r.requests.total, 0);
    const seconds = results.reduce((sum, r) => sum + r.duration, 0);
    const mean = count ? results.reduce((sum, r) => sum + r.latency.average * r.requests.total, 0) / count : 0;
    const used = serverPid && count ? { server: cpu[side].server / count, database: cpu[side].database / count } : null;
    return { rps: count / seconds, count, mean, p99: Math.max(...results.map((r) => r.latency.p99)), cpu: used };
  };
  return { floor: total(rounds.floor, 'floor'), product: total(rounds.product, 'product') };
}

/** Both answer 2xx, and (when the product's body still has records and total) with the same page and total. */
async function comparePages(label: string, floorUrl: string, productUrl: string, headers: Record<string, string>) {
  const [floor, product] = await Promise.all([fetch(floorUrl), fetch(productUrl, { headers })]);
  if (!floor.ok || !product.ok) {
    errors.push(`${label}: floor HTTP ${floor.status}, product HTTP ${product.status}`);
    return;
  }
  const floorBody = (await floor.json()) as { records: { id: number }[]; total: number };
  const productBody = (await product.json().catch(() => undefined)) as { data?: { records?: { id?: number }[]; total?: number } } | undefined;
  const records = productBody?.data?.records;
  const total = productBody?.data?.total;
  if (!Array.isArray(records) || typeof total !== 'number') return; // shape changed: status is all we check
  const same =
    JSON.stringify(records.map((r) => r.id)) === JSON.stringify(floorBody.records.map((r) => r.id)) && Math.min(total, TOTAL_CAP) === floorBody.total;
  if (!same) console.log(`  note: ${label}: the floor's page or total differs from the product's`);
}

async function measure(
  label: string,
  ports: { product: number; floor: number; viewer: BenchViewer },
  tokens: { admin: string; viewer: string },
  sizes: { rows: number; users: number; seedMs: number },
): Promise<SizeResult> {
  const { rows, users, seedMs } = sizes;
  const floorBase = `http://127.0.0.1:${ports.floor}`;
  const settle = async () => {
    await fetch(`${floorBase}/list?current=1&size=1`).then((r) => r.arrayBuffer());
  };
  const cases: CaseResult[] = [];
  console.log(`${label}: ${fmt(rows)} system dictionary entries and ${fmt(users)} users (seeded in ${seconds(seedMs)}), measuring…`);
  for (const c of CASES) {
    const headers = { 'macro-auth': `bearer ${tokens[c.as]}` };
    const floorUrl = `${floorBase}${c.floor}?${c.query(ports.viewer)}`;
    const productUrl = `http://127.0.0.1:${ports.product}${c.product}?${c.query(ports.viewer)}`;
    await comparePages(`${label} ${c.name}`, floorUrl, productUrl, headers);
    const { floor, product } = await loadPair(`${label} ${c.name}`, { floor: floorUrl, product: productUrl }, headers, settle);
    cases.push({ name: c.name, floor, product });
  }
  const result = { rows, users, seedMs, cases };
  printTable(label, result);
  return result;
}

const cpuText = (load: Load) => (load.cpu ? `${fmt(load.cpu.server)} + ${fmt(load.cpu.database)}` : '-');

function printTable(label: string, result: SizeResult) {
  console.log(
    `\n${label}, ${fmt(result.rows)} rows, ${fmt(result.users)} users (seeded in ${seconds(result.seedMs)}); ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up`,
  );
  console.log(
    `  ${'case'.padEnd(11)} ${'floor req/s'.padStart(12)} ${'product req/s'.padStart(14)} ${'floor p99'.padStart(11)} ${'product p99'.padStart(12)}   product/floor   CPU µs/request, server + database: floor, product`,
  );
  const rps = (load: Load) => (load.rps < 10 ? load.rps.toFixed(1) : fmt(load.rps));
  const p99 = (load: Load) => (load.count ? `${fmt(load.p99)} ms` : 'none done');
  let few = false;
  for (const c of result.cases) {
    const ratio = c.product.rps / c.floor.rps;
    few ||= c.product.count < 50 || c.floor.count < 50;
    console.log(
      `  ${c.name.padEnd(11)} ${rps(c.floor).padStart(12)} ${rps(c.product).padStart(14)} ${p99(c.floor).padStart(11)} ${p99(c.product).padStart(12)}   ${ratio.toFixed(ratio < 0.1 ? 3 : 2)}  (target >= ${RATIO_TARGET.toFixed(2)} of floor: ${ratio >= RATIO_TARGET ? 'met' : 'MISSED'})   ${cpuText(c.floor)}, ${cpuText(c.product)}`,
    );
  }
  if (few) console.log('  (fewer than 50 responses in a run: its figures are rough)');
  console.log('');
}

/** A PostgreSQL database of the bench's own, or undefined when no PostgreSQL answers. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${adminUrl}: skipped (${error})\n`);
    return undefined;
  }
  const name = `macro_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), drop };
}

/** Runs every size on one database; cleans up (server, database or folder) whatever happens. */
async function benchDatabase(kind: 'postgres' | 'pglite'): Promise<{ label: string; sizes: SizeResult[] } | undefined> {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'macro-bench-'));
  const env: Record<string, string> = { BENCH_DATA_DIR: dataDir, DATABASE_URL: '' };
  let cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    if (!created) return undefined;
    env.DATABASE_URL = created.url;
    const removeDir = cleanup;
    cleanup = async () => {
      await created.drop();
      await removeDir();
    };
  }
  cleanups.add(cleanup);
  let server: BenchServer | undefined;
  try {
    const started = await BenchServer.start(env);
    server = started.server;
    serverPid = started.server.pid;
    servers.add(server);
    const { ready } = started;
    const tokens = {
      admin: await signIn(ready.product, ready.password),
      viewer: await signIn(ready.product, ready.viewer.password, ready.viewer.account),
    };
    const sizes: SizeResult[] = [await measure(label, ready, tokens, ready)];
    for (const size of SIZES.slice(1)) {
      console.log(`${label}: growing to ${fmt(size)} rows and users…`);
      const grown = await server.grow(size);
      sizes.push(await measure(label, ready, tokens, grown));
    }
    return { label, sizes };
  } finally {
    if (server) {
      await server.close();
      servers.delete(server);
    }
    await cleanup();
    cleanups.delete(cleanup);
  }
}

// Interrupted: stop the bench servers and drop what was created, then leave.
const servers = new Set<BenchServer>();
const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    for (const server of servers) server.kill();
    await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
    process.exit(130);
  });
}

const benchStarted = performance.now();
const results: { label: string; sizes: SizeResult[] }[] = [];
for (const kind of ['postgres', 'pglite'] as const) {
  if (!DATABASES.includes(kind)) continue;
  const result = await benchDatabase(kind);
  if (result) results.push(result);
}

console.log(`summary: product/floor throughput (target >= ${RATIO_TARGET.toFixed(2)} of floor)`);
for (const { label, sizes } of results) {
  for (const size of sizes) {
    const ratios = size.cases
      .map((c) => {
        const ratio = c.product.rps / c.floor.rps;
        return `${c.name} ${ratio.toFixed(ratio < 0.1 ? 3 : 2)}`;
      })
      .join(', ');
    console.log(`  ${label.padEnd(10)} ${fmt(size.rows).padStart(9)} rows: ${ratios}`);
  }
}

// The dictionary's first page, and the user list (a page of 20 by department, "department and below").
for (const [caseName, what] of [
  ['page 1', 'page 1'],
  ['users dept', 'user list page'],
] as const) {
  console.log(`\nproduct ${what} latency, 1M rows vs 10k rows (mean under ${CONNECTIONS} connections; target: 1M page within ${GROWTH_TARGET}x of 10k page)`);
  for (const { label, sizes } of results) {
    const page = (size: SizeResult | undefined) => size?.cases.find((c) => c.name === caseName)?.product;
    const small = page(sizes.find((s) => s.rows < 100_000));
    const large = page(sizes.find((s) => s.rows >= 1_000_000));
    if (!small || !large) continue;
    if (!large.count || !small.count) {
      console.log(`  ${label.padEnd(10)} no ${what} answered within a run at ${large.count ? '10k' : '1M'} rows: MISSED`);
      continue;
    }
    const factor = large.mean / small.mean;
    console.log(
      `  ${label.padEnd(10)} ${factor.toFixed(2)}x  (${small.mean.toFixed(1)} ms → ${large.mean.toFixed(1)} ms; p99 ${small.p99.toFixed(0)} ms → ${large.p99.toFixed(0)} ms)  ${factor <= GROWTH_TARGET ? 'met' : 'MISSED'}`,
    );
  }
}

if (!API_ONLY) {
  console.log('');
  for (const line of bundleLines()) console.log(line);
  console.log('');
  for (const line of await benchWorkflow()) console.log(line);
  for (const line of await benchTodo()) console.log(line);
  for (const line of await benchDataSources()) console.log(line);
}

const lastTest = join(root, 'bench/.last-test-duration');
if (existsSync(lastTest)) {
  const recorded = readFileSync(lastTest, 'utf8').trim();
  const when = statSync(lastTest).mtime.toISOString().slice(0, 16).replace('T', ' ');
  console.log(`last npm test: ${/^\d+(\.\d+)?$/.test(recorded) ? `${recorded} s` : recorded} (recorded ${when})`);
}

console.log(`\nbench took ${seconds(performance.now() - benchStarted)}`);
if (errors.length) {
  console.error(`\n${errors.length} error(s):\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
