import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions, type Transaction, types } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';

/** Where an embedded database lives: a data folder on disk, or memory (optionally loaded from a dump). */
export interface PglitePlace {
  dataDir?: string;
  /** A dump of a data folder (`dumpDataDir`) to start from, kept in memory. */
  loadDataDir?: Blob;
}

export interface OpenedPglite {
  client: PGlite;
  db: PgliteDatabase;
  /** The data folder as one file, everything written checkpointed into it (for `loadDataDir`). */
  dump(): Promise<Blob>;
}

/**
 * An embedded PostgreSQL, ready, with drizzle over it. The server's database and the engine's
 * test databases open it the same way.
 */
export async function openPglite(place: PglitePlace): Promise<OpenedPglite> {
  const client = new PGlite({ dataDir: place.dataDir, loadDataDir: place.loadDataDir, ...(await assets()), ...settings(place) });
  await client.waitReady;
  Object.assign(client.parsers, TEXT_PARSERS);
  const dump = async () => {
    await client.exec('checkpoint');
    return client.dumpDataDir('none');
  };
  return { client, db: drizzle(withoutQueryParsers(client)), dump };
}

/**
 * PGlite's compiled WebAssembly and its file bundle, read once per process: a process that opens
 * several embedded databases (a test run) compiles and reads them once, not for each.
 */
let loaded: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> | undefined;
function assets() {
  loaded ??= (async () => {
    const folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await wasm.compile(readFileSync(join(folder, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(join(folder, 'pglite.data'))]),
    };
  })();
  return loaded;
}

/** Node's WebAssembly global (its type comes with the DOM library, which a server does not load). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteOptions['pgliteWasmModule']> } }).WebAssembly;

/**
 * How PostgreSQL runs inside PGlite. A database held in memory (no data folder) has a small
 * buffer cache, since its files are memory already and a large cache only holds them twice; a
 * new one keeps its write-ahead log small too, 1 MB segments (PostgreSQL's default is 16) with two
 * kept for reuse (the default keeps 80 MB), so a dump of it, such as a test template, carries its
 * data and a few megabytes of log. A data folder on disk keeps PostgreSQL's defaults.
 */
function settings({ dataDir, loadDataDir }: PglitePlace): Pick<PGliteOptions, 'initDbStartParams' | 'startParams'> {
  if (dataDir) return {};
  const inMemory = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  if (loadDataDir) return { startParams: inMemory };
  return { initDbStartParams: ['--wal-segsize=1'], startParams: [...inMemory, '-c', 'min_wal_size=2MB'] };
}

/**
 * The types drizzle asks PGlite to hand back as text (timestamps, dates, intervals, and arrays
 * of numerics and of those), as its own driver lists them.
 */
const TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value]),
);

/**
 * The PGlite client drizzle is given: the text parsers are the client's own (TEXT_PARSERS, set
 * once), so drizzle's copy of them is dropped from each query. Given per query, PGlite copies its
 * whole table of parsers (one per type of the database) for every result, which cost more than
 * the rest of a short query.
 */
function withoutQueryParsers(client: PGlite): PGlite {
  const stripped = <C extends PGlite | Transaction>(target: C, own: Partial<Record<keyof C, unknown>>): C =>
    new Proxy(target, {
      get(object, key) {
        if (key in own) return own[key as keyof C];
        const value = Reflect.get(object, key, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  const queryOf =
    (target: PGlite | Transaction): PGlite['query'] =>
    (text, params, options) =>
      target.query(text, params, options && { ...options, parsers: undefined });
  return stripped(client, {
    query: queryOf(client),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => client.transaction((tx) => work(stripped(tx, { query: queryOf(tx) }))),
  });
}
