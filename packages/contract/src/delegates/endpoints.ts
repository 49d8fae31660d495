import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { DELEGATE_PERMISSIONS as P } from './permissions.ts';
import { delegate, delegateBody, delegateIdParams, delegateListQuery, delegateRemoved } from './schemas.ts';

const BASE = '/macro-flow/workflow-Delegate';
const tag = 'delegates';
const RULES =
  'Start, end and the entrusted person are required; the end may not be before the start; nobody delegates to themselves; two delegations of one person may not overlap in time for a common process (an empty process list covers every process).';

/** A user's delegations of their workflow tasks. */
export const DELEGATE_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'delegates.page',
    method: 'GET',
    path: `${BASE}/query-delegate`,
    tag,
    summary: 'My delegations',
    description: "A page of the signed-in user's delegations, latest start first.",
    access: P.view,
    query: delegateListQuery,
    response: pageOf(delegate),
  }),
  create: defineEndpoint({
    operationId: 'delegates.create',
    method: 'POST',
    path: BASE,
    tag,
    summary: 'Delegate my tasks',
    description: `Creates a delegation of the signed-in user. ${RULES}`,
    access: P.add,
    body: delegateBody,
    response: delegate,
    failures: [409, 422],
  }),
  update: defineEndpoint({
    operationId: 'delegates.update',
    method: 'PUT',
    path: `${BASE}/:id`,
    tag,
    summary: 'Change a delegation',
    description: `Changes one of the signed-in user's delegations. ${RULES}`,
    access: P.edit,
    params: delegateIdParams,
    body: delegateBody,
    response: delegate,
    failures: [404, 409, 422],
  }),
  remove: defineEndpoint({
    operationId: 'delegates.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    tag,
    summary: 'End a delegation',
    description: "Deletes one of the signed-in user's delegations; tasks already handed over stay where they are.",
    access: P.delete,
    params: delegateIdParams,
    response: delegateRemoved,
    failures: [404],
  }),
};
