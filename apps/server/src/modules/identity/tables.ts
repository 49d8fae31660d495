import { boolean, date, index, integer, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { defineDataResource } from '../../platform/dataScope.ts';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export const users = tenantTable(
  'macro_user',
  {
    id: idColumn(),
    account: text('account').notNull(),
    /** Nick name. */
    name: text('name').notNull(),
    realName: text('real_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Mobile number. */
    phone: text('phone').notNull().default(''),
    /** Landline. */
    telephone: text('telephone').notNull().default(''),
    /** Job number. */
    code: text('code').notNull().default(''),
    wechat: text('wechat').notNull().default(''),
    qq: text('qq').notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    /** USER_SEX of the contract. */
    sex: integer('sex').notNull().default(0),
    remark: text('remark').notNull().default(''),
    /** USER_TYPE of the contract. */
    userType: integer('user_type').notNull().default(1),
    userExt: text('user_ext').notNull().default(''),
    /** Department of the organisation domain (its own table); no foreign key across domains. */
    deptId: integer('dept_id'),
    deptName: text('dept_name').notNull().default(''),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    unique('macro_user_tenant_account').on(t.tenantId, t.account),
    index('macro_user_dept').on(t.tenantId, t.deptId, t.id),
    // "Own rows" data scopes page by creator.
    index('macro_user_owner').on(t.tenantId, t.createUser, t.id),
  ],
);

/**
 * Users as data scopes see them: created by `create_user`, in the department `dept_id`; a
 * custom rule may test these columns.
 */
export const USER_DATA = defineDataResource({
  code: 'user',
  owner: 'create_user',
  dept: 'dept_id',
  fields: { account: 'text', name: 'text', real_name: 'text', code: 'text', dept_id: 'number', status: 'number', sex: 'number', user_type: 'number' },
});

/**
 * The roles each user holds. Roles are the roles domain's: the role id is checked (and the
 * role locked) through its service, and a role held by anyone cannot be removed.
 */
export const userRoles = tenantTable(
  'macro_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('macro_user_role_role').on(t.roleId)],
);

/**
 * The posts each user holds. Posts are the posts domain's: the ids are checked (and the posts
 * share-locked) through its service, and a post anyone holds cannot be removed.
 */
export const userPosts = tenantTable(
  'macro_user_post',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('macro_user_post_post').on(t.tenantId, t.postId, t.userId)],
);

/**
 * The groups (tenants of the platform, the tenants domain's `/groups`) a user of the platform
 * tenant is granted to look after. Group ids are checked through the tenants service.
 */
export const userGroups = tenantTable(
  'macro_user_group',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('macro_user_group_group').on(t.tenantId, t.groupId)],
);

/** Roles of a tenant, as a tree (`parent_id` 0 at the top); the alias is unique in the tenant. */
export const roles = tenantTable(
  'macro_role',
  {
    id: idColumn(),
    parentId: integer('parent_id').notNull().default(0),
    roleName: text('role_name').notNull(),
    roleAlias: text('role_alias').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    unique('macro_role_tenant_alias').on(t.tenantId, t.roleAlias),
    // Lists are ordered by sort then id.
    index('macro_role_list').on(t.tenantId, t.sort, t.id),
    index('macro_role_parent').on(t.tenantId, t.parentId),
  ],
);

/** Values of `status`. */
export const USER_STATUS = { enabled: 1, disabled: 0 } as const;
