/** What other modules may use of coderules: everything else in this folder is its own. */
export { CODE_RULE_RESOURCE, holdCodeRules, takeNumber } from './service.ts';
