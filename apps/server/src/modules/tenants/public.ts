/** What other modules may use of tenants: everything else in this folder is its own. */
export { isActiveTenant, liveGroupsByIds, packageMenusOf, tenantNameOf } from './service.ts';
