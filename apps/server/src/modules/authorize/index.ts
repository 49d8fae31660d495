import {
  APP_AUTHORIZE_ENDPOINTS as AA,
  APP_FUNC_ENDPOINTS as F,
  APP_FUNCTION_SCHEME_ENDPOINTS as S,
  APP_FUNC_PERMISSIONS as FP,
  AUTHORIZE_PERMISSIONS as P,
  DATA_AUTHORIZE_ENDPOINTS as D,
} from '@macro/contract/authorize';
import { ROLE_PERMISSIONS } from '@macro/contract/roles';
import { defineModule, route } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { appAuthorizeView, appFuncCategoryTree, appFuncInfo, appFuncPage, createAppFunc, removeAppFunc, saveAppAuthorize, updateAppFunc } from './appFuncs.ts';
import { appFunctionSchemeDetail, appFunctionSchemeList, createAppFunctionScheme, removeAppFunctionScheme, updateAppFunctionScheme } from './appPages.ts';
import { dataAuthorizeMenu, saveDataAuthorize } from './dataAuthorize.ts';
import { sweepFixture } from './sweep.ts';
import { appAuthorizes, appFuncs, appFunctionSchemes } from './tables.ts';

const button = (code: string, name: string, i18n: string) => ({ code, name, category: 2 as const, i18n });

/**
 * Data authorisation per menu (`/data-authorize`: which data scopes of each menu a role or a
 * user holds, enforced by the scopes module's data-scope port like every data scope) and the
 * mobile app's functions with their grants (`/app-func`, `/authorizes`).
 */
export const module = defineModule({
  name: 'authorize',
  uses: ['forms', 'identity', 'menus', 'scopes', 'tenants'],
  after: ['scopes', 'roles', 'users', 'menus'],
  tables: [appFuncs, appAuthorizes, appFunctionSchemes],
  routes: () => [
    route(D.menu, ({ params }, { tx, actor }) => dataAuthorizeMenu(tx, actor.tenantId, params.objectType, params.objectId)),
    route(D.save, ({ body }, ctx) => saveDataAuthorize(ctx, body)),
    route(F.page, ({ query }, { tx }) => appFuncPage(tx, query)),
    route(F.categoryTree, (_, { tx }) => appFuncCategoryTree(tx)),
    route(F.info, ({ params }, { tx }) => appFuncInfo(tx, params.id)),
    route(F.create, ({ body }, ctx) => createAppFunc(ctx, body)),
    route(F.update, ({ params, body }, ctx) => updateAppFunc(ctx, params.id, body)),
    route(F.remove, async ({ params }, ctx) => ({ removed: await removeAppFunc(ctx, params.id) })),
    route(S.list, ({ query }, { tx }) => appFunctionSchemeList(tx, query.funcId)),
    route(S.detail, ({ params }, { tx }) => appFunctionSchemeDetail(tx, params.id)),
    route(S.create, ({ body }, ctx) => createAppFunctionScheme(ctx, body)),
    route(S.update, ({ params, body }, ctx) => updateAppFunctionScheme(ctx, params.id, body)),
    route(S.remove, async ({ params }, ctx) => ({ removed: await removeAppFunctionScheme(ctx, params.id) })),
    route(AA.view, ({ params }, { tx }) => appAuthorizeView(tx, params.objectType, params.objectId)),
    route(AA.save, ({ body }, ctx) => saveAppAuthorize(ctx, body)),
  ],
  menus: [
    { parent: ROLE_PERMISSIONS.view, ...button(P.data, '数据授权', 'dataAuthorize') },
    { parent: ROLE_PERMISSIONS.view, ...button(P.app, '移动端授权', 'appAuthorize') },
    {
      parent: MENU_FOLDERS.system,
      code: FP.view,
      name: '移动端功能',
      path: '/controller/appFunction',
      sort: 14,
      source: 'MobileOutlined',
      i18n: 'appFunction',
      children: [button(FP.add, '新增', 'add'), button(FP.edit, '修改', 'edit'), button(FP.delete, '删除', 'delete')],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_app_func_code', message: 'authorize.codeExists', params: { code: 'code' } }],
  sweep: sweepFixture,
});
