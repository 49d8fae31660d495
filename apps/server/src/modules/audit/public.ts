/** What other modules may use of audit: everything else in this folder is its own. */
export { auditLogs } from './tables.ts';
