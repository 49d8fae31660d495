import type { DatabaseKind } from '@macro/contract/databaselinks';
import type { LinkDriver } from './driver.ts';
import { mysqlDriver } from './mysql.ts';
import { postgresqlDriver } from './postgresql.ts';

export type { LinkConnection, LinkDriver, LinkFailure, LinkLimits, LinkTarget } from './driver.ts';

/** Every kind of database a link can name, by kind. */
export const DRIVERS: Record<DatabaseKind, LinkDriver> = { postgresql: postgresqlDriver, mysql: mysqlDriver };
