import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { ASSET_PERMISSIONS as P } from './permissions.ts';
import { asset, assetBody, assetIdQuery, assetListQuery, assetRemoved, assetRemoveQuery } from './schemas.ts';

const BASE = '/macro-labor/assets';
const tag = 'assets';

/** The asset register: drafts are saved and changed, then submitted, after which they are read-only. */
export const ASSET_ENDPOINTS = {
  list: defineEndpoint({
    operationId: 'assets.list',
    method: 'GET',
    path: `${BASE}/list`,
    tag,
    summary: 'Page of assets',
    description: 'Assets filtered by code and name (substrings) and status, newest first, narrowed by the caller’s data scope on assets.',
    access: P.view,
    query: assetListQuery,
    response: pageOf(asset),
  }),
  detail: defineEndpoint({
    operationId: 'assets.detail',
    method: 'GET',
    path: `${BASE}/detail`,
    tag,
    summary: 'Read an asset',
    description: 'One asset by id (404 outside the tenant or the caller’s data scope).',
    access: P.view,
    query: assetIdQuery,
    response: asset,
    failures: [404],
  }),
  save: defineEndpoint({
    operationId: 'assets.save',
    method: 'POST',
    path: `${BASE}/save`,
    tag,
    summary: 'Save an asset as a draft',
    description:
      'Without `id` creates a draft (asset:add); with it changes a draft (asset:edit). A submitted asset is not changed (409). The code is unique in the tenant.',
    access: { create: P.add, update: P.edit },
    body: assetBody,
    response: asset,
    failures: [404, 409],
  }),
  submit: defineEndpoint({
    operationId: 'assets.submit',
    method: 'POST',
    path: `${BASE}/submit`,
    tag,
    summary: 'Submit an asset to the register',
    description:
      'Saves the fields (creating the asset when there is no `id`) and submits it in one step; from then on it is read-only. Submitting twice is refused (409).',
    access: P.submit,
    body: assetBody,
    response: asset,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'assets.remove',
    method: 'POST',
    path: `${BASE}/remove`,
    tag,
    summary: 'Delete draft assets',
    description: 'Deletes the drafts `ids` (comma-separated); all or nothing — a submitted asset among them refuses the lot (409).',
    access: P.delete,
    query: assetRemoveQuery,
    response: assetRemoved,
    failures: [404, 409],
  }),
};
