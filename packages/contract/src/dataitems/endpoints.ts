import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idParam } from '../envelope.ts';
import { DICT_PERMISSIONS as P } from '../dict/permissions.ts';
import { dictEntry, dictRemoved, dictTreeNode } from '../dict/schemas.ts';
import { requiredText, searchText, text } from '../text.ts';

/**
 * Data items: the system dictionaries again, under
 * the paths of the other client. A data item is a top-level dictionary, its details are the
 * entries under it; both families read and write the same rows with the same permission codes.
 */
const tag = 'data-items';
const sort = z
  .number({ message: 'dict.sortRequired' })
  .int({ message: 'validation.digits' })
  .min(0, { message: 'validation.digits' })
  .max(99999, { message: 'validation.digits' })
  .default(1);
const isSealed = z.union([z.literal(0), z.literal(1)], { message: 'dict.sealedRequired' }).default(0);

export const dataItemBody = z.object({
  code: requiredText('standard', 'dict.codeRequired'),
  dictValue: requiredText('standard', 'dict.valueRequired'),
  sort,
  isSealed,
  remark: text('description').default(''),
});
export type DataItemBody = z.input<typeof dataItemBody>;

export const dataItemDetailBody = z.object({
  /** The data item (dictionary code) the detail belongs to. */
  code: requiredText('standard', 'dict.codeRequired'),
  /** Parent detail for nested details; absent (or 0) puts it right under the data item. */
  parentId: z
    .number({ message: 'common.idInvalid' })
    .int({ message: 'common.idInvalid' })
    .min(0, { message: 'common.idInvalid' })
    .max(2_147_483_647, { message: 'common.idInvalid' })
    .default(0),
  dictKey: requiredText('standard', 'dict.keyRequired'),
  dictValue: requiredText('standard', 'dict.valueRequired'),
  sort,
  isSealed,
  remark: text('description').default(''),
});
export type DataItemDetailBody = z.input<typeof dataItemDetailBody>;

const codeParams = z.object({ code: requiredText('standard', 'dict.codeRequired') });
const idParams = z.object({ id: idParam });
const keywordQuery = z.object({ keyword: searchText });

export const DATA_ITEM_ENDPOINTS = {
  tree: defineEndpoint({
    operationId: 'dataitems.tree',
    method: 'GET',
    path: '/data-items/tree',
    tag,
    summary: 'Tree of data items',
    description: 'Every data item (system dictionary) with its details as a tree: the same rows as /macro-system/dict/tree.',
    access: P.view,
    response: z.array(dictTreeNode),
  }),
  detailTree: defineEndpoint({
    operationId: 'dataitems.detailTree',
    method: 'GET',
    path: '/data-items/:code/detail/tree',
    tag,
    summary: "Tree of a data item's details",
    description: 'The details of the data item `code` as a tree; `keyword` keeps the details whose key or name contains it, with their ancestors.',
    access: P.view,
    params: codeParams,
    query: keywordQuery,
    response: z.array(dictTreeNode),
    failures: [404],
  }),
  workflowDetailTree: defineEndpoint({
    operationId: 'dataitems.workflowDetailTree',
    method: 'GET',
    path: '/macro-flow/data-items/:id/detail/tree',
    tag,
    summary: "Tree of a data item's details, for the workflow",
    description:
      'The details of a data item as a tree, as the workflow designer reads them: `id` is the data item’s id, or its code; `keyword` keeps the details whose key or name contains it, with their ancestors.',
    access: P.view,
    params: z.object({ id: requiredText('standard', 'dict.codeRequired') }),
    query: keywordQuery,
    response: z.array(dictTreeNode),
    failures: [404],
  }),
  details: defineEndpoint({
    operationId: 'dataitems.details',
    method: 'GET',
    path: '/data-items/:code/detail',
    tag,
    summary: "A data item's details",
    description: 'Every detail of the data item `code`, in order (sort, id), filtered by `keyword` on key or name.',
    access: P.view,
    params: codeParams,
    query: keywordQuery,
    response: z.array(dictEntry),
    failures: [404],
  }),
  info: defineEndpoint({
    operationId: 'dataitems.info',
    method: 'GET',
    path: '/data-items/:code/info',
    tag,
    summary: 'Read a data item',
    description: 'The data item (top-level system dictionary) `code`.',
    access: P.view,
    params: codeParams,
    response: dictEntry,
    failures: [404],
  }),
  create: defineEndpoint({
    operationId: 'dataitems.create',
    method: 'POST',
    path: '/data-items',
    tag,
    summary: 'Create a data item',
    description: 'Creates a top-level system dictionary; its code is unique.',
    access: P.add,
    body: dataItemBody,
    response: dictEntry,
    failures: [409],
  }),
  update: defineEndpoint({
    operationId: 'dataitems.update',
    method: 'PUT',
    path: '/data-items/:id',
    tag,
    summary: 'Update a data item',
    description: 'Changes a data item; a new code is carried to its details.',
    access: P.edit,
    params: idParams,
    body: dataItemBody,
    response: dictEntry,
    failures: [400, 404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'dataitems.remove',
    method: 'DELETE',
    path: '/data-items/:id',
    tag,
    summary: 'Delete a data item',
    description: 'Deletes a data item that has no details left.',
    access: P.delete,
    params: idParams,
    response: dictRemoved,
    failures: [400, 404],
  }),
  createDetail: defineEndpoint({
    operationId: 'dataitems.createDetail',
    method: 'POST',
    path: '/data-item-detail',
    tag,
    summary: 'Create a data item detail',
    description: 'Adds a detail under the data item `code` (or under the detail `parentId`); keys are unique among siblings.',
    access: P.add,
    body: dataItemDetailBody,
    response: dictEntry,
    failures: [400, 409],
  }),
  updateDetail: defineEndpoint({
    operationId: 'dataitems.updateDetail',
    method: 'PUT',
    path: '/data-item-detail/:id',
    tag,
    summary: 'Update a data item detail',
    description: 'Changes a detail; its data item and parent stay.',
    access: P.edit,
    params: idParams,
    body: dataItemDetailBody,
    response: dictEntry,
    failures: [400, 404, 409],
  }),
  removeDetail: defineEndpoint({
    operationId: 'dataitems.removeDetail',
    method: 'DELETE',
    path: '/data-item-detail/:id',
    tag,
    summary: 'Delete a data item detail',
    description: 'Deletes a detail that has no details under it.',
    access: P.delete,
    params: idParams,
    response: dictRemoved,
    failures: [400, 404],
  }),
};
