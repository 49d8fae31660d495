import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineDataResource } from '../../platform/dataScope.ts';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';
import { ORG_ROOT } from '@macro/contract/org';
import type { TreeTable } from '../../platform/tree.ts';

/** Companies of a tenant, a tree by `parent_id` (0 at the top). */
export const companies = tenantTable(
  'macro_company',
  {
    id: idColumn(),
    parentId: integer('parent_id').notNull().default(0),
    companyName: text('company_name').notNull(),
    shortName: text('short_name').notNull().default(''),
    companyCode: text('company_code').notNull(),
    natureKey: text('nature_key').notNull().default(''),
    manager: text('manager').notNull().default(''),
    foundedDate: text('founded_date').notNull().default(''),
    businessScope: text('business_scope').notNull().default(''),
    phone: text('phone').notNull().default(''),
    extension: text('extension').notNull().default(''),
    fax: text('fax').notNull().default(''),
    email: text('email').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_company_code').on(t.tenantId, t.companyCode), index('macro_company_parent').on(t.tenantId, t.parentId, t.sort, t.id)],
);

/** Departments: each belongs to one company, a tree by `parent_id` within it (0 at the company's top). */
export const departments = tenantTable(
  'macro_dept',
  {
    id: idColumn(),
    companyId: integer('company_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    deptName: text('dept_name').notNull(),
    deptCode: text('dept_code').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    deptType: text('dept_type').notNull().default(''),
    manager: text('manager').notNull().default(''),
    phone: text('phone').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_dept_code').on(t.tenantId, t.companyId, t.deptCode).where(sql`dept_code <> ''`),
    index('macro_dept_company').on(t.tenantId, t.companyId, t.parentId, t.sort, t.id),
    index('macro_dept_parent').on(t.tenantId, t.parentId, t.sort, t.id),
    index('macro_dept_list').on(t.tenantId, t.sort, t.id),
  ],
);

/**
 * Departments as data scopes see them: created by `create_user`; a department's own id is its
 * department (so "own department" shows the user's department, "and below" its subtree).
 */
export const DEPT_DATA = defineDataResource({
  code: 'department',
  owner: 'create_user',
  dept: 'id',
  fields: { company_id: 'number', parent_id: 'number', dept_name: 'text', dept_code: 'text', dept_type: 'text' },
});

/** Posts marked special for companies (type 1) or departments (type 2). */
export const specialPosts = tenantTable(
  'macro_special_post',
  {
    id: idColumn(),
    type: integer('type').notNull(),
    postId: integer('post_id').notNull(),
  },
  (t) => [uniqueIndex('macro_special_post_type_post').on(t.tenantId, t.type, t.postId)],
);

/** The company and department trees, for the platform's tree kit. */
export const COMPANY_TREE: TreeTable<typeof companies> = { table: companies, root: ORG_ROOT };
export const DEPT_TREE: TreeTable<typeof departments> = { table: departments, root: ORG_ROOT };
