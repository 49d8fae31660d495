import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { DICT_PERMISSIONS as P } from './permissions.ts';
import { DICT_BASES, type DictKind } from './constants.ts';
import {
  dictChildListQuery,
  dictDetailQuery,
  dictEntry,
  dictionaryQuery,
  dictListQuery,
  dictNode,
  dictOption,
  dictRemoved,
  dictRemoveQuery,
  dictSubmit,
  dictTreeNode,
  dictTreeQuery,
} from './schemas.ts';

const FAMILY = { system: 'system dictionaries', biz: 'business dictionaries' } as const;

/** The calls of one dictionary family; /macro-system/dict and /dict-biz serve the same operations. */
function dictEndpoints<K extends DictKind>(kind: K) {
  const base = DICT_BASES[kind];
  const family = FAMILY[kind];
  const tag = `dict-${kind}`;
  return {
    list: defineEndpoint({
      operationId: `dict.${kind}.list`,
      method: 'GET',
      path: `${base}/list`,
      tag,
      summary: `List ${family}`,
      description: `A page of ${family}, parents and entries alike, filtered by code and name (substring, case-insensitive), ordered by sort then id.`,
      access: P.view,
      query: dictListQuery,
      response: pageOf(dictEntry),
    }),
    parentList: defineEndpoint({
      operationId: `dict.${kind}.parentList`,
      method: 'GET',
      path: `${base}/parent-list`,
      tag,
      summary: `List ${family} (parents)`,
      description: `A page of top-level ${family} (parentId 0), filtered by code and name.`,
      access: P.view,
      query: dictListQuery,
      response: pageOf(dictEntry),
    }),
    childList: defineEndpoint({
      operationId: `dict.${kind}.childList`,
      method: 'GET',
      path: `${base}/child-list`,
      tag,
      summary: `List a dictionary's entries`,
      description: 'A page of the direct children of `parentId`, each with its whole subtree in `children`.',
      access: P.view,
      query: dictChildListQuery,
      response: pageOf(dictNode),
      failures: [404],
    }),
    detail: defineEndpoint({
      operationId: `dict.${kind}.detail`,
      method: 'GET',
      path: `${base}/detail`,
      tag,
      summary: 'Read one entry',
      description: 'One dictionary or entry by id, with its parent name.',
      access: P.view,
      query: dictDetailQuery,
      response: dictEntry,
      failures: [404],
    }),
    tree: defineEndpoint({
      operationId: `dict.${kind}.tree`,
      method: 'GET',
      path: `${base}/tree`,
      tag,
      summary: `Tree of ${family}`,
      description: 'Dictionaries with their entries as a tree, for tree selects; `code` narrows it to one dictionary.',
      access: P.view,
      query: dictTreeQuery,
      response: z.array(dictTreeNode),
    }),
    dictionary: defineEndpoint({
      operationId: `dict.${kind}.dictionary`,
      method: 'GET',
      path: `${base}/dictionary`,
      tag,
      summary: 'Options of one dictionary',
      description:
        'The unsealed direct entries of the dictionary `code`, as dropdown options. Any signed-in user may read them: dropdowns anywhere in the console use them.',
      access: 'authenticated',
      query: dictionaryQuery,
      response: z.array(dictOption),
    }),
    submit: defineEndpoint({
      operationId: `dict.${kind}.submit`,
      method: 'POST',
      path: `${base}/submit`,
      tag,
      summary: 'Create or update an entry',
      description:
        "Creates an entry (no id; needs dict:add) or updates one (with id; needs dict:edit). A child takes its parent's code; renaming a dictionary's code renames its entries' too. Codes are unique among dictionaries, keys among siblings.",
      access: { create: P.add, update: P.edit },
      body: dictSubmit,
      response: dictEntry,
      failures: [404, 409],
    }),
    remove: defineEndpoint({
      operationId: `dict.${kind}.remove`,
      method: 'POST',
      path: `${base}/remove`,
      tag,
      summary: 'Remove entries',
      description: 'Removes the entries `ids` (comma-separated). An entry with children outside the removed set is refused.',
      access: P.delete,
      query: dictRemoveQuery,
      response: dictRemoved,
      failures: [404],
    }),
  };
}

export const DICT_ENDPOINTS = { system: dictEndpoints('system'), biz: dictEndpoints('biz') };
export type DictEndpoints = (typeof DICT_ENDPOINTS)[DictKind];
