import type { DatabaseKind } from '@macro/contract/databaselinks';
import type { LinkDriver } from './driver.ts';
import { mysqlDriver } from './mysql.ts';
import { postgresqlDriver } from './postgresql.ts';

export type { BoundQuery, LinkConnection, LinkDriver, LinkFailure, LinkLimits, LinkTarget, ResultColumn, SelectPage } from './driver.ts';
export { PRODUCT_VIEWS, productDriver } from './product.ts';

/** Every kind of other database a link can name, by kind (the console's own is productDriver). */
export const DRIVERS: Record<DatabaseKind, LinkDriver> = { postgresql: postgresqlDriver, mysql: mysqlDriver };
