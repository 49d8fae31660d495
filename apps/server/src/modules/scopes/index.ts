import { API_SCOPE_ENDPOINTS as A, API_SCOPE_PERMISSIONS as AP, DATA_SCOPE_ENDPOINTS as D, DATA_SCOPE_PERMISSIONS as DP } from '@macro/contract/scopes';
import { sql } from 'drizzle-orm';
import type { DataResource, DataScopePort } from '../../platform/dataScope.ts';
import { defineModule, type ModuleDeps, route } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { deptSubtreeSql } from '../org/public.ts';
import { deptIdSql, roleIdsSql } from '../identity/public.ts';
import { apiScopeDetail, apiScopePage, declaredCodes, removeApiScopes, submitApiScope } from './apiScopes.ts';
import { dataScopeDetail, dataScopePage, removeDataScopes, saveDataScope, updateDataScope } from './dataScopes.ts';
import {
  apiScopeGrantTree,
  dataScopeGrantTree,
  dataScopesByCodeSql,
  dataScopesSql,
  heldScopeIdsSql,
  type ResolvedScopes,
  resolveDataScopes,
  resolvedScopesOf,
} from './grants.ts';
import { scopesPredicate } from './rules.ts';
import { scopeMenuTree } from './shared.ts';
import { sweepFixture } from './sweep.ts';
import { apiScopes, dataScopes, roleApiScopes, roleDataScopes, userDataScopes } from './tables.ts';

/** Every resource the modules declared, by code. */
const resourcesOf = (deps: ModuleDeps) => new Map<string, DataResource>(deps.modules.flatMap((m) => m.dataResources ?? []).map((r) => [r.code, r]));

/**
 * The platform's data-scope port. It lives here, not in the platform, because it needs three
 * domains' knowledge: which scopes a user holds through their roles or directly (this module), the user's department
 * (users) and the department tree (org). Modules may call each other's services; the platform
 * may not, so it only knows the port, and composes their SQL into one statement: the scopes,
 * the user's department and, only when a "department and below" scope is in play, the subtree
 * come back in a single statement: for the resources a route declares, inside the request's
 * first statement (`prefetch`); for any other, or again after a write, on their own.
 * The list query then compares the declared column with a short list of ids, which its index serves.
 */
function dataScopePort(): DataScopePort {
  const scopesSql = (userId: number, tenantId: string, code: string) => {
    const user = sql`${userId}`;
    return dataScopesSql(heldScopeIdsSql(roleIdsSql(user), user), tenantId, code, deptIdSql(user), deptSubtreeSql);
  };
  const predicateOf = (resource: DataResource, userId: number, { rules, deptId, subtree }: ResolvedScopes) =>
    scopesPredicate(resource, rules, { userId, deptId, subtree });
  return {
    prefetch: {
      sql: ({ userId, tenantId }, codes) => dataScopesByCodeSql(codes, (code) => scopesSql(userId, tenantId, code)),
      predicate: (actor, resource, value) => (actor.userId === null ? sql`true` : predicateOf(resource, actor.userId, resolvedScopesOf(value))),
    },
    async predicate(tx, actor, resource) {
      if (actor.userId === null) return sql`true`;
      return predicateOf(resource, actor.userId, await resolveDataScopes(tx, scopesSql(actor.userId, actor.tenantId, resource.code)));
    },
  };
}

const button = (code: string, name: string, i18n: string) => ({ code, name, category: 2 as const, i18n });

export const module = defineModule({
  name: 'scopes',
  uses: ['identity', 'menus', 'org', 'tenants'],
  after: ['menus', 'tenants', 'roles', 'users', 'org'],
  tables: [dataScopes, apiScopes, roleDataScopes, roleApiScopes, userDataScopes],
  dataScope: dataScopePort,
  routes: (deps) => {
    const resources = resourcesOf(deps);
    return [
      route(D.list, ({ query }, { tx }) => dataScopePage(tx, query)),
      route(D.detail, ({ query }, { tx }) => dataScopeDetail(tx, query.id)),
      route(D.save, ({ body }, ctx) => saveDataScope(ctx, resources, body)),
      route(D.update, ({ body }, ctx) => updateDataScope(ctx, resources, body)),
      route(D.remove, async ({ query }, ctx) => ({ removed: await removeDataScopes(ctx, query.ids) })),
      route(D.resources, async () =>
        [...resources.values()].map((r) => ({
          code: r.code,
          ownerColumn: r.owner,
          deptColumn: r.dept,
          fields: Object.entries(r.fields).map(([name, kind]) => ({ name, kind })),
        })),
      ),
      route(D.menuTree, (_, { tx, actor }) => scopeMenuTree(tx, actor.tenantId)),
      route(D.grantTree, (_, { tx }) => dataScopeGrantTree(tx)),
      route(A.list, ({ query }, { tx }) => apiScopePage(tx, query)),
      route(A.detail, ({ query }, { tx }) => apiScopeDetail(tx, query.id)),
      route(A.submit, ({ body }, ctx) => submitApiScope(ctx, declaredCodes(ctx.request.server.endpoints), body)),
      route(A.remove, async ({ query }, ctx) => ({ removed: await removeApiScopes(ctx, query.ids) })),
      route(A.menuTree, (_, { tx, actor }) => scopeMenuTree(tx, actor.tenantId)),
      route(A.grantTree, (_, { tx }) => apiScopeGrantTree(tx)),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: DP.view,
      name: '数据权限',
      path: '/controller/authorityData',
      sort: 12,
      source: 'DatabaseOutlined',
      i18n: 'authorityData',
      children: [button(DP.add, '新增', 'add'), button(DP.edit, '修改', 'edit'), button(DP.delete, '删除', 'delete')],
    },
    {
      parent: MENU_FOLDERS.system,
      code: AP.view,
      name: '接口权限',
      path: '/controller/authorityApi',
      sort: 13,
      source: 'ApiOutlined',
      i18n: 'authorityApi',
      children: [button(AP.add, '新增', 'add'), button(AP.edit, '修改', 'edit'), button(AP.delete, '删除', 'delete')],
    },
  ],
  sweep: sweepFixture,
});
