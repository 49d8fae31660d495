import { defineModule } from '../../platform/module.ts';
import { roles, userGroups, userPosts, userRoles, users } from './tables.ts';

/**
 * The access model's rows and the reads every other module of it builds on: accounts, the
 * roles they hold, their posts and groups, their sessions. No screen of its own; the user and
 * role screens, sign-in, the organisation and the tenants sit above it and never in a circle.
 */
export const module = defineModule({
  name: 'identity',
  tables: [users, userRoles, userPosts, userGroups, roles],
});
