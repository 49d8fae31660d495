/** What other modules may use of stamps: everything else in this folder is its own. */
export { stampPasswordOf, verifyStampPassword } from './service.ts';
export { stamps } from './tables.ts';
