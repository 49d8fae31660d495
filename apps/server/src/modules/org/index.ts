import {
  COMPANY_ENDPOINTS as C,
  COMPANY_PERMISSIONS,
  DEPT_ENDPOINTS as D,
  DEPT_PERMISSIONS,
  SPECIAL_POST_ENDPOINTS as S,
  SPECIAL_POST_PERMISSIONS,
  SPECIAL_POST_TYPE,
} from '@macro/contract/org';
import { findOr404 } from '../../platform/crud.ts';
import { defineModule, route } from '../../platform/module.ts';
import { MENU_FOLDERS } from '../menus/index.ts';
import { companyDetail, companyTree, removeCompany, submitCompany } from './companies.ts';
import { companyDeptTree, deptDetail, deptTree, lazyDepts, lazyDeptTree, listDepts, removeDepts, submitDept } from './departments.ts';
import { usersInDepartments } from '../users/people.ts';
import { assertCompany, departmentsOfCompanies } from './people.ts';
import { provisionDemoOrganisation } from './starter.ts';
import { saveSpecialPosts, specialPostHolders, specialPostsOf } from './specialPosts.ts';
import { sweepFixture } from './sweep.ts';
import { companies, DEPT_DATA, departments, specialPosts } from './tables.ts';
import { companyDepartmentTree, companyDepartmentUserTree, companyPostTree } from './trees.ts';

const button = (code: string, name: string, i18n: string) => ({ code, name, category: 2 as const, i18n });

export const module = defineModule({
  name: 'org',
  after: ['users', 'dict', 'posts'],
  tables: [companies, departments, specialPosts],
  routes: () => [
    route(C.create, ({ body }, ctx) => submitCompany(ctx, body)),
    route(C.update, ({ params, body }, ctx) => submitCompany(ctx, { ...body, id: params.companyId })),
    route(C.remove, async ({ params }, ctx) => ({ removed: await removeCompany(ctx, params.companyId) })),
    route(C.detail, ({ params }, { tx }) => companyDetail(tx, params.companyId)),
    route(C.tree, (_, { tx }) => companyTree(tx)),
    route(C.departmentsTree, (_, { tx }) => companyDepartmentTree(tx)),
    route(C.departmentsUsersTree, (_, { tx }) => companyDepartmentUserTree(tx)),
    route(C.companyDepartmentsTree, ({ params }, { tx }) => companyDeptTree(tx, params.companyId)),
    route(C.users, async ({ params, query }, { tx }) => {
      await assertCompany(tx, params.companyId);
      return usersInDepartments(tx, await departmentsOfCompanies(tx, [params.companyId]), query);
    }),
    route(C.specialPost, async ({ params }, { tx }) => {
      await findOr404(tx, companies, params.companyId, { message: 'org.companyNotFound' });
      return specialPostHolders(tx, SPECIAL_POST_TYPE.company);
    }),
    route(C.postsTree, ({ params }, { tx }) => companyPostTree(tx, params.companyId)),

    route(D.create, ({ body }, ctx) => submitDept(ctx, body)),
    route(D.detail, async ({ params }, { tx, dataScope }) => deptDetail(tx, params.deptId, await dataScope(DEPT_DATA)), { dataResources: [DEPT_DATA] }),
    route(D.update, ({ params, body }, ctx) => submitDept(ctx, { ...body, id: params.deptId })),
    route(D.remove, async ({ params }, ctx) => ({ removed: await removeDepts(ctx, [params.deptId]) })),
    route(D.specialPost, async ({ params }, { tx }) => {
      await findOr404(tx, departments, params.deptId, { message: 'org.deptNotFound' });
      return specialPostHolders(tx, SPECIAL_POST_TYPE.department);
    }),
    route(D.list, async ({ query }, { tx, dataScope }) => listDepts(tx, query, await dataScope(DEPT_DATA)), { dataResources: [DEPT_DATA] }),
    route(D.lazyList, ({ query }, { tx }) => lazyDepts(tx, query.parentId, query.companyId)),
    route(D.detailByQuery, async ({ query }, { tx, dataScope }) => deptDetail(tx, query.id, await dataScope(DEPT_DATA)), { dataResources: [DEPT_DATA] }),
    route(D.submit, ({ body }, ctx) => submitDept(ctx, body)),
    route(D.removeMany, async ({ query }, ctx) => ({ removed: await removeDepts(ctx, query.ids) })),
    route(D.tree, ({ query }, { tx }) => deptTree(tx, query.companyId)),
    route(D.lazyTree, ({ query }, { tx }) => lazyDeptTree(tx, query.parentId, query.companyId)),

    route(S.get, ({ query }, { tx }) => specialPostsOf(tx, query.type)),
    route(S.save, ({ body }, ctx) => saveSpecialPosts(ctx, body.F_Type, body.postList)),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: COMPANY_PERMISSIONS.view,
      name: '机构管理',
      path: '/controller/organization',
      source: 'ApartmentOutlined',
      i18n: 'organization',
      sort: 4,
      children: [
        button(COMPANY_PERMISSIONS.add, '新增公司', 'companyAdd'),
        button(COMPANY_PERMISSIONS.edit, '修改公司', 'companyEdit'),
        button(COMPANY_PERMISSIONS.delete, '删除公司', 'companyDelete'),
        button(DEPT_PERMISSIONS.view, '查看部门', 'deptView'),
        button(DEPT_PERMISSIONS.add, '新增部门', 'deptAdd'),
        button(DEPT_PERMISSIONS.edit, '修改部门', 'deptEdit'),
        button(DEPT_PERMISSIONS.delete, '删除部门', 'deptDelete'),
        button(SPECIAL_POST_PERMISSIONS.view, '查看特殊岗位', 'specialPostView'),
        button(SPECIAL_POST_PERMISSIONS.edit, '设置特殊岗位', 'specialPostEdit'),
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_company_code', message: 'org.companyCodeExists', params: { code: 'companyCode' } },
    { constraint: 'macro_dept_code', message: 'org.deptCodeExists', params: { code: 'deptCode' } },
  ],
  dataResources: [DEPT_DATA],
  provision: provisionDemoOrganisation,
  sweep: sweepFixture,
});
