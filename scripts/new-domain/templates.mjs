// The files `npm run new:domain` writes (scripts/new-domain.mjs): a flat list or a tree of records
// with a code, a name, a sort order and a remark, in this project's layout and kit.

const pascal = (word) => word[0].toUpperCase() + word.slice(1);
const snake = (word) => word.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const kebab = (word) => word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Picks the tree's or the flat list's variant of a piece. */
const pick = (tree, forTree, forFlat = '') => (tree ? forTree : forFlat);

/**
 * @param {{ name: string, one: string, tree: boolean, labels: { zh: string, en: string, ja: string } }} domain
 * @returns {Record<string, string>} path → content
 */
export function domainFiles({ name, one, tree, labels }) {
  const One = pascal(one);
  const ONE = snake(one).toUpperCase();
  const table = `macro_${snake(one)}`;
  const testId = kebab(one);
  const E = `${ONE}_ENDPOINTS`;
  const P = `${ONE}_PERMISSIONS`;
  const base = `/macro-system/${kebab(name)}`;
  const menuPath = `/controller/${kebab(name)}`;
  const t = (value) => (tree ? value : '');

  const contract = `packages/contract/src/${name}`;
  const server = `apps/server/src/modules/${name}`;
  const web = `apps/web/src/features/${name}`;

  const files = {};

  files[`${contract}/permissions.ts`] = `/** Codes of the ${name} screen and its buttons. */
export const ${P} = {
  view: '${one}:view',
  add: '${one}:add',
  edit: '${one}:edit',
  delete: '${one}:delete',
} as const;
`;

  files[`${contract}/schemas.ts`] = `import { z } from 'zod';
import { id, idList, idParam, ${pick(tree, '', 'pageQuery, ')}${pick(tree, 'parentId, ')} } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
${t(`
/** The parent of a top-level ${one}. */
export const ${ONE}_ROOT = 0;
`)}
/** A ${one} of a tenant; its code and its name are each unique in the tenant. */
export const ${one} = z
  .object({
    id: z.number(),
${t('    parentId: z.number(),\n')}    code: z.string(),
    name: z.string(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: '${One}' });
export type ${One} = z.infer<typeof ${one}>;
${t(`
/** A ${one} with the ${name} below it. */
export interface ${One}Node extends ${One} {
  children: ${One}Node[];
}
export const ${one}Node: z.ZodType<${One}Node> = ${one}
  .extend({
    get children() {
      return z.array(${one}Node);
    },
  })
  .meta({ id: '${One}Node' });
`)}
/** Creates a ${one} (no id) or updates one. */
export const ${one}Submit = z.object({
  id: id.optional(),
${t(`  parentId: parentId.default(${ONE}_ROOT),\n`)}  code: requiredText('short', '${name}.codeRequired'),
  name: requiredText('standard', '${name}.nameRequired'),
  sort: z
    .number({ message: '${name}.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
});
export type ${One}Submit = z.input<typeof ${one}Submit>;

export const ${one}Search = z.object({ code: searchText, name: searchText });
export const ${one}ListQuery = ${pick(tree, `${one}Search`, `pageQuery.extend(${one}Search.shape)`)};
export const ${one}DetailQuery = z.object({ id: idParam });
export const ${one}RemoveQuery = z.object({ ids: idList });
export const ${one}Removed = z.object({ removed: z.number().int() });
`;

  files[`${contract}/endpoints.ts`] = `${pick(tree, "import { z } from 'zod';\n")}import { defineEndpoint } from '../endpoint.ts';
${pick(tree, '', "import { pageOf } from '../envelope.ts';\n")}import { ${P} as P } from './permissions.ts';
import { ${one}, ${one}DetailQuery, ${one}ListQuery, ${pick(tree, `${one}Node, `)}${one}Removed, ${one}RemoveQuery, ${one}Submit } from './schemas.ts';

const BASE = '${base}';
const tag = '${name}';

export const ${E} = {
  list: defineEndpoint({
    operationId: '${name}.list',
    method: 'GET',
    path: \`\${BASE}/list\`,
    tag,
    summary: 'List ${name}',
    description: ${pick(
      tree,
      `'Every ${one} of the tenant as a tree, siblings ordered by sort then id; with \`code\` or \`name\` (substrings, case-insensitive) only the matches, each under its nearest matching ancestor.'`,
      `'A page of ${name} filtered by code and name (substrings, case-insensitive), ordered by sort then id.'`,
    )},
    access: P.view,
    query: ${one}ListQuery,
    response: ${pick(tree, `z.array(${one}Node)`, `pageOf(${one})`)},
  }),
  detail: defineEndpoint({
    operationId: '${name}.detail',
    method: 'GET',
    path: \`\${BASE}/detail\`,
    tag,
    summary: 'Read one ${one}',
    description: 'One ${one} by id.',
    access: P.view,
    query: ${one}DetailQuery,
    response: ${one},
    failures: [404],
  }),
  submit: defineEndpoint({
    operationId: '${name}.submit',
    method: 'POST',
    path: \`\${BASE}/submit\`,
    tag,
    summary: 'Create or update a ${one}',
    description: 'Creates a ${one} (no id; needs ${one}:add) or updates one (with id; needs ${one}:edit). Code and name are each unique in the tenant.${pick(tree, ' The parent exists, and is neither the ' + one + ' itself nor one below it (422).')}',
    access: { create: P.add, update: P.edit },
    body: ${one}Submit,
    response: ${one},
    failures: [404, 409${pick(tree, ', 422')}],
  }),
  remove: defineEndpoint({
    operationId: '${name}.remove',
    method: 'POST',
    path: \`\${BASE}/remove\`,
    tag,
    summary: 'Remove ${name}',
    description: 'Removes the ${name} \`ids\` (comma-separated), all or none.${pick(tree, ' A ' + one + ' with one below it that is not removed too is refused (422).')}',
    access: P.delete,
    query: ${one}RemoveQuery,
    response: ${one}Removed,
    failures: [404${pick(tree, ', 422')}],
  }),
};
`;

  files[`${contract}/index.ts`] = `export * from './endpoints.ts';
export * from './permissions.ts';
export * from './schemas.ts';
`;

  const messages = {
    zh: {
      codeRequired: '请输入编号',
      nameRequired: '请输入名称',
      sortRequired: '请输入排序',
      notFound: `${labels.zh}不存在`,
      codeExists: '编号「{{code}}」已存在',
      nameExists: '名称「{{name}}」已存在',
      ...(tree ? { parentNotFound: '上级不存在', parentCycle: '上级不能是自己或自己的下级', hasChildren: '「{{name}}」下还有下级，请先删除下级' } : {}),
    },
    en: {
      codeRequired: 'Please enter the code',
      nameRequired: 'Please enter the name',
      sortRequired: 'Please enter the sort order',
      notFound: `The ${one} does not exist`,
      codeExists: 'Code "{{code}}" already exists',
      nameExists: 'Name "{{name}}" already exists',
      ...(tree
        ? {
            parentNotFound: 'The parent does not exist',
            parentCycle: 'The parent cannot be itself or one below it',
            hasChildren: '"{{name}}" still has entries below it: remove those first',
          }
        : {}),
    },
    ja: {
      codeRequired: 'コードを入力してください',
      nameRequired: '名称を入力してください',
      sortRequired: '並び順を入力してください',
      notFound: `${labels.ja}が存在しません`,
      codeExists: 'コード「{{code}}」は既に存在します',
      nameExists: '名称「{{name}}」は既に存在します',
      ...(tree
        ? {
            parentNotFound: '上位が存在しません',
            parentCycle: '上位に自分自身やその配下は指定できません',
            hasChildren: '「{{name}}」の下にまだ項目があります。先に削除してください',
          }
        : {}),
    },
  };
  for (const [language, table] of Object.entries(messages)) files[`${contract}/messages/${language}.json`] = `${JSON.stringify(table, null, 2)}\n`;

  // Server.
  files[`${server}/tables.ts`] = `import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export const ${name} = tenantTable(
  '${table}',
  {
    id: idColumn(),
${t("    parentId: integer('parent_id').notNull().default(0),\n")}    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    // Two concurrent submits cannot both slip past the service's own checks.
    uniqueIndex('${table}_code').on(t.tenantId, t.code),
    uniqueIndex('${table}_name').on(t.tenantId, t.name),
    // Lists are ordered by sort then id: a page reads only its rows.
    index('${table}_list').on(t.tenantId, t.sort, t.id),
${t(`    // What keeps a ${one} from being removed: the ones below it.\n    index('${table}_parent').on(t.tenantId, t.parentId),\n`)}  ],
);
`;

  files[`${server}/service.ts`] =
    `${pick(tree, '', "import type { Page, PageQuery } from '@macro/contract';\n")}import { ${pick(tree, `${ONE}_ROOT, type ${One}Node, `)}type ${One}, type ${one}Submit } from '@macro/contract/${name}';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
${pick(tree, "import { unprocessable } from '../../platform/errors.ts';\n")}import { containing${pick(tree, '', ', listPage')} } from '../../platform/list.ts';
import { iso } from '../../platform/time.ts';
${pick(tree, "import { buildTree, childLeftBehind, placeInTree, type TreeTable } from '../../platform/tree.ts';\n")}import { ${name} } from './tables.ts';

export type ${One}Input = z.output<typeof ${one}Submit>;
export interface ${One}Search {
  code?: string;
  name?: string;
}

const RESOURCE = '${one}';
const NOT_FOUND = { message: '${name}.notFound' };
const COLUMNS = sql\`t.id, ${pick(tree, 't.parent_id, ')}t.code, t.name, t.sort, t.remark, t.created_at, t.updated_at\`;
${t(`const TREE: TreeTable<typeof ${name}> = { table: ${name}, root: ${ONE}_ROOT };
`)}
function to${One}(row: Record<string, unknown>): ${One} {
  return {
    id: Number(row.id),
${t('    parentId: Number(row.parent_id),\n')}    code: String(row.code),
    name: String(row.name),
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: typeof ${name}.$inferSelect): ${One} =>
  to${One}({ ...row, ${pick(tree, 'parent_id: row.parentId, ')}created_at: row.createdAt, updated_at: row.updatedAt });

function matching(search: ${One}Search): SQL {
  const parts = [
    search.code ? sql\`t.code ilike \${containing(search.code)}\` : undefined,
    search.name ? sql\`t.name ilike \${containing(search.name)}\` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? sql.join(parts, sql\` and \`) : sql\`true\`;
}
${pick(
  tree,
  `
/** The tenant's ${name} as a tree; a match whose parent does not match stands at the top. */
export async function ${one}Tree(tx: Tx, search: ${One}Search): Promise<${One}Node[]> {
  const rows = rowsOf(await tx.execute(sql\`select \${COLUMNS} from \${${name}} t where \${matching(search)} order by t.sort, t.id\`));
  return buildTree(rows.map(to${One}), (record): ${One}Node => ({ ...record, children: [] }), { id: (r) => r.id, parentId: (r) => r.parentId });
}
`,
  `
export function list${pascal(name)}(tx: Tx, query: PageQuery & ${One}Search): Promise<Page<${One}>> {
  return listPage(tx, { table: sql\`\${${name}}\`, where: matching(query), order: ['sort', 'id'], columns: COLUMNS, toRecord: to${One} }, query);
}
`,
)}
export async function ${one}Detail(tx: Tx, id: number): Promise<${One}> {
  return fromRow(await findOr404(tx, ${name}, id, NOT_FOUND));
}

/** The ${name} with these ids that exist in the tenant, by name (other modules show them with it). */
export async function ${one}Names(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql\`select t.id, t.name from \${${name}} t where t.id in (\${sql.join(
      ids.map((id) => sql\`\${id}\`),
      sql\`, \`,
    )})\`),
  );
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
}

/** Creates (no id) or updates a ${one}; code and name stay unique in the tenant${pick(tree, ', and the tree a tree')}. */
export async function submit${One}(ctx: Ctx, input: ${One}Input): Promise<${One}> {
  const { tx } = ctx;
${t(`  await placeInTree(tx, TREE, input, { parentNotFound: () => unprocessable('${name}.parentNotFound'), cycle: () => unprocessable('${name}.parentCycle') });
`)}  await assertUnique(tx, ${name}, eq(${name}.code, input.code), { exceptId: input.id, message: '${name}.codeExists', params: { code: input.code } });
  await assertUnique(tx, ${name}, eq(${name}.name, input.name), { exceptId: input.id, message: '${name}.nameExists', params: { name: input.name } });
  const values = { ${pick(tree, 'parentId: input.parentId, ')}code: input.code, name: input.name, sort: input.sort, remark: input.remark };
  if (input.id === undefined) return fromRow(await auditedInsert(ctx, ${name}, RESOURCE, values));
  const before = await findOr404(tx, ${name}, input.id, { lock: true, ...NOT_FOUND });
  return fromRow(await auditedUpdate(ctx, ${name}, RESOURCE, before, { ...values, updatedAt: new Date() }));
}

/** Removes ${name}, all or none${pick(tree, '; one with another below it that stays is refused')}. */
export async function remove${pascal(name)}(ctx: Ctx, ids: number[]): Promise<number> {
  const doomed = await lockAll(ctx.tx, ${name}, ids, NOT_FOUND);
${t(`  const below = await childLeftBehind(ctx.tx, TREE, ids);
  if (below) throw unprocessable('${name}.hasChildren', { name: doomed.find((row) => row.id === below.parentId)!.name });
`)}  return auditedDelete(ctx, ${name}, RESOURCE, doomed);
}
`;

  files[`${server}/public.ts`] = `/** What other modules may use of ${name}: everything else in this folder is its own. */
export { ${one}Names } from './service.ts';
export { ${name} } from './tables.ts';
`;

  files[`${server}/index.ts`] = `import { ${E} as E, ${P} as P } from '@macro/contract/${name}';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { ${one}Detail, ${pick(tree, `${one}Tree`, `list${pascal(name)}`)}, remove${pascal(name)}, submit${One} } from './service.ts';
import { ${name} } from './tables.ts';

/** Sweep data: a ${one} named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = '${One}SweepMarker';
  const response = await owner.post(\`/api\${E.submit.path}\`, { code: marker, name: marker });
  if (response.statusCode !== 200) throw new Error(\`sweep fixture: \${response.body}\`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), ids: String(id), code: marker, name: marker },
    // Points at the owner's ${one} without carrying the marker: a create call echoes what it is given.
    body: { id, ${pick(tree, 'parentId: id, ')}code: 'stolen', name: 'stolen' },
    snapshot: async () => (await owner.get(\`/api\${E.detail.path}?id=\${id}\`)).body,
  };
}

export const module = defineModule({
  name: '${name}',
  uses: [],
  tables: [${name}],
  routes: () => [
    route(E.list, ({ query }, { tx }) => ${pick(tree, `${one}Tree`, `list${pascal(name)}`)}(tx, query)),
    route(E.detail, ({ query }, { tx }) => ${one}Detail(tx, query.id)),
    route(E.submit, ({ body }, ctx) => submit${One}(ctx, body)),
    route(E.remove, async ({ query }, ctx) => ({ removed: await remove${pascal(name)}(ctx, query.ids) })),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: ${JSON.stringify(labels.zh)},
      path: '${menuPath}',
      source: '${tree ? 'ApartmentOutlined' : 'AppstoreOutlined'}',
      i18n: '${name}',
      sort: 90,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: '${table}_code', message: '${name}.codeExists', params: { code: 'code' } },
    { constraint: '${table}_name', message: '${name}.nameExists', params: { name: 'name' } },
  ],
  sweep: sweepFixture,
});
`;

  files[`${server}/${name}.test.ts`] = serverTest({ name, one, tree, base, labels });

  // Console.
  files[`${web}/index.ts`] = `import { ${P} } from '@macro/contract/${name}';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const ${ONE}_MENU_PATH = '${menuPath}';

export const feature: FeatureDescriptor = {
  pages: { [${ONE}_MENU_PATH]: lazy(() => import('./${One}Page').then((m) => ({ default: m.${One}Page }))) },
  permissions: Object.values(${P}),
};
`;

  files[`${web}/api.ts`] = `import { ${E} as E, type ${One} } from '@macro/contract/${name}';
import { useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The ${name} screen's calls, made from the contract's endpoints. */

const lists = [E.list];
const detailInput = (id: number) => ({ query: { id } });

export const use${One}Detail = (id: number | undefined) => useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });
${t(`
/** The whole tree, for the parent picker. */
export const use${One}Tree = () => useEndpointQuery(E.list, { query: {} });
`)}
export const useSubmit${One} = () => useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists });

export function useRemove${pascal(name)}() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (record: ${One}) => record.name,
    messages: { one: '${name}:remove.one', many: '${name}:remove.many' },
    lists,
    testId: '${testId}-remove-confirm',
  });
}
`;

  files[`${web}/${One}Dialog.tsx`] = webDialog({ name, one, One, ONE, tree, testId });
  files[`${web}/${One}Page.tsx`] = webPage({ name, One, E, P, tree, testId });
  files[`${web}/${One}Page.test.tsx`] = webTest({ name, one, One, tree, testId, base });

  const strings = {
    zh: {
      title: labels.zh,
      field: { code: '编号', name: '名称', sort: '排序', remark: '备注', ...(tree ? { parent: '上级' } : {}) },
      search: { codePlaceholder: '请输入编号', namePlaceholder: '请输入名称' },
      form: { codePlaceholder: '请输入编号', namePlaceholder: '请输入名称', remarkPlaceholder: '请输入备注' },
      dialog: { create: `新增${labels.zh}`, edit: `编辑${labels.zh}`, view: `查看${labels.zh}` },
      remove: { one: '确定永久删除「{{name}}」吗？', many: '确定永久删除选中的 {{count}} 项吗？' },
      ...(tree ? { action: { addChild: '新增下级' } } : {}),
    },
    en: {
      title: labels.en,
      field: { code: 'Code', name: 'Name', sort: 'Sort order', remark: 'Remark', ...(tree ? { parent: 'Parent' } : {}) },
      search: { codePlaceholder: 'Enter a code', namePlaceholder: 'Enter a name' },
      form: { codePlaceholder: 'Enter the code', namePlaceholder: 'Enter the name', remarkPlaceholder: 'Enter a remark' },
      dialog: { create: `Add ${one}`, edit: `Edit ${one}`, view: `View ${one}` },
      remove: { one: 'Permanently delete “{{name}}”?', many: 'Permanently delete the {{count}} selected entries?' },
      ...(tree ? { action: { addChild: 'Add below' } } : {}),
    },
    ja: {
      title: labels.ja,
      field: { code: 'コード', name: '名称', sort: '並び順', remark: '備考', ...(tree ? { parent: '上位' } : {}) },
      search: { codePlaceholder: 'コードを入力', namePlaceholder: '名称を入力' },
      form: { codePlaceholder: 'コードを入力してください', namePlaceholder: '名称を入力してください', remarkPlaceholder: '備考を入力してください' },
      dialog: { create: `${labels.ja}を追加`, edit: `${labels.ja}を編集`, view: `${labels.ja}を表示` },
      remove: { one: '「{{name}}」を完全に削除しますか？', many: '選択した {{count}} 件を完全に削除しますか？' },
      ...(tree ? { action: { addChild: '下位を追加' } } : {}),
    },
  };
  for (const [language, table] of Object.entries(strings)) files[`apps/web/src/i18n/${language}/${name}.json`] = `${JSON.stringify(table, null, 2)}\n`;

  files[`e2e/${name}.spec.ts`] = e2eSpec({ name, tree, testId, menuPath });
  return files;
}

function serverTest({ name, one, tree, base, labels }) {
  return `import { ${one}${tree ? `, ${one}Node` : ''} } from '@macro/contract/${name}';
import { afterAll, beforeAll, ${tree ? 'describe, ' : ''}expect, it } from 'vitest';
${tree ? "import { z } from 'zod';\n" : ''}import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, OTHER_TENANT, signIn, startServer, type TestServer } from '../../test/helper.ts';

const BASE = '/api${base}';

describeDb(\`${name} (\${dbLabel})\`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    server = await startServer();
    const token = (await signIn(server)).access_token;
    admin = as(server, token);
    adminEn = as(server, token, 'en');
    other = as(server, (await signIn(server, OTHER_TENANT)).access_token);
  });
  afterAll(() => server.close());

  const create = async (client: Client, code: string, name: string, extra = {}) => expectOk(await client.post(\`\${BASE}/submit\`, { code, name, ...extra }), ${one});

  it('creates, reads, finds, updates and removes a ${one}', async () => {
    const created = await create(admin, 'c-1', '甲', { sort: 7, remark: '备注' });
    expect(created).toMatchObject({ code: 'c-1', name: '甲', sort: 7, remark: '备注' });
    expect(expectOk(await admin.get(\`\${BASE}/detail?id=\${created.id}\`), ${one}).name).toBe('甲');
    const updated = await create(admin, 'c-1', '甲二', { id: created.id });
    expect(updated.name).toBe('甲二');
${
  tree
    ? `    const found = expectOk(await admin.get(\`\${BASE}/list?name=\${encodeURIComponent('甲二')}\`), z.array(${one}Node));
    expect(found.map((node) => node.id)).toEqual([created.id]);`
    : `    const found = (await admin.get(\`\${BASE}/list?name=\${encodeURIComponent('甲二')}\`)).json().data;
    expect(found.records.map((record: { id: number }) => record.id)).toEqual([created.id]);
    expect((await admin.get(\`\${BASE}/list?code=zzz-none\`)).json().data.records).toEqual([]);`
}
    expect((await admin.post(\`\${BASE}/remove?ids=\${created.id}\`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(\`\${BASE}/detail?id=\${created.id}\`), 404, ${JSON.stringify(`${labels.zh}不存在`)});
  });

  it('keeps code and name unique in a tenant, in the reader\\'s language, but not across tenants', async () => {
    await create(admin, 'uniq', '唯一');
    expectFailure(await admin.post(\`\${BASE}/submit\`, { code: 'uniq', name: 'x' }), 409, '编号「uniq」已存在');
    expectFailure(await adminEn.post(\`\${BASE}/submit\`, { code: 'other', name: '唯一' }), 409, 'Name "唯一" already exists');
    await create(other, 'uniq', '唯一');
  });

  it('refuses missing, over-long and ill-typed fields with a message, and writes nothing', async () => {
    expectFailure(await admin.post(\`\${BASE}/submit\`, { name: 'a' }), 400, '请输入编号');
    expectFailure(await adminEn.post(\`\${BASE}/submit\`, { code: 'a', name: '  ' }), 400, 'Please enter the name');
    expectFailure(await admin.post(\`\${BASE}/submit\`, { code: 'a', name: '名'.repeat(51) }), 400, '不能超过100个字符');
    expectFailure(await admin.post(\`\${BASE}/submit\`, { id: '1', code: 'a', name: 'b' }), 400);
    expectFailure(await admin.get(\`\${BASE}/detail?id=abc\`), 400);
    expect(JSON.stringify((await admin.get(\`\${BASE}/list?code=a\`)).json().data)).not.toContain('"code":"a"');
  });

  it('another tenant can neither read, change nor remove a ${one}', async () => {
    const mine = await create(admin, 'private', '私有');
    expectFailure(await other.get(\`\${BASE}/detail?id=\${mine.id}\`), 404);
    expectFailure(await other.post(\`\${BASE}/submit\`, { id: mine.id, code: 'stolen', name: 'stolen' }), 404);
    expectFailure(await other.post(\`\${BASE}/remove?ids=\${mine.id}\`), 404);
    expect(expectOk(await admin.get(\`\${BASE}/detail?id=\${mine.id}\`), ${one}).name).toBe('私有');
  });

  it('a concurrent duplicate loses with the domain message, not a database error', async () => {
    const results = await Promise.all([1, 2, 3].map(() => admin.post(\`\${BASE}/submit\`, { code: 'race', name: 'race' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectFailure(r, 409, /已存在/);
  });
${
  tree
    ? `
  describe('as a tree', () => {
    it('nests ${name}, refuses a parent below itself, and keeps a parent while it has children', async () => {
      const top = await create(admin, 't-top', '顶');
      const middle = await create(admin, 't-mid', '中', { parentId: top.id });
      const leaf = await create(admin, 't-leaf', '叶', { parentId: middle.id });
      const tree = expectOk(await admin.get(\`\${BASE}/list?code=t-\`), z.array(${one}Node));
      expect(tree.map((node) => node.id)).toEqual([top.id]);
      expect(tree[0].children[0].children.map((node) => node.id)).toEqual([leaf.id]);

      expectFailure(await admin.post(\`\${BASE}/submit\`, { id: top.id, code: 't-top', name: '顶', parentId: leaf.id }), 422, '上级不能是自己或自己的下级');
      expectFailure(await admin.post(\`\${BASE}/submit\`, { id: top.id, code: 't-top', name: '顶', parentId: top.id }), 422);
      expectFailure(await adminEn.post(\`\${BASE}/submit\`, { code: 't-x', name: 'x', parentId: 999999 }), 422, 'The parent does not exist');
      expectFailure(await admin.post(\`\${BASE}/remove?ids=\${middle.id}\`), 422, /「中」下还有下级/);
      expect((await admin.post(\`\${BASE}/remove?ids=\${middle.id},\${leaf.id}\`)).json().data).toEqual({ removed: 2 });
    });

    it('another tenant cannot hang a ${one} under one of ours', async () => {
      const mine = await create(admin, 't-mine', '我的');
      expectFailure(await other.post(\`\${BASE}/submit\`, { code: 'theirs', name: 'theirs', parentId: mine.id }), 422);
    });

    it('two opposite moves at once leave no cycle', async () => {
      const a = await create(admin, 't-a', 'A');
      const b = await create(admin, 't-b', 'B');
      const moves = await Promise.all([
        admin.post(\`\${BASE}/submit\`, { id: a.id, code: 't-a', name: 'A', parentId: b.id }),
        admin.post(\`\${BASE}/submit\`, { id: b.id, code: 't-b', name: 'B', parentId: a.id }),
      ]);
      expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    });
  });
`
    : ''
}});
`;
}

function webDialog({ name, one, One, ONE, tree, testId }) {
  return `import { ${tree ? `${ONE}_ROOT, type ${One}Node, ` : ''}type ${One}, ${one}Submit } from '@macro/contract/${name}';
${tree ? "import { TreeSelect } from 'antd';\n" : ''}import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { use${One}Detail, ${tree ? `use${One}Tree, ` : ''}useSubmit${One} } from './api';

export interface ${One}DialogState {
  mode: FormMode;
  record?: ${One};
${tree ? `  /** For a new ${one} below another: that one. */\n  parent?: Pick<${One}, 'id' | 'name'>;\n` : ''}}

interface ${One}FormValues {
${tree ? '  parentId?: number;\n' : ''}  code: string;
  name: string;
  sort?: number;
  remark: string;
}

const EMPTY: ${One}FormValues = { code: '', name: '', sort: 1, remark: '' };
const valuesOf = (record?: ${One}): ${One}FormValues =>
  record ? { ${tree ? 'parentId: record.parentId || undefined, ' : ''}code: record.code, name: record.name, sort: record.sort, remark: record.remark } : EMPTY;
${
  tree
    ? `
interface ParentOption {
  title: string;
  value: number;
  children: ParentOption[];
}

/** The tree as the parent picker offers it: never the ${one} itself nor one below it. */
function parentOptions(nodes: readonly ${One}Node[], except?: number): ParentOption[] {
  return nodes.filter((node) => node.id !== except).map((node) => ({ title: node.name, value: node.id, children: parentOptions(node.children, except) }));
}

function ParentPicker({ except, id, value, onChange, disabled, testId }: { except?: number; id?: string; value?: number; onChange?: (value: number | undefined) => void; disabled: boolean; testId: string }) {
  const tree = use${One}Tree();
  const options = useMemo(() => parentOptions(tree.data ?? [], except), [tree.data, except]);
  return <TreeSelect id={id} value={value} onChange={onChange} treeData={options} treeDefaultExpandAll allowClear disabled={disabled} data-testid={testId} />;
}
`
    : ''
}
/** Create, edit or view a ${one}. */
export function ${One}Dialog({ state: current, onClose }: { state: ${One}DialogState | null; onClose: () => void }) {
  const { t } = useTranslation('${name}');
  const { state, record, initialValues: blank } = useDialogRecord(current, valuesOf);
  const submit = useSubmit${One}();
  const detail = use${One}Detail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
${tree ? `  const initialValues = useMemo(() => (state?.parent ? { ...blank, parentId: state.parent.id } : blank), [blank, state?.parent]);\n` : '  const initialValues = blank;\n'}  if (!state) return null;
  const fields: SchemaField[] = [
${
  tree
    ? `    {
      name: 'parentId',
      label: t('field.parent'),
      validate: false,
      render: (widget) => <ParentPicker except={record?.id} disabled={widget.disabled} testId={widget.testId} />,
    },
`
    : ''
}    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: ${One}FormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
${tree ? `        parentId: values.parentId ?? ${ONE}_ROOT,\n` : ''}        code: values.code.trim(),
        name: values.name.trim(),
        sort: values.sort ?? 1,
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<${One}FormValues>
      name="${testId}"
      open={current !== null}
      mode={state.mode}
      title={t(\`dialog.\${state.mode}\`)}
      schema={${one}Submit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
`;
}

function webPage({ name, One, E, P, tree, testId }) {
  return `import { ${E} as E, ${P} as P, type ${One} } from '@macro/contract/${name}';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
${tree ? "import type { TreeRow } from '../../components/crud/treeRows';\nimport { useTreeList } from '../../components/crud/useTreeList';\n" : "import { useCrudList } from '../../components/crud/useCrudList';\n"}import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemove${pascal(name)} } from './api';
import { ${One}Dialog, type ${One}DialogState } from './${One}Dialog';

interface ${One}Search extends Record<string, string | undefined> {
  code?: string;
  name?: string;
}

export function ${One}Page() {
  const { t } = useTranslation('${name}');
  const list = ${tree ? `useTreeList<typeof E.list, ${One}Search>(E.list)` : `useCrudList<typeof E.list, ${One}Search>(E.list)`};
  const confirmRemove = useRemove${pascal(name)}();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const { dialog, dialogKey, open, close } = useKeyedDialog<${One}DialogState>();
  const search: SearchField[] = [
    { name: 'code', label: t('field.code'), placeholder: t('search.codePlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
  ];
  const columns: ColumnsType<${tree ? `TreeRow<${One}>` : One}> = [
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'code', title: t('field.code'), ellipsis: true },
    { dataIndex: 'sort', title: t('field.sort'), width: 96, align: 'right' },
  ];
  const rowActions: RowAction<${One}>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
${tree ? "    { key: 'add-child', label: t('action.addChild'), permission: P.add, onClick: (parent) => open({ mode: 'create', parent }) },\n" : ''}    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="${testId}-page">
      <CrudList<${One}, ${One}Search>
        testId="${testId}"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list${tree ? ', true' : ''}), list.forget) }}
        rowActions={rowActions}
${tree ? '        tree\n        paged={false}\n' : ''}        scrollX={640}
      />
      <${One}Dialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
`;
}

function webTest({ name, one, One, tree, testId, base }) {
  return `import type { ${One} } from '@macro/contract/${name}';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { ${tree ? '' : 'pageOf, '}renderPage, serveApi } from '../../test/render';
import { ${One}Page } from './${One}Page';

const record = (id: number, code: string, name: string): ${One} => ({
  id,
${tree ? '  parentId: 0,\n' : ''}  code,
  name,
  sort: id,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

describe('${name} screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['${one}:view', '${one}:add', '${one}:edit', '${one}:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists ${name}, asks for the required fields and sends a new ${one}', async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname.endsWith('/submit')) return { data: { ...record(9, 'new', '新的'), ...JSON.parse(String(init?.body)) } };
      return { data: ${tree ? "[{ ...record(1, 'a', '第一'), children: [{ ...record(2, 'b', '第二'), parentId: 1, children: [] }] }]" : "pageOf([record(1, 'a', '第一'), record(2, 'b', '第二')])"} };
    });
    await renderPage(<${One}Page />);
    const user = userEvent.setup();
    expect(await within(screen.getByTestId('${testId}-table')).findByText('第一')).toBeInTheDocument();

    await user.click(screen.getByTestId('${testId}-add'));
    await user.click(await screen.findByTestId('${testId}-dialog-save'));
    expect(await screen.findByText('请输入编号')).toBeInTheDocument();
    expect(screen.getByText('请输入名称')).toBeInTheDocument();
    await user.type(screen.getByTestId('${testId}-field-code'), 'new');
    await user.type(screen.getByTestId('${testId}-field-name'), '新的');
    await user.click(screen.getByTestId('${testId}-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const submit = calls.find((call) => call.url.pathname === '/api${base}/submit');
    expect(JSON.parse(String(submit?.init?.body))).toMatchObject({ code: 'new', name: '新的', sort: 1${tree ? ', parentId: 0' : ''} });
  });
});
`;
}

function e2eSpec({ name, tree, testId, menuPath }) {
  return `import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './pages/login.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { clickRowAction } from './support/rows.ts';

test('${name}: an administrator adds, edits and removes ${tree ? 'entries of the tree' : 'an entry'} through the screen', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('${menuPath}');
  await expect(page.getByTestId('${testId}-page')).toBeVisible();

  const dialog = page.getByTestId('${testId}-dialog');
  const row = (text: string) => page.getByTestId('${testId}-table').locator('tbody tr.ant-table-row').filter({ hasText: text });
  const add = async (code: string, name: string) => {
    await dialog.getByTestId('${testId}-field-code').fill(code);
    await dialog.getByTestId('${testId}-field-name').fill(name);
    await dialog.getByTestId('${testId}-dialog-save').click();
    await expect(dialog).toBeHidden();
  };
  const remove = async (name: string) => {
    await clickRowAction(row(name), '删除');
    await page.getByTestId('${testId}-remove-confirm').click();
    await expect(row(name)).toHaveCount(0);
  };

  await page.getByTestId('${testId}-add').click();
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, '${name} dialog');
  await add('e2e-top', '浏览器新增');
  await expect(row('浏览器新增')).toBeVisible();
${
  tree
    ? `
  await clickRowAction(row('浏览器新增'), '新增下级');
  await add('e2e-child', '浏览器下级');
  await row('浏览器新增').locator('.ant-table-row-expand-icon').click();
  await expect(row('浏览器下级')).toBeVisible();
  await remove('浏览器下级');
`
    : ''
}
  await clickRowAction(row('浏览器新增'), '编辑');
  await dialog.getByTestId('${testId}-field-name').fill('浏览器修改');
  await dialog.getByTestId('${testId}-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(row('浏览器修改')).toBeVisible();
  await expectNoSeriousViolations(page, '${name} list');
  await remove('浏览器修改');
});
`;
}
