/** What other modules may use of users: everything else in this folder is its own. */
export { createManagedUser, updateManagedUser, userDetail, userNamesOf, usersByIds } from './manage.ts';
