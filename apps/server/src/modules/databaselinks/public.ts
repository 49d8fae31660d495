/** What other modules may use of databaselinks: everything else in this folder is its own. */
export { databaseLinks } from './tables.ts';
