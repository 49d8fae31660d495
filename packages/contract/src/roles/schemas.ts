import { z } from 'zod';
import { id, idList, idParam, pageQuery, parentId } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { isLetterCode } from '../validators.ts';

/** Top-level roles sit under parentId 0. */
export const ROLE_ROOT = 0;
/** Alias of the role every tenant starts with; it holds every menu and button. */
export const ADMIN_ROLE_ALIAS = 'administrator';

export const roleSubmit = z.object({
  id: id.optional(),
  parentId: parentId.default(ROLE_ROOT),
  roleName: requiredText('short', 'roles.nameRequired'),
  roleAlias: requiredText('short', 'roles.aliasRequired').refine(isLetterCode, { message: 'validation.letters' }),
  sort: z
    .number({ message: 'roles.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
});
export type RoleSubmit = z.input<typeof roleSubmit>;
export const roleBody = roleSubmit.omit({ id: true });

export const roleRecord = z
  .object({
    id: z.number(),
    parentId: z.number(),
    parentName: z.string(),
    roleName: z.string(),
    roleAlias: z.string(),
    sort: z.number(),
    remark: z.string(),
    userCount: z.number(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Role' });
export type RoleRecord = z.infer<typeof roleRecord>;

export interface RoleNode extends RoleRecord {
  children: RoleNode[];
}
export const roleNode: z.ZodType<RoleNode> = roleRecord
  .extend({
    get children() {
      return z.array(roleNode);
    },
  })
  .meta({ id: 'RoleNode' });

/** A role in a tree select. */
export interface RoleTreeNode {
  id: number;
  parentId: number;
  title: string;
  key: number;
  value: number;
  children: RoleTreeNode[];
}
export const roleTreeNode: z.ZodType<RoleTreeNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    title: z.string(),
    key: z.number(),
    value: z.number(),
    get children() {
      return z.array(roleTreeNode);
    },
  })
  .meta({ id: 'RoleTreeNode' });

export const roleSearch = z.object({ roleName: searchText, roleAlias: searchText });
export const roleListQuery = roleSearch;
export const rolePageQuery = pageQuery.extend(roleSearch.shape);
export const roleTreeQuery = z.object({ tenantId: searchText });
export const roleTreeByIdQuery = z.object({ roleId: idParam });
export const roleRemoveQuery = z.object({ ids: idList });
export const roleIdParams = z.object({ id: idParam });
export const roleRemoved = z.object({ removed: z.number().int() });
/** The users of `roleId` are exactly `userIds` afterwards. */
export const roleUsersBody = z.object({
  roleId: id,
  userIds: z.array(id, { message: 'common.idsInvalid' }).max(1000, { message: 'common.idsInvalid' }),
});
export const roleUsersSet = z.object({ users: z.number().int() });
export const rolePermission = z.object({ permissions: z.array(z.string()) }).meta({ id: 'RolePermission' });

/** Spec 000 §3 "Role grant": the menus (and buttons), data scopes and API scopes the roles grant. */
export const roleGrant = z.object({
  roleIds: z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'roles.chooseRole' }).max(500),
  menuIds: z.array(id, { message: 'common.idsInvalid' }).max(5000),
  dataScopeIds: z.array(id, { message: 'common.idsInvalid' }).max(5000).default([]),
  apiScopeIds: z.array(id, { message: 'common.idsInvalid' }).max(5000).default([]),
});
export type RoleGrant = z.input<typeof roleGrant>;

/** A menu or button as the grant dialog shows it. */
export interface GrantTreeNode {
  id: number;
  parentId: number;
  code: string;
  name: string;
  category: number;
  i18n: string;
  children: GrantTreeNode[];
}
export const grantTreeNode: z.ZodType<GrantTreeNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    code: z.string(),
    name: z.string(),
    category: z.number(),
    i18n: z.string(),
    get children() {
      return z.array(grantTreeNode);
    },
  })
  .meta({ id: 'GrantTreeNode' });
export const roleTreeKeysQuery = z.object({ roleIds: idList });
/** What roles grant, for ticking the grant dialog's three tabs. */
export const roleTreeKeys = z.object({ menu: z.array(z.number()), dataScope: z.array(z.number()), apiScope: z.array(z.number()) }).meta({ id: 'RoleTreeKeys' });
