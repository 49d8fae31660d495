/** What other modules may use of params: everything else in this folder is its own. */
export { paramValue } from './index.ts';
