import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { CONSUMER_PERMISSIONS as P } from './permissions.ts';
import {
  consumer,
  consumerIdQuery,
  consumerPageQuery,
  consumerRemoved,
  consumerRemoveQuery,
  consumerStatusBody,
  consumerStatusChanged,
  consumerSubmit,
} from './schemas.ts';

const BASE = '/macro-user/consumer';
const tag = 'consumers';

/** Consumer users (screen /controller/consumerManage): the platform's end users of the tenant. */
export const CONSUMER_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'consumers.page',
    method: 'GET',
    path: `${BASE}/page`,
    tag,
    summary: 'List consumer users',
    description:
      "A page of the tenant's consumer users in the order they were registered (by id), filtered by account, name and mobile (substrings, case-insensitive) and by `status` (1 enabled, 0 disabled).",
    access: P.view,
    query: consumerPageQuery,
    response: pageOf(consumer),
  }),
  detail: defineEndpoint({
    operationId: 'consumers.detail',
    method: 'GET',
    path: `${BASE}/detail`,
    tag,
    summary: 'Read a consumer user',
    description: 'One consumer user by id.',
    access: P.view,
    query: consumerIdQuery,
    response: consumer,
    failures: [404],
  }),
  submit: defineEndpoint({
    operationId: 'consumers.submit',
    method: 'POST',
    path: `${BASE}/submit`,
    tag,
    summary: 'Create or update a consumer user',
    description:
      'Without id creates a consumer user (needs consumer:add), with id updates it (needs consumer:edit). The account (letters, digits, underscore) is unique in the tenant, and so is the mobile number when given (11 digits, 13/14/15/17/18); the e-mail must be well formed. Audited.',
    access: { create: P.add, update: P.edit },
    body: consumerSubmit,
    response: consumer,
    failures: [404, 409],
  }),
  status: defineEndpoint({
    operationId: 'consumers.status',
    method: 'POST',
    path: `${BASE}/status`,
    tag,
    summary: 'Enable or disable consumer users',
    description:
      'Sets the status of the consumer users `ids` (1 enabled, 0 disabled); unknown ids are not found (404) and nothing changes. Audited per consumer whose status changed.',
    access: P.status,
    body: consumerStatusBody,
    response: consumerStatusChanged,
    failures: [404],
  }),
  remove: defineEndpoint({
    operationId: 'consumers.remove',
    method: 'POST',
    path: `${BASE}/remove`,
    tag,
    summary: 'Remove consumer users',
    description: 'Deletes the consumer users `ids` (comma-separated); unknown ids are not found (404) and nothing is removed. Audited.',
    access: P.delete,
    query: consumerRemoveQuery,
    response: consumerRemoved,
    failures: [404],
  }),
};
