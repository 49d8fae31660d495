/** What other modules may use of auth: everything else in this folder is its own. */
export { userInfo } from './account.ts';
export { userHoldsCode } from './holds.ts';
export { accountLockedSql } from './lockout.ts';
export { encryptPassword, loadPasswordDecryptor, type PasswordDecryptor, plainPasswordOf } from './passwords.ts';
export { standIn, type StandIn } from './standIns.ts';
export { authSocialLinks, oauthClients } from './tables.ts';
