/** What other modules may use of coderules: everything else in this folder is its own. */
export { takeNumber } from './service.ts';
export { codeRules } from './tables.ts';
