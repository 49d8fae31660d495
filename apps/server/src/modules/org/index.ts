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
import { assertWrittenInScope } from '../../platform/dataScope.ts';
import { defineModule, type RouteCtx, route } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { companyDetail, companyTree, removeCompany, submitCompany } from './companies.ts';
import { companyDeptTree, deptDetail, deptTree, lazyDepts, lazyDeptTree, listDepts, removeDepts, submitDept } from './departments.ts';
import { usersInDepartments } from '../identity/public.ts';
import { USER_DATA } from '../identity/public.ts';
import { assertCompany, departmentsOfCompanies } from './people.ts';
import { provisionDemoOrganisation } from './starter.ts';
import { saveSpecialPosts, specialPostHolders, specialPostsOf } from './specialPosts.ts';
import { sweepFixture } from './sweep.ts';
import { companies, DEPT_DATA, departments, specialPosts } from './tables.ts';
import { companyDepartmentTree, companyDepartmentUserTree, companyPostTree } from './trees.ts';

/** Routes that narrow departments by the caller's data scopes (reads, trees, edits and removals alike). */
const depts = { dataResources: [DEPT_DATA] } as const;

/**
 * A department the caller creates must lie inside their data scope, judged as written: under
 * "department and below", inside their subtree; under "own department", only theirs. Else 403
 * and nothing stays.
 */
async function createDeptInScope(ctx: RouteCtx, body: Parameters<typeof submitDept>[1]) {
  const created = await submitDept(ctx, { ...body, id: undefined });
  await assertWrittenInScope(ctx.tx, departments, created.id, await ctx.dataScope.fresh(DEPT_DATA));
  return created;
}

/** An edit must leave the department inside the caller's data scope (moved under another parent, renamed under a rule); else 403 and nothing stays. */
async function editDeptInScope(ctx: RouteCtx, id: number, body: Parameters<typeof submitDept>[1]) {
  const updated = await submitDept(ctx, { ...body, id }, await ctx.dataScope(DEPT_DATA));
  await assertWrittenInScope(ctx.tx, departments, id, await ctx.dataScope.fresh(DEPT_DATA));
  return updated;
}

const button = (code: string, name: string, i18n: string) => ({ code, name, category: 2 as const, i18n });

export const module = defineModule({
  name: 'org',
  uses: ['dict', 'identity', 'posts'],
  after: ['users', 'dict', 'posts'],
  tables: [companies, departments, specialPosts],
  routes: () => [
    route(C.create, ({ body }, ctx) => submitCompany(ctx, body)),
    route(C.update, ({ params, body }, ctx) => submitCompany(ctx, { ...body, id: params.companyId })),
    route(C.remove, async ({ params }, ctx) => ({ removed: await removeCompany(ctx, params.companyId) })),
    route(C.detail, ({ params }, { tx }) => companyDetail(tx, params.companyId)),
    route(C.tree, (_, { tx }) => companyTree(tx)),
    route(C.departmentsTree, async (_, { tx, dataScope }) => companyDepartmentTree(tx, await dataScope(DEPT_DATA)), depts),
    route(C.departmentsUsersTree, async (_, { tx, dataScope }) => companyDepartmentUserTree(tx, await dataScope(DEPT_DATA)), depts),
    route(C.companyDepartmentsTree, async ({ params }, { tx, dataScope }) => companyDeptTree(tx, params.companyId, await dataScope(DEPT_DATA)), depts),
    route(
      C.users,
      async ({ params, query }, { tx, dataScope }) => {
        await assertCompany(tx, params.companyId);
        return usersInDepartments(tx, await departmentsOfCompanies(tx, [params.companyId]), query, await dataScope(USER_DATA));
      },
      { dataResources: [USER_DATA] },
    ),
    route(C.specialPost, async ({ params }, { tx }) => {
      await findOr404(tx, companies, params.companyId, { message: 'org.companyNotFound' });
      return specialPostHolders(tx, SPECIAL_POST_TYPE.company);
    }),
    route(C.postsTree, ({ params }, { tx }) => companyPostTree(tx, params.companyId)),

    route(D.create, ({ body }, ctx) => createDeptInScope(ctx, body), depts),
    route(D.detail, async ({ params }, { tx, dataScope }) => deptDetail(tx, params.deptId, await dataScope(DEPT_DATA)), depts),
    route(D.update, ({ params, body }, ctx) => editDeptInScope(ctx, params.deptId, body), depts),
    route(D.remove, async ({ params }, ctx) => ({ removed: await removeDepts(ctx, [params.deptId], await ctx.dataScope(DEPT_DATA)) }), depts),
    route(D.specialPost, async ({ params }, { tx }) => {
      await findOr404(tx, departments, params.deptId, { message: 'org.deptNotFound' });
      return specialPostHolders(tx, SPECIAL_POST_TYPE.department);
    }),
    route(D.list, async ({ query }, { tx, dataScope }) => listDepts(tx, query, await dataScope(DEPT_DATA)), depts),
    route(D.lazyList, async ({ query }, { tx, dataScope }) => lazyDepts(tx, query.parentId, query.companyId, await dataScope(DEPT_DATA)), depts),
    route(D.detailByQuery, async ({ query }, { tx, dataScope }) => deptDetail(tx, query.id, await dataScope(DEPT_DATA)), depts),
    route(D.submit, ({ body }, ctx) => (body.id === undefined ? createDeptInScope(ctx, body) : editDeptInScope(ctx, body.id, body)), depts),
    route(D.removeMany, async ({ query }, ctx) => ({ removed: await removeDepts(ctx, query.ids, await ctx.dataScope(DEPT_DATA)) }), depts),
    route(D.tree, async ({ query }, { tx, dataScope }) => deptTree(tx, query.companyId, await dataScope(DEPT_DATA)), depts),
    route(D.lazyTree, async ({ query }, { tx, dataScope }) => lazyDeptTree(tx, query.parentId, query.companyId, await dataScope(DEPT_DATA)), depts),

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
