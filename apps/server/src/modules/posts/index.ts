import { POST_ENDPOINTS, POST_PERMISSIONS } from '@macro/contract/posts';
import type { Language } from '@macro/contract';
import type { Ctx } from '@macro/store';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { listPosts, postDetail, postOptions, postUsers, removePosts, submitPost } from './service.ts';
import { posts } from './tables.ts';

const E = POST_ENDPOINTS;

/** Posts every tenant starts with (added once; a tenant may rename or remove them), named in the language it was created in. */
const STARTER_POSTS: { postCode: string; sort: number; postName: Record<Language, string> }[] = [
  { postCode: 'ceo', sort: 1, postName: { zh: '总经理', en: 'General Manager', ja: '社長' } },
  { postCode: 'manager', sort: 2, postName: { zh: '部门经理', en: 'Department Manager', ja: '部長' } },
  { postCode: 'staff', sort: 3, postName: { zh: '职员', en: 'Staff', ja: '社員' } },
];

async function provisionStarterPosts(ctx: Ctx): Promise<void> {
  const existing = await postOptions(ctx.tx);
  if (existing.length) return;
  for (const starter of STARTER_POSTS)
    await submitPost(ctx, { postCode: starter.postCode, sort: starter.sort, postName: starter.postName[ctx.actor.language], remark: '' });
}

/** Sweep data: a post named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'PostSweepMarker';
  const response = await owner.post(`/api${E.submit.path}`, { postCode: marker, postName: marker });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), postId: String(id), ids: String(id), postCode: marker, postName: marker },
    // Points at the owner's post without carrying the marker: a create call echoes what it is given.
    body: { id, postCode: 'stolen', postName: 'stolen' },
    snapshot: async () => (await owner.get(`/api${E.detail.path}?id=${id}`)).body,
  };
}

export const module = defineModule({
  name: 'posts',
  uses: ['identity'],
  after: ['users'],
  tables: [posts],
  routes: () => [
    route(E.page, ({ query }, { tx }) => listPosts(tx, query)),
    route(E.list, ({ query }, { tx }) => listPosts(tx, query)),
    route(E.select, (_, { tx }) => postOptions(tx)),
    route(E.detail, ({ query }, { tx }) => postDetail(tx, query.id)),
    route(E.submit, ({ body }, ctx) => submitPost(ctx, body)),
    route(E.remove, async ({ query }, ctx) => ({ removed: await removePosts(ctx, query.ids) })),
    route(E.restPage, ({ query }, { tx }) => listPosts(tx, query)),
    route(E.restCreate, ({ body }, ctx) => submitPost(ctx, body)),
    route(E.restUpdate, ({ params, body }, ctx) => submitPost(ctx, { ...body, id: params.postId })),
    route(E.restDelete, async ({ params }, ctx) => ({ removed: await removePosts(ctx, [params.postId]) })),
    route(E.users, ({ params, query }, { tx }) => postUsers(tx, params.postId, query)),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: POST_PERMISSIONS.view,
      name: '岗位管理',
      path: '/controller/posts',
      source: 'IdcardOutlined',
      i18n: 'posts',
      sort: 5,
      children: [
        { code: POST_PERMISSIONS.add, name: '新增', category: 2, i18n: 'add' },
        { code: POST_PERMISSIONS.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: POST_PERMISSIONS.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_post_code', message: 'posts.codeExists', params: { code: 'postCode' } },
    { constraint: 'macro_post_name', message: 'posts.nameExists', params: { name: 'postName' } },
  ],
  provision: provisionStarterPosts,
  sweep: sweepFixture,
});
