import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { SPECIAL_MENU_PERMISSIONS as P } from './permissions.ts';
import { specialMenu, specialMenuBody, specialMenuIdParams, specialMenuListQuery, specialMenuRemoved, specialMenuRemoveQuery } from './schemas.ts';

const BASE = '/macro-flow/special-menu';
const tag = 'special-menus';

/** Special menus: entries that launch one workflow template. */
export const SPECIAL_MENU_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'specialmenus.page',
    method: 'GET',
    path: BASE,
    tag,
    summary: 'Page of special menus',
    description: "A page of the tenant's special menus filtered by name and code (substrings), ordered by sort then id.",
    access: P.view,
    query: specialMenuListQuery,
    response: pageOf(specialMenu),
  }),
  launchable: defineEndpoint({
    operationId: 'specialmenus.launchable',
    method: 'GET',
    path: `${BASE}/all`,
    tag,
    summary: 'Every special menu',
    description: 'Every special menu of the tenant in order, for the launch list any signed-in user opens.',
    access: 'authenticated',
    response: z.array(specialMenu),
  }),
  detail: defineEndpoint({
    operationId: 'specialmenus.detail',
    method: 'GET',
    path: `${BASE}/:id`,
    tag,
    summary: 'Read a special menu',
    description: 'One special menu by id.',
    access: P.view,
    params: specialMenuIdParams,
    response: specialMenu,
    failures: [404],
  }),
  create: defineEndpoint({
    operationId: 'specialmenus.create',
    method: 'POST',
    path: BASE,
    tag,
    summary: 'Create a special menu',
    description: 'Name, code and one template are required; the code is unique in the tenant.',
    access: P.add,
    body: specialMenuBody,
    response: specialMenu,
    failures: [409],
  }),
  update: defineEndpoint({
    operationId: 'specialmenus.update',
    method: 'PUT',
    path: `${BASE}/:id`,
    tag,
    summary: 'Update a special menu',
    description: 'Changes a special menu; the code stays unique in the tenant.',
    access: P.edit,
    params: specialMenuIdParams,
    body: specialMenuBody,
    response: specialMenu,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'specialmenus.remove',
    method: 'DELETE',
    path: BASE,
    tag,
    summary: 'Delete special menus',
    description: 'Deletes the special menus `ids` (comma-separated); all or nothing.',
    access: P.delete,
    query: specialMenuRemoveQuery,
    response: specialMenuRemoved,
    failures: [404],
  }),
};
