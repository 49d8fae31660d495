/** What other modules may use of databaselinks: everything else in this folder is its own. */
export type { BoundQuery, ResultColumn, SelectPage } from './drivers/index.ts';
export { databaseLinksOf } from './index.ts';
export type { DatabaseLinkService, LinkRef } from './service.ts';
export { databaseLinks } from './tables.ts';
