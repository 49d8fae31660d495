/** What other modules may use of delegates: everything else in this folder is its own. */
export { activeDelegateFor } from './service.ts';
