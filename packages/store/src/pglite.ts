import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions, type Transaction, types } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { serialize } from 'pg-protocol';
import type { BackendMessage, CommandCompleteMessage, DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** How node-postgres writes a value as a statement's parameter (arrays, dates, JSON, buffers). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

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
 * The PGlite client drizzle is given: each statement is one call into the database (see
 * `queryAtOnce`), and the text parsers are the client's own (TEXT_PARSERS, set once), so
 * drizzle's copy of them is dropped from each query. Given per query, PGlite copies its whole
 * table of parsers (one per type of the database) for every result.
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
  const query: PGlite['query'] = (text, params, options) =>
    options?.blob || options?.paramTypes || options?.serializers
      ? client.query(text, params, options && { ...options, parsers: undefined })
      : queryAtOnce(client, text, params, options?.rowMode ?? 'object');
  return stripped(client, {
    query,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => transactionAtOnce(client, work),
  });
}

/**
 * A transaction as PGlite's own (no other statement runs until it ends, its files are written at
 * its end), in fewer calls: BEGIN travels with its first statement, and COMMIT is one call. One
 * that ran no statement sends nothing; one whose COMMIT the database answers with a rollback (a
 * statement failed and the work went on) throws.
 */
function transactionAtOnce<T>(client: PGlite, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return locks(client)._runExclusiveTransaction(async () => {
    const opened = { begun: false };
    const query: PGlite['query'] = (text, params, options) => {
      if (options?.blob || options?.paramTypes || options?.serializers)
        throw new Error('the embedded database takes no blob, parameter types or serializers in a transaction');
      return queryAtOnce(client, text, params, options?.rowMode ?? 'object', opened);
    };
    const tx = { query, closed: false } as unknown as Transaction;
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (opened.begun) await endAtOnce(client, 'ROLLBACK').catch(() => undefined);
      throw error;
    }
    if (opened.begun && (await endAtOnce(client, 'COMMIT')) !== 'COMMIT') throw new Error('the transaction was rolled back: one of its statements failed');
    return result;
  });
}

/** COMMIT or ROLLBACK in one call, the files written after it; the command the database answers. */
async function endAtOnce(client: PGlite, command: 'COMMIT' | 'ROLLBACK'): Promise<string> {
  const answer = await locks(client)._runExclusiveQuery(() => client.execProtocolRaw(serialize.query(command), { syncToFs: true }));
  let done = '';
  let refusal: unknown;
  new Parser().parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength), (message: BackendMessage) => {
    if (message.name === 'commandComplete') done = (message as CommandCompleteMessage).text;
    else if (message.name === 'error') refusal ??= message;
  });
  if (refusal) throw refusal;
  return done;
}

type Row = Record<string, unknown> | unknown[];

/**
 * PGlite's own locks, which this module's statements take as its own query does: a statement
 * outside a transaction waits for any transaction to end; every statement runs alone.
 */
const locks = (client: PGlite) =>
  client as unknown as {
    _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  };

/**
 * A statement in one call into the embedded database: parse, bind, describe, execute and sync
 * sent together, as a pipelining client sends them, where PGlite's own query makes a call for
 * each and asks for the parameters' types first. Values are sent as node-postgres sends them to
 * PostgreSQL (`prepareValue`), so both databases see the same text; results are read with the
 * client's parsers, and a refusal is thrown as the database's error (with its SQLSTATE code).
 */
async function queryAtOnce<T>(client: PGlite, text: string, params: unknown[] | undefined, rowMode: 'array' | 'object', opened?: { begun: boolean }) {
  const inTransaction = opened !== undefined;
  // A transaction's BEGIN travels with its first statement.
  const begin = opened && !opened.begun ? [serialize.query('BEGIN')] : [];
  if (opened) opened.begun = true;
  const message = Buffer.concat([
    ...begin,
    serialize.parse({ text }),
    serialize.bind({ values: params ?? [], valueMapper: (value: unknown) => prepareValue(value) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const run = () => locks(client)._runExclusiveQuery(() => client.execProtocolRaw(message, { syncToFs: !inTransaction }));
  const answer = await (inTransaction ? run() : locks(client)._runExclusiveTransaction(run));
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (((value: string, type: number) => unknown) | undefined)[] = [];
  const rows: Row[] = [];
  let affectedRows = 0;
  let refusal: unknown;
  new Parser().parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength), (message: BackendMessage) => {
    if (message.name === 'rowDescription') {
      fields = (message as RowDescriptionMessage).fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      parsers = fields.map((field) => client.parsers[field.dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as DataRowMessage).fields.map((value: string | null, index: number) =>
        value === null ? null : (parsers[index]?.(value, fields[index].dataTypeID) ?? value),
      );
      rows.push(rowMode === 'array' ? values : Object.fromEntries(fields.map((field, index) => [field.name, values[index]])));
    } else if (message.name === 'commandComplete') {
      const counted = /^(?:INSERT \d+|UPDATE|DELETE|MERGE|COPY) (\d+)$/.exec((message as CommandCompleteMessage).text);
      if (counted) affectedRows = Number(counted[1]);
    } else if (message.name === 'error') refusal ??= message;
  });
  if (refusal) throw refusal;
  return { rows, fields, affectedRows } as unknown as Awaited<ReturnType<PGlite['query']>> & { rows: T[] };
}
