import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { withTenant } from '@macro/store';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadModules, tablesOf } from '../modules.ts';
import type { Config } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db.ts';
import type { ServerModule } from '../platform/module.ts';
import { encryptPassword } from '../modules/auth/passwords.ts';
import { createUser } from '../modules/identity/users.ts';
import { ADMIN_PASSWORD, OTHER_TENANT, TENANT, testConfig } from './fixtures.ts';

export { ADMIN_PASSWORD, OTHER_TENANT, TENANT };

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a PostgreSQL server that accepts CREATE DATABASE, or '' when there is none. */
    postgresAdminUrl: string;
    /** Name of the migrated and seeded template database on that server. */
    postgresTemplate: string;
    /** Path of a dumped, migrated and seeded PGlite data folder. */
    pgliteTemplate: string;
  }
}

export const BASIC = `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`;

const onPostgres = process.env.TEST_DB === 'postgres';
/** Suites run on PGlite, and again on PostgreSQL when one answers; otherwise that run is skipped. */
export const describeDb = describe.skipIf(onPostgres && !inject('postgresAdminUrl'));
export const dbLabel = onPostgres ? 'postgres' : 'pglite';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  modules: readonly ServerModule[];
  publicKey: string;
  /** URL of this server's own PostgreSQL database (PostgreSQL runs only). */
  databaseUrl?: string;
  close(): Promise<void>;
}

async function onAdmin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL database of its own, copied from the run's template; dropped by the returned function. */
export async function copyTemplateDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `macro_test_${randomBytes(6).toString('hex')}`;
  await onAdmin((c) => c.query(`create database ${name} template ${inject('postgresTemplate')}`));
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdmin((c) => c.query(`drop database if exists ${name} with (force)`)) };
}

/** An empty PostgreSQL database of its own (nothing migrated); dropped by the returned function. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `macro_empty_${randomBytes(6).toString('hex')}`;
  await onAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdmin((c) => c.query(`drop database if exists ${name} with (force)`)) };
}

/** The PGlite template's dump, read once per worker (the files of a worker share modules). */
let template: Blob | undefined;

/**
 * A server on a fresh database of its own, copied from the run's template (seeded like a
 * first start, with a second tenant): a PostgreSQL database made from the template, or an
 * in-memory PGlite loaded from the template's dump.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const config = testConfig(overrides);
  const modules = await loadModules();
  let drop = async () => {};
  let databaseUrl: string | undefined;
  let loadDataDir: Blob | undefined;
  if (onPostgres) {
    ({ url: databaseUrl, drop } = await copyTemplateDatabase());
  } else {
    template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    loadDataDir = template;
  }
  // The template was migrated and prepared by this build: its copies start without doing it again.
  const database = await openDatabase({ databaseUrl, loadDataDir, tables: tablesOf(modules), prepared: true });
  const app = await buildApp({ config: { ...config, databaseUrl }, database, modules });
  const key = await app.inject({ method: 'GET', url: '/api/macro-auth/oauth/public-key' });
  return {
    app,
    database,
    config,
    modules,
    databaseUrl,
    publicKey: key.json().data.publicKey,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** Tests send passwords as the console does. */
export { encryptPassword };

export function tokenRequest(server: TestServer, form: Record<string, string>, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/macro-auth/oauth/token',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

export async function signIn(server: TestServer, tenant = TENANT, account = 'admin', password = ADMIN_PASSWORD) {
  const response = await tokenRequest(
    server,
    { grant_type: 'password', username: account, password: encryptPassword(server.publicKey, password), scope: 'all' },
    { 'tenant-id': tenant },
  );
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json() as { access_token: string; refresh_token: string; user_id: number };
}

/** A client bound to one signed-in user. */
/** A file sent in a multipart body. */
export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/**
 * A multipart/form-data body as a browser sends it: the text fields, then the file in the part
 * `file` (left out when null), its name in RFC 5987 form so that any character reaches the server.
 */
/** RFC 5987 percent-encoding of a name's UTF-8 bytes (half a surrogate pair becomes U+FFFD, as a browser sends it). */
const percentEncoded = (name: string) =>
  [...Buffer.from(name, 'utf8')]
    .map((byte) =>
      /[\w.~-]/.test(String.fromCharCode(byte)) && byte < 0x80 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

export function multipart(fields: Record<string, string>, file: UploadFile | null): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----macro${Math.random().toString(16).slice(2)}`;
  const quoted = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${percentEncoded(file.name)}\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function as(server: TestServer, token: string, language = 'zh') {
  const call = (options: InjectOptions) =>
    server.app.inject({
      ...options,
      headers: { 'macro-auth': `bearer ${token}`, 'accept-language': language, ...options.headers },
    });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    call({ method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  return {
    get: (url: string) => call({ method: 'GET', url }),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string) => call({ method: 'DELETE', url }),
    /** Posts a file (and text fields) as multipart/form-data. */
    upload: (url: string, file: UploadFile | null, fields: Record<string, string> = {}) => call({ method: 'POST', url, ...multipart(fields, file) }),
    call,
  };
}
export type Client = ReturnType<typeof as>;

/** The success envelope's data, checked against the endpoint's schema; fails with the body otherwise. */
export function expectOk<S extends z.ZodType>(response: LightMyRequestResponse, schema: S): z.output<S> {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { success: boolean; data: unknown };
  expect(body.success, response.body).toBe(true);
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw new Error(`response does not match its schema: ${parsed.error.message}\n${response.body}`);
  return parsed.data;
}

/** A failure with this status whose message for a person is `message` (or matches it); returns the body. */
/** What no body may show a client: SQL, its parameters, a driver's words, a stack frame. */
export const LEAK = /\b(select|insert into|update .* set|delete from)\b.*\b(from|values|where)\b|params:|syntax error|violates|relation "|at \S+\.(ts|js):\d+/i;

export function expectFailure(response: LightMyRequestResponse, status: number, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { success: boolean; error_code: number; httpCode: number; sys_msg: string; error_description: string };
  expect(body).toMatchObject({ success: false, code: status, error_code: status, httpCode: status, data: null });
  if (typeof message === 'string') expect(body.sys_msg).toBe(message);
  else if (message) expect(body.sys_msg).toMatch(message);
  // Never SQL, parameters or a stack in a body.
  expect(response.body).not.toMatch(LEAK);
  return body;
}

/** A server on a fresh database, its tenant's administrator signed in (in zh, en and ja) and the other tenant's administrator. */
export interface SignedIn {
  server: TestServer;
  admin: Client;
  adminEn: Client;
  adminJa: Client;
  adminId: number;
  adminToken: string;
  other: Client;
}

/**
 * A server on a fresh database (see startServer) with its tenant's administrator signed in once,
 * as clients in zh, en and ja, and the other tenant's administrator. Close `server` after the tests.
 */
export async function signedInServer(overrides: Partial<Config> = {}): Promise<SignedIn> {
  const server = await startServer(overrides);
  try {
    const session = await signIn(server);
    const otherToken = (await signIn(server, OTHER_TENANT)).access_token;
    return {
      server,
      admin: as(server, session.access_token),
      adminEn: as(server, session.access_token, 'en'),
      adminJa: as(server, session.access_token, 'ja'),
      adminId: session.user_id,
      adminToken: session.access_token,
      other: as(server, otherToken),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Who a module's tests act as: the administrators of signedInServer, and a clerk who holds no permission code. */
export interface Cast extends SignedIn {
  clerk: Client;
  clerkEn: Client;
  clerkId: number;
}

export const CLERK_PASSWORD = 'Clerk@123456';

/**
 * Starts a server for the file's tests and signs the cast in before they run (the clerk under
 * the file's own account name); closes the server after them. Read its fields inside tests.
 */
export function castOf(clerkAccount: string, overrides: Parameters<typeof signedInServer>[0] = {}): Cast {
  const cast = {} as Cast;
  beforeAll(async () => {
    const signedIn = await signedInServer(overrides);
    // The server is the cast's at once: closed after the tests even when the clerk's set-up fails.
    Object.assign(cast, signedIn);
    const { server } = signedIn;
    const clerkId = await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: clerkAccount, name: 'Clerk', password: CLERK_PASSWORD }));
    const clerkToken = (await signIn(server, TENANT, clerkAccount, CLERK_PASSWORD)).access_token;
    Object.assign(cast, {
      clerk: as(server, clerkToken),
      clerkEn: as(server, clerkToken, 'en'),
      clerkId,
    } satisfies Omit<Cast, keyof SignedIn>);
  });
  afterAll(() => cast.server?.close());
  return cast;
}

export { listening } from './listening.ts';
