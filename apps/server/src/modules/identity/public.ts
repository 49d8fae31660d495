/** What other modules may use of identity: everything else in this folder is its own. */
export { type AccountBrief, changeAccount, countAccounts, findAccount, listAccounts, removeAccount } from './accounts.ts';
export { DECOY_HASH, hashPassword, randomPassword, unusablePasswordHash, verifyPassword } from './password.ts';
export { briefPage, type DirectorySearch, postHolderCounts, usersInDepartments, usersOfPost } from './people.ts';
export { adminRoleId, assertRolesExist, ensureAdminRole, lockAdminRole, roleNamesSql, rolesByIds } from './roles.ts';
export { endSession, endSessions, rotateSession } from './sessions.ts';
export { roles, USER_DATA, USER_STATUS, userGroups, userPosts, userRoles, users } from './tables.ts';
export {
  countUsersInDepartments,
  createUser,
  deptIdSql,
  findUser,
  findUserByAccount,
  holderCounts,
  renameUsersDepartment,
  roleIdsOf,
  roleIdsSql,
  roleNamesOf,
  setOwnAvatar,
  setPassword,
  updateOwnDetails,
  type UserRow,
} from './users.ts';
