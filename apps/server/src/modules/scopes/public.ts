/** What other modules may use of scopes: everything else in this folder is its own. */
export {
  allDataScopes,
  apiScopeCodes,
  lockScopes,
  replaceObjectScopes,
  replaceScopeGrants,
  rolesHoldApiScope,
  scopesGrantedTo,
  userScopeIds,
} from './grants.ts';
