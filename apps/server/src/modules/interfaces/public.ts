/** What other modules may use of interfaces: everything else in this folder is its own. */
export { interfaces } from './tables.ts';
