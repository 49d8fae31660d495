import { DATABASE_LINK_ENDPOINTS as E, DATABASE_LINK_PERMISSIONS as P } from '@macro/contract/databaselinks';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { defineModule, type ModuleDeps, route, type SweepClient } from '../../platform/module.ts';
import { designService } from './design.ts';
import { type DatabaseLinkService, databaseLinkService } from './service.ts';
import { databaseDrafts, databaseFields, databaseLinks } from './tables.ts';

/** Sweep data: a link to this machine's PostgreSQL, named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'DatabaseLinkSweepMarker';
  const link = { kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres' };
  const response = await owner.post(`/api${E.submit.path}`, { ...link, name: marker, groupName: marker });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  const draft = await owner.post('/api/database-draft', {
    linkId: id,
    tableName: 'sweep_table',
    comment: marker,
    columns: [{ name: 'id', type: 'int', primaryKey: true }],
  });
  if (draft.statusCode !== 200) throw new Error(`sweep fixture: ${draft.body}`);
  const draftId = (draft.json() as { data: { id: number } }).data.id;
  const field = await owner.post('/api/database-field', { name: 'sweep_field', type: 'text', comment: marker });
  if (field.statusCode !== 200) throw new Error(`sweep fixture: ${field.body}`);
  return {
    marker,
    query: { id: String(id), ids: String(id), name: marker, groupName: marker, table: 'pg_class', linkId: String(id) },
    // Points at the owner's link without carrying the marker: a create call echoes what it is given.
    body: { ...link, id, name: 'stolen', draftId, linkId: id, tableName: 'stolen', columns: [{ name: 'x', type: 'text' }] },
    snapshot: async () => (await owner.get(`/api/database-links/${id}`)).body,
  };
}

/** One service per server: its connection pools close with the server. */
const services = new WeakMap<ModuleDeps['config'], DatabaseLinkService>();
/** The server's database links: other modules run checked queries on them through this. */
export { resealLinkPasswords } from './reseal.ts';

export const databaseLinksOf = (deps: Pick<ModuleDeps, 'config'>) => {
  const known = services.get(deps.config);
  if (known) return known;
  const service = databaseLinkService(deps.config);
  services.set(deps.config, service);
  return service;
};

export const module = defineModule({
  name: 'databaselinks',
  uses: [],
  after: ['menus'],
  tables: [databaseLinks, databaseDrafts, databaseFields],
  routes: (deps) => {
    const links = databaseLinksOf(deps);
    const design = designService(links);
    return [
      route(E.list, ({ query }, { tx }) => links.list(tx, query)),
      route(E.groups, (_, { tx }) => links.groups(tx)),
      route(E.detail, ({ params }, { tx }) => links.detail(tx, params.id)),
      route(E.submit, ({ body }, ctx) => links.submit(ctx, body)),
      route(E.remove, async ({ query }, ctx) => ({ removed: await links.remove(ctx, query.ids) })),
      route(E.test, ({ body }, ctx) => links.test(ctx, body)),
      route(E.tables, ({ query }, ctx) => links.tables(ctx, query.id, query.name)),
      route(E.columns, ({ query }, ctx) => links.columns(ctx, query.id, query.table)),
      route(E.tree, ({ params }, ctx) => links.tree(ctx, params.id)),
      route(E.rows, ({ params, query }, ctx) => links.rows(ctx, params.id, query)),
      route(E.drafts, ({ query }, { tx }) => design.drafts(tx, query.linkId)),
      route(E.draftDetail, ({ params }, { tx }) => design.draft(tx, params.id)),
      route(E.draftSubmit, ({ body }, ctx) => design.submitDraft(ctx, body)),
      route(E.draftRemove, async ({ query }, ctx) => ({ removed: await design.removeDrafts(ctx, query.ids) })),
      route(E.validateTable, ({ body }, ctx) => design.plan(ctx, body.draftId)),
      route(E.release, ({ body }, ctx) => design.release(ctx, body.draftId)),
      route(E.validateTableName, ({ query }, ctx) => design.checkTableName(ctx, query.id, query.name)),
      route(E.fields, ({ query }, ctx) => design.existingFields(ctx, query.id, query.table)),
      route(E.fieldList, (_, { tx }) => design.fields(tx)),
      route(E.fieldSubmit, ({ body }, ctx) => design.submitField(ctx, body)),
      route(E.fieldRemove, async ({ query }, ctx) => ({ removed: await design.removeFields(ctx, query.ids) })),
    ];
  },
  background: (deps) => {
    const links = databaseLinksOf(deps);
    return () => void links.close();
  },
  menus: [
    {
      parent: MENU_FOLDERS.data,
      code: P.view,
      name: '数据库连接',
      path: '/data/databaseLink',
      source: 'DatabaseOutlined',
      i18n: 'databaselinks',
      sort: 10,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.browse, name: '连接与浏览', category: 2, i18n: 'browse' },
        { code: P.design, name: '设计与发布表', category: 2, i18n: 'designTables' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_database_link_name', message: 'databaselinks.nameExists', params: { name: 'name' } }],
  sweep: sweepFixture,
});
