import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { PARAM_PERMISSIONS as P } from './permissions.ts';
import { param, paramBody, paramIdParams, paramListQuery, paramRemoved, paramRemoveQuery } from './schemas.ts';

const BASE = '/macro-system/param';
const tag = 'params';

/** Parameters: named values by key that administrators set and the server's own code reads. */
export const PARAM_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'params.page',
    method: 'GET',
    path: BASE,
    tag,
    summary: 'Page of parameters',
    description: "A page of the tenant's parameters filtered by name and key (substrings), ordered by key.",
    access: P.view,
    query: paramListQuery,
    response: pageOf(param),
  }),
  detail: defineEndpoint({
    operationId: 'params.detail',
    method: 'GET',
    path: `${BASE}/:id`,
    tag,
    summary: 'Read a parameter',
    description: 'One parameter by id.',
    access: P.view,
    params: paramIdParams,
    response: param,
    failures: [404],
  }),
  create: defineEndpoint({
    operationId: 'params.create',
    method: 'POST',
    path: BASE,
    tag,
    summary: 'Create a parameter',
    description: 'Name, key and value are required; the key is unique in the tenant.',
    access: P.add,
    body: paramBody,
    response: param,
    failures: [409],
  }),
  update: defineEndpoint({
    operationId: 'params.update',
    method: 'PUT',
    path: `${BASE}/:id`,
    tag,
    summary: 'Update a parameter',
    description: 'Changes a parameter; the key stays unique in the tenant.',
    access: P.edit,
    params: paramIdParams,
    body: paramBody,
    response: param,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'params.remove',
    method: 'DELETE',
    path: BASE,
    tag,
    summary: 'Delete parameters',
    description: 'Deletes the parameters `ids` (comma-separated); all or nothing.',
    access: P.delete,
    query: paramRemoveQuery,
    response: paramRemoved,
    failures: [404],
  }),
};
