import type { DatabaseKind } from '@macro/contract/databaselinks';
import type { LinkDriver } from './driver.ts';
import { mysqlDriver } from './mysql.ts';
import { postgresqlDriver } from './postgresql.ts';

export type { BoundQuery, LinkConnection, LinkDriver, LinkFailure, LinkLimits, LinkTarget, ResultColumn, SelectPage } from './driver.ts';

/** Every kind of database a link can name, by kind. */
export const DRIVERS: Record<DatabaseKind, LinkDriver> = { postgresql: postgresqlDriver, mysql: mysqlDriver };
