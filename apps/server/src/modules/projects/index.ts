import { PROJECT_ENDPOINTS as E, PROJECT_PERMISSIONS as P, PROJECT_ROLE_ENDPOINTS as RE, PROJECT_ROLE_PERMISSIONS as R } from '@macro/contract/projects';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import {
  listProjectRoles,
  listProjects,
  projectDetail,
  projectRoleDetail,
  removeProjectRoles,
  removeProjects,
  submitProject,
  submitProjectRole,
} from './service.ts';
import { projectRoles, projects } from './tables.ts';

const buttons = (codes: { add: string; edit: string; delete: string }) => [
  { code: codes.add, name: '新增', category: 2 as const, i18n: 'add' },
  { code: codes.edit, name: '修改', category: 2 as const, i18n: 'edit' },
  { code: codes.delete, name: '删除', category: 2 as const, i18n: 'delete' },
];

/** Sweep data: a project with a role, named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'ProjectSweepMarker';
  const created = await owner.post('/api/projects/submit', { projectName: marker, projectCode: 'SWEEP_P' });
  if (created.statusCode !== 200) throw new Error(`sweep fixture: ${created.body}`);
  const projectId = (created.json() as { data: { id: number } }).data.id;
  const role = await owner.post('/api/project-roles/submit', { projectId, roleName: marker, roleAlias: 'sweep_r' });
  if (role.statusCode !== 200) throw new Error(`sweep fixture: ${role.body}`);
  const roleId = (role.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(roleId), ids: `${projectId},${roleId}`, projectId: String(projectId), projectName: marker, roleName: marker },
    body: { id: projectId, projectId, projectName: 'stolen', projectCode: 'STOLEN', roleName: 'stolen', roleAlias: 'stolen' },
    snapshot: async () =>
      [(await owner.get(`/api/projects/detail?id=${projectId}`)).body, (await owner.get(`/api/project-roles/page?projectId=${projectId}`)).body].join('\n'),
  };
}

export const module = defineModule({
  name: 'projects',
  after: ['menus'],
  tables: [projects, projectRoles],
  routes: () => [
    route(E.page, ({ query }, { tx }) => listProjects(tx, query)),
    route(E.detail, ({ query }, { tx }) => projectDetail(tx, query.id)),
    route(E.submit, ({ body }, ctx) => submitProject(ctx, body)),
    route(E.remove, ({ query }, ctx) => removeProjects(ctx, query.ids)),
    route(RE.page, ({ query }, { tx }) => listProjectRoles(tx, query)),
    route(RE.detail, ({ query }, { tx }) => projectRoleDetail(tx, query.id)),
    route(RE.submit, ({ body }, ctx) => submitProjectRole(ctx, body)),
    route(RE.remove, ({ query }, ctx) => removeProjectRoles(ctx, query.ids)),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '项目管理',
      path: '/controller/project',
      source: 'ProjectOutlined',
      i18n: 'project',
      sort: 40,
      children: buttons(P),
    },
    {
      parent: MENU_FOLDERS.system,
      code: R.view,
      name: '项目角色',
      path: '/controller/projectrole',
      source: 'TeamOutlined',
      i18n: 'projectrole',
      sort: 41,
      children: buttons(R),
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_project_code', message: 'projects.codeExists', params: { code: 'projectCode' } },
    { constraint: 'macro_project_role_alias', message: 'projects.aliasExists', params: { alias: 'roleAlias' } },
  ],
  sweep: sweepFixture,
});
