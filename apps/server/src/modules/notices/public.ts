/** What other modules may use of notices: everything else in this folder is its own. */
export { sendSystemMessages } from './index.ts';
