import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { seedDemo } from '../../seed/index.ts';
import { buildApp } from '../app.ts';
import { provisionTenant } from '../modules/tenants/service.ts';
import { type Config, readConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a PostgreSQL server that accepts CREATE DATABASE, or '' when there is none. */
    postgresAdminUrl: string;
  }
}

export const ADMIN_PASSWORD = 'Admin@123456';
export const TENANT = '000000';
export const OTHER_TENANT = '200001';
export const BASIC = `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`;

const onPostgres = process.env.TEST_DB === 'postgres';
/** Suites run on PGlite, and again on PostgreSQL when one answers; otherwise that run is skipped. */
export const describeDb = describe.skipIf(onPostgres && !inject('postgresAdminUrl'));
export const dbLabel = onPostgres ? 'postgres' : 'pglite';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  publicKey: string;
  close(): Promise<void>;
}

/** A fresh database of its own (in-memory PGlite, or a throw-away PostgreSQL database), seeded like a first start. */
export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const config: Config = { ...readConfig({}), adminPassword: ADMIN_PASSWORD, ...overrides };
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (onPostgres) {
    const adminUrl = inject('postgresAdminUrl');
    const name = `macro_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase({ databaseUrl });
  await seedDemo(database.db, config);
  await provisionTenant(database.db, {
    tenantId: OTHER_TENANT,
    tenantName: 'Other Co.',
    adminAccount: 'admin',
    adminPassword: ADMIN_PASSWORD,
  });
  const app = await buildApp({ config: { ...config, databaseUrl }, database });
  const key = await app.inject({ method: 'GET', url: '/api/macro-auth/oauth/public-key' });
  return {
    app,
    database,
    config,
    publicKey: key.json().data.publicKey,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export function encryptPassword(publicKey: string, password: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

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
export function as(server: TestServer, token: string, language = 'zh') {
  const call = (options: InjectOptions) =>
    server.app.inject({
      ...options,
      headers: { 'macro-auth': `bearer ${token}`, 'accept-language': language, ...options.headers },
    });
  return {
    get: (url: string) => call({ method: 'GET', url }),
    post: (url: string, payload?: unknown) =>
      call({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) }),
    call,
  };
}
