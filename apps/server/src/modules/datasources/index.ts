import { DATA_SOURCE_ENDPOINTS as E, DATA_SOURCE_PERMISSIONS as P } from '@macro/contract/datasources';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { defineModule, type ModuleDeps, route, type SweepClient } from '../../platform/module.ts';
import { usesOf } from '../../platform/references.ts';
import { databaseLinksOf } from '../databaselinks/public.ts';
import { DATA_SOURCE_RESOURCE, dataSourceService } from './service.ts';
import { dataSources } from './tables.ts';

/** Sweep data: a data source on a link to this machine's PostgreSQL (127.0.0.1:5432), named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'DataSourceSweepMarker';
  const link = await owner.post('/api/database-links', {
    name: `${marker}Link`,
    kind: 'postgresql',
    host: '127.0.0.1',
    port: 5432,
    database: 'postgres',
    username: 'postgres',
  });
  if (link.statusCode !== 200) throw new Error(`sweep fixture: ${link.body}`);
  const linkId = (link.json() as { data: { id: number } }).data.id;
  // Its query is checked on the linked database when kept: the sweep needs this machine's PostgreSQL.
  const source = await owner.post(`/api${E.submit.path}`, { name: marker, linkId, sql: 'select 1 as one' });
  if (source.statusCode !== 200) throw new Error(`sweep fixture: ${source.body}`);
  const id = (source.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), ids: String(id), name: marker, column: 'one', params: '{}' },
    body: { id, name: 'stolen', linkId, sql: 'select 1 as one' },
    snapshot: async () => (await owner.get(`/api/data-sources/${id}`)).body,
  };
}

/** The data sources service of a server (the links' pools are the server's own). */
export const dataSourcesOf = (deps: Pick<ModuleDeps, 'config'>) => dataSourceService(databaseLinksOf(deps));

export const module = defineModule({
  name: 'datasources',
  uses: ['databaselinks'],
  after: ['databaselinks'],
  tables: [dataSources],
  routes: (deps) => {
    const sources = dataSourcesOf(deps);
    const uses = usesOf(deps, DATA_SOURCE_RESOURCE);
    return [
      route(E.all, (_, { tx }) => sources.all(tx)),
      route(E.page, ({ query }, { tx }) => sources.list(tx, query)),
      route(E.detail, ({ params }, { tx }) => sources.detail(tx, params.id)),
      route(E.submit, ({ body }, ctx) => sources.submit(ctx, body)),
      route(E.remove, async ({ query }, ctx) => ({ removed: await sources.remove(ctx, query.ids, uses) })),
      route(E.preview, ({ body }, ctx) => sources.preview(ctx, body)),
      route(E.fields, ({ params }, ctx) => sources.fields(ctx, params.id)),
      route(E.data, ({ params, query }, ctx) => sources.data(ctx, params.id, query)),
      route(E.tree, ({ params, query }, ctx) => sources.tree(ctx, params.id, query.params)),
      route(E.columnValues, ({ params, query }, ctx) => sources.columnValues(ctx, params.id, params.column, query.params)),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.data,
      code: P.view,
      name: '数据源',
      path: '/data/dataSource',
      source: 'TableOutlined',
      i18n: 'datasources',
      sort: 20,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_data_source_name', message: 'datasources.nameExists', params: { name: 'name' } },
    { constraint: 'macro_data_source_link', message: 'datasources.linkInUse' },
  ],
  sweep: sweepFixture,
});
