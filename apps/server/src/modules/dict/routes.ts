import {
  API_PREFIX,
  DICT_BASES,
  type DictKind,
  dictChildListQuery,
  dictDetailQuery,
  dictEntry,
  dictionaryQuery,
  dictListQuery,
  dictNode,
  dictOption,
  dictRemoveQuery,
  dictSubmit,
  dictTreeNode,
  dictTreeQuery,
  PERMISSIONS,
  pageOf,
  successOf,
} from '@macro/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http.ts';
import {
  dictDetail,
  dictionaryOptions,
  dictTree,
  listChildren,
  listDicts,
  listParents,
  removeDicts,
  submitDict,
} from './service.ts';

/** One set of dictionary routes per family: /macro-system/dict (system) and /dict-biz (business). */
export function dictRoutes(kind: DictKind): FastifyPluginAsyncZod {
  const base = `${API_PREFIX}${DICT_BASES[kind]}`;
  const tags = [`dict-${kind}`];
  const view = { permission: PERMISSIONS.dictView };
  return async (app) => {
    app.get(
      `${base}/list`,
      { config: view, schema: { tags, querystring: dictListQuery, response: { 200: successOf(pageOf(dictEntry)) } } },
      async (request) => ok(request, await listDicts(request.tx, kind, request.query)),
    );
    app.get(
      `${base}/parent-list`,
      { config: view, schema: { tags, querystring: dictListQuery, response: { 200: successOf(pageOf(dictEntry)) } } },
      async (request) => ok(request, await listParents(request.tx, kind, request.query)),
    );
    app.get(
      `${base}/child-list`,
      { config: view, schema: { tags, querystring: dictChildListQuery, response: { 200: successOf(pageOf(dictNode)) } } },
      async (request) => ok(request, await listChildren(request.tx, kind, request.query)),
    );
    app.get(
      `${base}/detail`,
      { config: view, schema: { tags, querystring: dictDetailQuery, response: { 200: successOf(dictEntry) } } },
      async (request) => ok(request, await dictDetail(request.tx, kind, request.query.id)),
    );
    app.get(
      `${base}/tree`,
      { config: view, schema: { tags, querystring: dictTreeQuery, response: { 200: successOf(z.array(dictTreeNode)) } } },
      async (request) => ok(request, await dictTree(request.tx, kind, request.query.code)),
    );
    // Dropdowns anywhere in the console read dictionaries: any signed-in user may.
    app.get(
      `${base}/dictionary`,
      {
        config: { permission: 'authenticated' },
        schema: { tags, querystring: dictionaryQuery, response: { 200: successOf(z.array(dictOption)) } },
      },
      async (request) => ok(request, await dictionaryOptions(request.tx, kind, request.query.code)),
    );
    app.post(
      `${base}/submit`,
      {
        config: { permission: (request) => ((request.body as { id?: unknown }).id ? PERMISSIONS.dictEdit : PERMISSIONS.dictAdd) },
        schema: { tags, body: dictSubmit, response: { 200: successOf(dictEntry) } },
      },
      async (request) =>
        ok(request, await submitDict(request.tx, kind, request.actor(), request.body)),
    );
    app.post(
      `${base}/remove`,
      {
        config: { permission: PERMISSIONS.dictDelete },
        schema: { tags, querystring: dictRemoveQuery, response: { 200: successOf(z.object({ removed: z.number() })) } },
      },
      async (request) => {
        const removed = await removeDicts(request.tx, kind, request.actor(), request.query.ids);
        return ok(request, { removed });
      },
    );
  };
}
