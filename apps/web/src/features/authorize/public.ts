/** What other features may use of data and app authorisation: the two grant dialogs, for a role or a user. */
export type { GrantSubject } from './api';
export { AppAuthorizeDialog } from './AppAuthorizeDialog';
export { DataAuthorizeDialog } from './DataAuthorizeDialog';
