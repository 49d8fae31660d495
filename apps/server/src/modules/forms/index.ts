import {
  ANNEX_ENDPOINTS as A,
  FORM_BINDING_ENDPOINTS as B,
  FORM_PERMISSIONS as P,
  FORM_RELATION_ENDPOINTS as R,
  FORM_SCHEME_ENDPOINTS as E,
  type FormSchemeInput,
} from '@macro/contract/forms';
import { defineModule, route, type SweepClient, uploadOf } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import {
  bindableForms,
  bindFields,
  createInstance,
  createRelation,
  createScheme,
  listInstances,
  listRelations,
  listSchemes,
  removeRelation,
  removeScheme,
  resolveForm,
  schemeHistory,
  schemeInfo,
  schemeVersion,
  schemeWithDocument,
  setDefault,
  setEnabled,
  systemForm,
  systemForms,
  updateInstance,
  updateRelation,
  updateScheme,
} from './service.ts';
import { annexBytes, annexInfo, removeAnnex, uploadAnnex } from './annexes.ts';
import { DATA_SOURCE_RESOURCE, dataSourcesOf } from '../datasources/public.ts';
import { fieldOptions, fieldsUsingDataSources } from './dataSourceOptions.ts';
import { fieldsUsingCodeRules } from './autoNumbers.ts';
import { CODE_RULE_RESOURCE } from '../coderules/public.ts';
import { localFileStore } from '../files/public.ts';
import { formAnnexes, formInstances, formRelations, formSchemes, formSchemeVersions } from './tables.ts';

/** A one-field form, for fixtures. */
export const sampleForm = (code: string, name = code): FormSchemeInput => ({
  code,
  name,
  document: { schema: { type: 'object', properties: { note: { type: 'string', title: name, maxLength: 100 } }, required: ['note'] }, uiSchema: {} },
});

/** Sweep data: a scheme with one record filled in, named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'FormSweepMarker';
  const response = await owner.post(`/api${E.create.path}`, sampleForm(marker));
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  const record = await owner.post(`/api/form-scheme/${id}/instance-form-list`, { data: { note: marker } });
  if (record.statusCode !== 200) throw new Error(`sweep fixture: ${record.body}`);
  const key = (record.json() as { data: { primaryKey: string } }).data.primaryKey;
  return {
    marker,
    query: { id: String(id), F_FormId: String(id), primaryKey: key, code: marker, name: marker, v: '1', key, field: 'note' },
    body: { ...sampleForm('stolen'), data: { note: 'stolen' }, schemeId: id, columns: ['note'] },
    snapshot: async () => (await owner.get(`/api${E.page.path}?name=${marker}`)).body,
  };
}

export const module = defineModule({
  name: 'forms',
  uses: ['coderules', 'datasources', 'dict', 'files', 'users'],
  after: ['users', 'dict', 'files'],
  tables: [formSchemes, formSchemeVersions, formInstances, formRelations, formAnnexes],
  // A choice's options may come from a data source: it stays while a form's field names it.
  references: [
    { resource: DATA_SOURCE_RESOURCE, usesOf: fieldsUsingDataSources },
    { resource: CODE_RULE_RESOURCE, usesOf: fieldsUsingCodeRules },
  ],
  routes: ({ config }) => {
    const store = localFileStore(config.filesDir);
    const sources = dataSourcesOf({ config });
    return [
      route(E.page, ({ query }, { tx }) => listSchemes(tx, query)),
      route(E.formInfo, ({ params }, { tx }) => schemeWithDocument(tx, params.id)),
      route(E.create, ({ body }, ctx) => createScheme(ctx, sources, body)),
      route(E.update, ({ params, body }, ctx) => updateScheme(ctx, sources, params.id, body)),
      route(E.createCustomTable, ({ body }, ctx) => createScheme(ctx, sources, body)),
      route(E.updateCustomTable, ({ params, body }, ctx) => updateScheme(ctx, sources, params.id, body)),
      route(E.remove, async ({ params }, ctx) => ({ removed: await removeScheme(ctx, params.id) })),
      route(E.setEnable, ({ params }, ctx) => setEnabled(ctx, params.id, params.v)),
      route(E.setDefault, ({ params }, ctx) => setDefault(ctx, params.id, params.v)),
      route(E.history, ({ params }, { tx }) => schemeHistory(tx, params.id)),
      route(E.info, ({ params }, { tx }) => schemeInfo(tx, params.id)),
      route(E.bySchemeId, ({ params, query }, { tx }) => schemeVersion(tx, params.id, query.version)),
      route(E.fieldOptions, async ({ params, query }, ctx) =>
        fieldOptions(ctx, sources, (await schemeVersion(ctx.tx, params.id, query.version)).document, params.field),
      ),
      route(E.bindFields, ({ query }, { tx }) => bindFields(tx, query.code)),
      route(E.byKey, ({ query }, { tx }) => resolveForm(tx, query.code)),
      route(E.createInstance, ({ params, body }, ctx) => createInstance(ctx, sources, params.id, body.data)),
      route(E.updateInstance, ({ params, body }, ctx) => updateInstance(ctx, sources, params.id, params.key, body.data)),
      route(E.instances, ({ query }, { tx }) => listInstances(tx, query)),
      route(R.page, ({ query }, { tx }) => listRelations(tx, query)),
      route(R.create, ({ body }, ctx) => createRelation(ctx, body)),
      route(R.update, ({ params, body }, ctx) => updateRelation(ctx, params.id, body)),
      route(R.remove, async ({ params }, ctx) => ({ removed: await removeRelation(ctx, params.id) })),
      route(B.bindable, ({ query }, { tx }) => bindableForms(tx, query.F_Type)),
      route(B.bindableInfo, ({ params }, { tx }) => schemeWithDocument(tx, params.id)),
      route(B.systemForms, async ({ query }) => systemForms(query.F_Type)),
      route(B.systemForm, async ({ params }) => systemForm(params.id)),
      route(A.upload, (_, ctx) => uploadAnnex(ctx, store, uploadOf(ctx))),
      route(A.url, ({ params }, { tx }) => annexInfo(tx, params.id)),
      route(A.content, async ({ params }, { tx, reply }) => {
        const { file, bytes } = await annexBytes(tx, store, params.id);
        // Always a download with the type we stored, never rendered or sniffed as something else.
        reply
          .type(file.mimeType)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache');
        return reply.send(bytes) as never;
      }),
      route(A.remove, async ({ params }, ctx) => ({ removed: await removeAnnex(ctx, params.id) })),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.workflow,
      code: P.view,
      name: '表单设计',
      path: '/workflow/forms',
      source: 'FormOutlined',
      i18n: 'forms',
      sort: 4,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_form_scheme_code', message: 'forms.codeExists', params: { code: 'code' } },
    { constraint: 'macro_form_scheme_table', message: 'forms.tableExists', params: { table: 'tableName' } },
  ],
  sweep: sweepFixture,
});
