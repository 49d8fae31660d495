import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { AUTHORIZE_PERMISSIONS as A, APP_FUNC_PERMISSIONS as F } from './permissions.ts';
import {
  appAuthorizeParams,
  appAuthorizeSave,
  appAuthorizeView,
  appFunc,
  appFuncBody,
  appFuncCategory,
  appFuncIdParams,
  appFuncListQuery,
  dataAuthorizeParams,
  dataAuthorizeSave,
  dataAuthorizeView,
} from './schemas.ts';

const tag = 'authorize';
const OBJECT = 'The object is a user of the tenant (`objectType` 0) or a role of it (1); an unknown one is not found (404).';

/** Data authorisation per menu: which data scopes of each menu a role or a user holds. */
export const DATA_AUTHORIZE_ENDPOINTS = {
  menu: defineEndpoint({
    operationId: 'dataAuthorize.menu',
    method: 'GET',
    path: '/data-authorize/:objectId/:objectType/menu',
    tag,
    summary: 'Data scopes per menu of a role or a user',
    description: `The tenant's menus that carry data scopes (with the folders above them, in sidebar order), each with its scopes, and the ids of the scopes the object holds itself (a user's roles' scopes are not listed: they apply on top). ${OBJECT}`,
    access: A.data,
    params: dataAuthorizeParams,
    response: dataAuthorizeView,
    failures: [404],
  }),
  save: defineEndpoint({
    operationId: 'dataAuthorize.save',
    method: 'PUT',
    path: '/data-authorize',
    aliases: ['/data-authorize/'],
    tag,
    summary: "Set a role's or a user's data scopes per menu",
    description: `The spec's client calls it as \`PUT /data-authorize/\` (served too). With \`menuIds\`, the object holds exactly \`dataScopeIds\` among the data scopes of those menus afterwards (its scopes on other menus stay); without, exactly \`dataScopeIds\` overall. A scope outside \`menuIds\` or not of the tenant is refused (400) and nothing changes. A role's scopes are the ones the role grant sets; a user's apply to that user on top of their roles' (all combine with OR through the platform's data-scope mechanism). Audited with before and after. ${OBJECT}`,
    access: A.data,
    body: dataAuthorizeSave,
    response: dataAuthorizeView,
    failures: [404],
  }),
};

/** The mobile app's functions and who may open them (`/app-func`, `/authorizes`). */
export const APP_FUNC_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'appFunc.page',
    method: 'GET',
    path: '/app-func/page',
    tag,
    summary: 'Page of app functions',
    description: 'A page of the mobile app functions, filtered by name and category (substring, case-insensitive), by category, sort and id.',
    access: F.view,
    query: appFuncListQuery,
    response: pageOf(appFunc),
  }),
  categoryTree: defineEndpoint({
    operationId: 'appFunc.categoryTree',
    method: 'GET',
    path: '/app-func/category-tree',
    tag,
    summary: 'App functions by category',
    description: 'Every enabled app function of the tenant grouped by category (categories by name), for granting them to roles and users.',
    access: A.app,
    response: z.array(appFuncCategory),
  }),
  info: defineEndpoint({
    operationId: 'appFunc.info',
    method: 'GET',
    path: '/app-func/:id/info',
    tag,
    summary: 'Read one app function',
    description: 'One app function by id.',
    access: F.view,
    params: appFuncIdParams,
    response: appFunc,
    failures: [404],
  }),
  create: defineEndpoint({
    operationId: 'appFunc.create',
    method: 'POST',
    path: '/app-func',
    tag,
    summary: 'Add an app function',
    description: 'Adds a mobile app function; its code is unique in the tenant (409 otherwise).',
    access: F.add,
    body: appFuncBody,
    response: appFunc,
    failures: [409],
  }),
  update: defineEndpoint({
    operationId: 'appFunc.update',
    method: 'PUT',
    path: '/app-func/:id',
    tag,
    summary: 'Change an app function',
    description: 'Changes the app function `id`; its code stays unique in the tenant.',
    access: F.edit,
    params: appFuncIdParams,
    body: appFuncBody,
    response: appFunc,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'appFunc.remove',
    method: 'DELETE',
    path: '/app-func/:id',
    tag,
    summary: 'Delete an app function',
    description: 'Deletes the app function `id`; its grants to roles and users go with it.',
    access: F.delete,
    params: appFuncIdParams,
    response: z.object({ removed: z.number() }),
    failures: [404],
  }),
};

export const APP_AUTHORIZE_ENDPOINTS = {
  view: defineEndpoint({
    operationId: 'authorizes.app',
    method: 'GET',
    path: '/authorizes/app/:objectType/:objectId',
    tag,
    summary: 'App functions granted to a role or a user',
    description: `The ids of the app functions the object is granted. ${OBJECT}`,
    access: A.app,
    params: appAuthorizeParams,
    response: appAuthorizeView,
    failures: [404],
  }),
  save: defineEndpoint({
    operationId: 'authorizes.save',
    method: 'POST',
    path: '/authorizes',
    tag,
    summary: 'Grant app functions to a role or a user',
    description: `The object is granted exactly the app functions \`itemJson\` lists afterwards (a JSON array of ids, or its text); an unknown function is refused (400) and nothing changes. Audited with before and after. ${OBJECT}`,
    access: A.app,
    body: appAuthorizeSave,
    response: appAuthorizeView,
    failures: [404],
  }),
};
