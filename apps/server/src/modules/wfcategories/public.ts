/** What other modules may use of wfcategories: everything else in this folder is its own. */
export { assertWorkflowCategory } from './index.ts';
