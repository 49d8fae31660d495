/** What other modules may use of datasources: everything else in this folder is its own. */
export { dataSources } from './tables.ts';
