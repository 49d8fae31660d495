import type { Page, PageQuery } from '@macro/contract';
import {
  bindFieldsOf,
  type FormDocument,
  type FormInstance,
  type FormRelation,
  type FormScheme,
  type FormSchemeInfo,
  type formRelationInput,
  type formSchemeInput,
  type FormSchemeVersion,
  SYSTEM_FORM_PREFIX,
  SYSTEM_FORMS,
  systemFormOf,
} from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, makeOnlyDefault } from '../../platform/crud.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import type { DataSourceReader } from '../datasources/public.ts';
import { userNamesOf } from '../users/public.ts';
import { withAutoNumbers, checkAutoNumberDesign } from './autoNumbers.ts';
import { checkDataSourceDesign } from './dataSourceOptions.ts';
import { formInstances, formRelations, formSchemes, formSchemeVersions } from './tables.ts';
import { applyCustomTable, dropCustomTable, insertRow, listRows, lockedRow, updateRow } from './customTable.ts';
import { validFormData } from './validate.ts';
import { iso } from '../../platform/time.ts';
import { canonicalJson } from '../../platform/json.ts';

type SchemeRow = typeof formSchemes.$inferSelect;
type SchemeInput = z.output<typeof formSchemeInput>;
type RelationInput = z.output<typeof formRelationInput>;

const RESOURCE = 'form-scheme';
const NOT_FOUND = { message: 'forms.notFound' };
const fieldCount = (document: FormDocument) => Object.keys(document.schema.properties).length;

const summary = (r: SchemeRow): FormScheme => ({
  id: r.id,
  code: r.code,
  name: r.name,
  category: r.category,
  description: r.description,
  enabled: r.enabled,
  isDefault: r.isDefault,
  version: r.version,
  fieldCount: fieldCount(r.document),
  tableName: r.tableName,
  createTime: iso(r.createdAt),
  updateTime: iso(r.updatedAt),
});
const withDocument = (r: SchemeRow): FormSchemeInfo => ({ ...summary(r), document: r.document });

const COLUMNS = sql`t.*`;
const fromSql = (r: Record<string, unknown>): SchemeRow => ({
  id: Number(r.id),
  tenantId: String(r.tenant_id),
  code: String(r.code),
  name: String(r.name),
  category: String(r.category),
  description: String(r.description),
  enabled: r.enabled === true || r.enabled === 't',
  isDefault: r.is_default === true || r.is_default === 't',
  version: Number(r.version),
  document: (typeof r.document === 'string' ? JSON.parse(r.document) : r.document) as FormDocument,
  tableName: r.table_name == null ? null : String(r.table_name),
  createUser: r.create_user == null ? null : Number(r.create_user),
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

export function listSchemes(tx: Tx, query: PageQuery & { name?: string; category?: string; enabled?: boolean }): Promise<Page<FormScheme>> {
  const parts = [
    query.name ? sql`t.name ilike ${containing(query.name)}` : undefined,
    query.category ? sql`t.category = ${query.category}` : undefined,
    query.enabled === undefined ? undefined : sql`t.enabled = ${query.enabled}`,
  ].filter((part): part is SQL => part !== undefined);
  const where = parts.length ? sql.join(parts, sql` and `) : sql`true`;
  return listPage(tx, { table: sql`${formSchemes}`, where, order: ['id'], descending: true, columns: COLUMNS, toRecord: (r) => summary(fromSql(r)) }, query);
}

const schemeOr404 = (tx: Tx, id: number, lock = false) => findOr404(tx, formSchemes, id, { lock, ...NOT_FOUND });

export const schemeInfo = async (tx: Tx, id: number) => summary(await schemeOr404(tx, id));
export const schemeWithDocument = async (tx: Tx, id: number) => withDocument(await schemeOr404(tx, id));

/** The document of a version (the current one by default) to render. */
export async function schemeVersion(tx: Tx, id: number, version?: number): Promise<FormSchemeInfo> {
  const scheme = await schemeOr404(tx, id);
  if (version === undefined || version === scheme.version) return withDocument(scheme);
  const [row] = await tx
    .select({ document: formSchemeVersions.document })
    .from(formSchemeVersions)
    .where(and(eq(formSchemeVersions.schemeId, id), eq(formSchemeVersions.version, version)));
  if (!row) throw notFound('forms.notFound');
  return { ...summary(scheme), version, fieldCount: fieldCount(row.document), document: row.document };
}

async function recordVersion(ctx: Ctx, scheme: SchemeRow): Promise<void> {
  await ctx.tx.insert(formSchemeVersions).values({ schemeId: scheme.id, version: scheme.version, document: scheme.document });
}

const assertTableName = (tx: Tx, tableName: string, exceptId?: number) =>
  assertUnique(tx, formSchemes, eq(formSchemes.tableName, tableName), { exceptId, message: 'forms.tableExists', params: { table: tableName } });

/** Creates a scheme; with `tableName` a custom-table scheme, its table made in the same transaction. */
export async function createScheme(ctx: Ctx, sources: DataSourceReader, input: SchemeInput & { tableName?: string }): Promise<FormSchemeInfo> {
  const { tx } = ctx;
  await assertUnique(tx, formSchemes, eq(formSchemes.code, input.code), { message: 'forms.codeExists', params: { code: input.code } });
  await checkDataSourceDesign(ctx, sources, input.document);
  await checkAutoNumberDesign(tx, input.document);
  if (input.tableName) await assertTableName(tx, input.tableName);
  // The tenant's first scheme becomes its default, so there is always exactly one once there is any.
  const [{ n }] = await tx.select({ n: count() }).from(formSchemes);
  const row = await auditedInsert(ctx, formSchemes, RESOURCE, { ...input, tableName: input.tableName ?? null, isDefault: n === 0, version: 1 });
  await recordVersion(ctx, row);
  if (row.tableName) await applyCustomTable(tx, row.id, row.document);
  return withDocument(row);
}

/**
 * Changes a scheme; a changed document is the next version. A custom-table scheme's table
 * follows its document (either update call); `tableName` is only for custom-table schemes (409).
 */
export async function updateScheme(ctx: Ctx, sources: DataSourceReader, id: number, input: SchemeInput & { tableName?: string }): Promise<FormSchemeInfo> {
  const { tx } = ctx;
  const before = await schemeOr404(tx, id, true);
  if (input.tableName && !before.tableName) throw conflict('forms.notCustomTable');
  await assertUnique(tx, formSchemes, eq(formSchemes.code, input.code), { exceptId: id, message: 'forms.codeExists', params: { code: input.code } });
  await checkDataSourceDesign(ctx, sources, input.document, before.document);
  await checkAutoNumberDesign(tx, input.document);
  if (input.tableName) await assertTableName(tx, input.tableName, id);
  const changed = canonicalJson(before.document) !== canonicalJson(input.document);
  const tableName = input.tableName ?? before.tableName;
  const after = await auditedUpdate(ctx, formSchemes, RESOURCE, before, {
    ...input,
    tableName,
    version: changed ? before.version + 1 : before.version,
    updatedAt: new Date(),
  });
  if (changed) await recordVersion(ctx, after);
  if (changed && after.tableName) await applyCustomTable(tx, id, after.document);
  return withDocument(after);
}

export async function removeScheme(ctx: Ctx, id: number): Promise<number> {
  const { tx } = ctx;
  const row = await schemeOr404(tx, id, true);
  if (row.isDefault) throw conflict('forms.defaultNotRemovable');
  const [data] = await tx.select({ id: formInstances.id }).from(formInstances).where(eq(formInstances.schemeId, id)).limit(1);
  const [page] = await tx.select({ id: formRelations.id }).from(formRelations).where(eq(formRelations.schemeId, id)).limit(1);
  if (data || page) throw conflict('forms.inUse');
  if (row.tableName) await dropCustomTable(tx, id);
  return auditedDelete(ctx, formSchemes, RESOURCE, [row]);
}

export async function setEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<FormScheme> {
  const before = await schemeOr404(ctx.tx, id, true);
  if (!enabled && before.isDefault) throw conflict('forms.defaultNotDisabled');
  return summary(await auditedUpdate(ctx, formSchemes, RESOURCE, before, { enabled, updatedAt: new Date() }));
}

/** Makes a scheme the tenant's only default; the previous default is cleared in the same transaction. */
export async function setDefault(ctx: Ctx, id: number, value: boolean): Promise<FormScheme> {
  if (!value) throw conflict('forms.defaultRequired');
  const row = await makeOnlyDefault(ctx, formSchemes, RESOURCE, id, {
    ...NOT_FOUND,
    check: (scheme) => {
      if (!scheme.enabled) throw conflict('forms.disabledNotDefault');
    },
  });
  return summary(row);
}

export async function schemeHistory(tx: Tx, id: number): Promise<FormSchemeVersion[]> {
  await schemeOr404(tx, id);
  const rows = await tx.select().from(formSchemeVersions).where(eq(formSchemeVersions.schemeId, id)).orderBy(desc(formSchemeVersions.version));
  const names = await userNamesOf(
    tx,
    rows.map((r) => r.createUser),
  );
  return rows.map((r) => ({
    version: r.version,
    fieldCount: fieldCount(r.document),
    createTime: iso(r.createdAt),
    createUserName: r.createUser === null ? '' : (names.get(r.createUser) ?? ''),
  }));
}

// ---------------------------------------------------------------- resolving a form by key (workflow binding)

export interface ResolvedForm {
  key: string;
  name: string;
  document: FormDocument;
  schemeId: number | null;
  version: number;
}

/**
 * The form a template binds by `formKey`: a scheme code of the tenant, or `system:<id>`.
 * 404 "form does not exist" (or the spec's "system form config error") when there is none.
 */
export async function resolveForm(tx: Tx, key: string, options: { enabledOnly?: boolean } = {}): Promise<ResolvedForm> {
  if (key.startsWith(SYSTEM_FORM_PREFIX)) {
    const system = systemFormOf(key.slice(SYSTEM_FORM_PREFIX.length));
    if (!system) throw notFound('forms.systemFormMissing');
    return { key, name: system.name, document: system.document, schemeId: null, version: 1 };
  }
  const [row] = await tx.select().from(formSchemes).where(eq(formSchemes.code, key));
  if (!row) throw notFound('forms.notFound');
  if (options.enabledOnly && !row.enabled) throw unprocessable('forms.disabled', { name: row.name });
  return { key, name: row.name, document: row.document, schemeId: row.id, version: row.version };
}

export const bindFields = async (tx: Tx, key: string) => bindFieldsOf((await resolveForm(tx, key)).document);

export async function bindableForms(tx: Tx, category?: string) {
  const rows = await tx
    .select()
    .from(formSchemes)
    .where(and(eq(formSchemes.enabled, true), category ? eq(formSchemes.category, category) : undefined))
    .orderBy(desc(formSchemes.isDefault), formSchemes.name, formSchemes.id);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, category: r.category, isDefault: r.isDefault }));
}

export const systemForms = (category?: string) =>
  SYSTEM_FORMS.filter((f) => !category || f.category === category).map((f) => ({
    id: f.id,
    code: `${SYSTEM_FORM_PREFIX}${f.id}`,
    name: f.name,
    category: f.category,
    document: f.document,
  }));

export function systemForm(id: string) {
  const found = systemForms().find((f) => f.id === id);
  if (!found) throw notFound('forms.systemFormMissing');
  return found;
}

// ---------------------------------------------------------------- instance data

type InstanceRow = typeof formInstances.$inferSelect;

async function presentInstances(tx: Tx, rows: readonly InstanceRow[]): Promise<FormInstance[]> {
  const names = await userNamesOf(
    tx,
    rows.map((r) => r.createUser),
  );
  return rows.map((r) => ({
    primaryKey: r.primaryKey,
    schemeId: r.schemeId,
    version: r.version,
    data: r.data,
    createUserName: r.createUser === null ? '' : (names.get(r.createUser) ?? ''),
    createTime: iso(r.createdAt),
    updateTime: iso(r.updatedAt),
  }));
}

async function enabledScheme(tx: Tx, id: number): Promise<SchemeRow> {
  const scheme = await schemeOr404(tx, id);
  if (!scheme.enabled) throw unprocessable('forms.disabled', { name: scheme.name });
  return scheme;
}

export async function createInstance(ctx: Ctx, sources: DataSourceReader, schemeId: number, data: Record<string, unknown>): Promise<FormInstance> {
  const scheme = await enabledScheme(ctx.tx, schemeId);
  const clean = await validFormData(ctx, sources, scheme.document, await withAutoNumbers(ctx, scheme.document, data, null));
  if (scheme.tableName) return insertRow(ctx, schemeId, scheme.version, scheme.document, clean);
  const row = await auditedInsert(ctx, formInstances, 'form-instance', { schemeId, version: scheme.version, data: clean });
  return (await presentInstances(ctx.tx, [row]))[0];
}

export async function updateInstance(ctx: Ctx, sources: DataSourceReader, schemeId: number, key: string, data: Record<string, unknown>): Promise<FormInstance> {
  const scheme = await enabledScheme(ctx.tx, schemeId);
  // An auto number stays what the record was given; one added to the form since is given now.
  const checked = async (stored: Record<string, unknown>) =>
    validFormData(ctx, sources, scheme.document, await withAutoNumbers(ctx, scheme.document, data, stored));
  if (scheme.tableName) return updateRow(ctx, schemeId, key, scheme.version, scheme.document, await checked(await lockedRow(ctx.tx, schemeId, key)));
  const [before] = await ctx.tx
    .select()
    .from(formInstances)
    .where(and(eq(formInstances.schemeId, schemeId), eq(formInstances.primaryKey, key)))
    .for('update');
  if (!before) throw notFound('forms.recordNotFound');
  const clean = await checked(before.data as Record<string, unknown>);
  const after = await auditedUpdate(ctx, formInstances, 'form-instance', before, { data: clean, version: scheme.version, updatedAt: new Date() });
  return (await presentInstances(ctx.tx, [after]))[0];
}

export async function listInstances(tx: Tx, query: PageQuery & { F_FormId: number; primaryKey?: string }): Promise<Page<FormInstance>> {
  const scheme = await schemeOr404(tx, query.F_FormId);
  if (scheme.tableName) return listRows(tx, scheme.id, query);
  const where = sql.join([sql`t.scheme_id = ${query.F_FormId}`, query.primaryKey ? sql`t.primary_key = ${query.primaryKey}` : sql`true`], sql` and `);
  const page = await listPage(
    tx,
    { table: sql`${formInstances}`, where, order: ['id'], descending: true, columns: sql`t.id`, toRecord: (r) => Number(r.id) },
    query,
  );
  const rows = page.records.length ? await tx.select().from(formInstances).where(inArray(formInstances.id, page.records)).orderBy(desc(formInstances.id)) : [];
  return { ...page, records: await presentInstances(tx, rows) };
}

// ---------------------------------------------------------------- form relations

async function presentRelations(tx: Tx, rows: readonly (typeof formRelations.$inferSelect)[]): Promise<FormRelation[]> {
  const ids = [...new Set(rows.map((r) => r.schemeId))];
  const schemes = ids.length ? await tx.select({ id: formSchemes.id, name: formSchemes.name }).from(formSchemes).where(inArray(formSchemes.id, ids)) : [];
  const names = new Map(schemes.map((s) => [s.id, s.name]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    schemeId: r.schemeId,
    schemeName: names.get(r.schemeId) ?? '',
    columns: r.columns,
    description: r.description,
    createTime: iso(r.createdAt),
  }));
}

async function checkedRelation(tx: Tx, input: RelationInput): Promise<RelationInput> {
  const scheme = await schemeOr404(tx, input.schemeId);
  const unknown = input.columns.find((name) => !(name in scheme.document.schema.properties));
  if (unknown) throw unprocessable('forms.fieldUnknown', { field: unknown });
  return { ...input, columns: [...new Set(input.columns)] };
}

export async function listRelations(tx: Tx, query: PageQuery & { name?: string }): Promise<Page<FormRelation>> {
  const where = query.name ? sql`t.name ilike ${containing(query.name)}` : sql`true`;
  const page = await listPage(
    tx,
    { table: sql`${formRelations}`, where, order: ['id'], descending: true, columns: sql`t.id`, toRecord: (r) => Number(r.id) },
    query,
  );
  const rows = page.records.length ? await tx.select().from(formRelations).where(inArray(formRelations.id, page.records)).orderBy(desc(formRelations.id)) : [];
  return { ...page, records: await presentRelations(tx, rows) };
}

export async function createRelation(ctx: Ctx, input: RelationInput): Promise<FormRelation> {
  const row = await auditedInsert(ctx, formRelations, 'form-relation', await checkedRelation(ctx.tx, input));
  return (await presentRelations(ctx.tx, [row]))[0];
}

export async function updateRelation(ctx: Ctx, id: number, input: RelationInput): Promise<FormRelation> {
  const before = await findOr404(ctx.tx, formRelations, id, { lock: true, message: 'common.notFound' });
  const row = await auditedUpdate(ctx, formRelations, 'form-relation', before, { ...(await checkedRelation(ctx.tx, input)), updatedAt: new Date() });
  return (await presentRelations(ctx.tx, [row]))[0];
}

export async function removeRelation(ctx: Ctx, id: number): Promise<number> {
  const row = await findOr404(ctx.tx, formRelations, id, { lock: true, message: 'common.notFound' });
  return auditedDelete(ctx, formRelations, 'form-relation', [row]);
}

/**
 * Process variables sent where a node binds the form `formKey`: the form's fields among them,
 * with the values the process already holds, are checked against the form (422 naming the field)
 * as a record's save checks them, a choice filled from a data source against what it offers now.
 * Variables that are not fields of the form pass as they are; with no binding nothing is checked.
 * Answers the variables to keep: the form's auto-number fields set by the server — what the
 * process already holds, else a number taken now — whatever was sent for them.
 */
export async function checkedAgainstForm(
  ctx: Ctx,
  sources: DataSourceReader,
  formKey: string | null | undefined,
  current: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!formKey) return incoming;
  const form = await resolveForm(ctx.tx, formKey, { enabledOnly: true });
  const numbered = await withAutoNumbers(ctx, form.document, incoming, current);
  const names = Object.keys(form.document.schema.properties);
  const merged = { ...current, ...numbered };
  await validFormData(ctx, sources, form.document, Object.fromEntries(names.filter((name) => name in merged).map((name) => [name, merged[name]])));
  return numbered;
}

/**
 * Values posted as an HTML form (all text) read as the form's types: numbers for number and
 * integer fields, true/false for switches; anything else stays text, for the check to judge.
 */
export async function fromFormText(tx: Tx, formKey: string | null | undefined, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!formKey) return values;
  const { properties } = (await resolveForm(tx, formKey)).document.schema;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const type = properties[name]?.type;
      if (typeof value !== 'string') return [name, value];
      if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?$/.test(value.trim())) return [name, Number(value)];
      if (type === 'boolean' && (value === 'true' || value === 'false')) return [name, value === 'true'];
      return [name, value];
    }),
  );
}
