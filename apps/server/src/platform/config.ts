import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  clientId: string;
  clientSecret: string;
  defaultTenantId: string;
  /** Seconds an access token lives; refresh tokens live refreshTtl seconds. */
  accessTtl: number;
  refreshTtl: number;
  /** Failed sign-ins in a row before an account locks. */
  maxLoginFailures: number;
  webDist: string;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.MACRO_ADMIN_PASSWORD || undefined,
    clientId: env.MACRO_CLIENT_ID ?? 'macro',
    clientSecret: env.MACRO_CLIENT_SECRET ?? 'macro_secret',
    defaultTenantId: env.MACRO_DEFAULT_TENANT ?? '000000',
    accessTtl: Number(env.MACRO_ACCESS_TTL ?? 3600),
    refreshTtl: Number(env.MACRO_REFRESH_TTL ?? 7 * 24 * 3600),
    maxLoginFailures: Number(env.MACRO_MAX_LOGIN_FAILURES ?? 5),
    webDist: resolve(env.MACRO_WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
