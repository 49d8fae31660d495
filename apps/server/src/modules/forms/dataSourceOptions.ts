import { dataSourceFields, type FieldDataSource, type FieldOption, type FormDocument, orderedNames } from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { Use } from '../../platform/references.ts';
import type { DataSourceReader } from '../datasources/public.ts';
import { schemesNaming, titleOf } from './fieldUses.ts';

/*
 * Choices whose options come from a data source. Every read goes through the datasources
 * module's reader: the data source and its link are read in the request's own transaction (so
 * only the tenant's are found), the query runs checked, read-only, with the link's time-out and
 * the reader's caps, on the link's pool — never a second transaction on the request's database.
 */

/** A reader's refusal that is about the form's design, said about the field: its data source, a column or a parameter gone. */
function aboutField(error: unknown, field: string): unknown {
  if (!(error instanceof AppError)) return error;
  switch (error.key) {
    case 'datasources.notFound':
      return unprocessable('forms.dataSourceMissing', { field });
    case 'datasources.columnNotFound':
      return unprocessable('forms.dataSourceColumnMissing', { field, column: String(error.params.column ?? '') });
    case 'datasources.parameterRequired':
      return unprocessable('forms.dataSourceParameter', { field, name: String(error.params.name ?? '') });
    default:
      return error;
  }
}

async function read(ctx: Ctx, sources: DataSourceReader, source: FieldDataSource, field: string): Promise<FieldOption[]> {
  try {
    return await sources.options(ctx, source.id, source.value, source.label);
  } catch (error) {
    throw aboutField(error, field);
  }
}

/** The options of the field `name`, read from the data source its design names (404 for a field that names none). */
export function fieldOptions(ctx: Ctx, sources: DataSourceReader, document: FormDocument, name: string): Promise<FieldOption[]> {
  const source = dataSourceFields(document)[name];
  if (!source) throw notFound(name in document.schema.properties ? 'forms.fieldNoDataSource' : 'forms.fieldUnknown', { field: titleOf(document, name) });
  return read(ctx, sources, source, titleOf(document, name));
}

/**
 * Values of choices filled from data sources, checked against what their options offer now: 422
 * naming the first field holding another value. Only a field holding a value reads its data source.
 */
export async function checkDataSourceValues(ctx: Ctx, sources: DataSourceReader, document: FormDocument, data: Record<string, unknown>): Promise<void> {
  for (const [name, source] of Object.entries(dataSourceFields(document))) {
    const value = data[name];
    if (value === undefined || (Array.isArray(value) && !value.length)) continue;
    const field = titleOf(document, name);
    const offered = new Set((await read(ctx, sources, source, field)).map((option) => option.value));
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((one) => typeof one === 'string' && offered.has(one))) throw unprocessable('forms.fieldOption', { field });
  }
}

const sameSource = (a: FieldDataSource | undefined, b: FieldDataSource) => a?.id === b.id && a.value === b.value && (a.label ?? '') === (b.label ?? '');

/**
 * A design's data sources, checked as it is saved: each is the tenant's, its query returns the
 * columns named (read without rows), and every parameter it requires has a default, as a form
 * gives none. Only sources new or changed since `before` are read, so an unchanged design saves
 * while a link is down; each is held to the end of the save, so it cannot be removed meanwhile.
 */
export async function checkDataSourceDesign(ctx: Ctx, sources: DataSourceReader, document: FormDocument, before?: FormDocument): Promise<void> {
  const earlier = before ? dataSourceFields(before) : {};
  for (const [name, source] of Object.entries(dataSourceFields(document))) {
    if (sameSource(earlier[name], source)) continue;
    const field = titleOf(document, name);
    try {
      if (!(await sources.hold(ctx.tx, source.id))) throw unprocessable('forms.dataSourceMissing', { field });
      const detail = await sources.detail(ctx.tx, source.id);
      const needed = detail.parameters.find((parameter) => parameter.required && parameter.defaultValue === '');
      if (needed) throw unprocessable('forms.dataSourceParameter', { field, name: needed.label || needed.name });
      const columns = await sources.fields(ctx, source.id);
      const missing = [source.value, source.label].find((column) => column !== undefined && !columns.some((c) => c.name === column));
      if (missing !== undefined) throw unprocessable('forms.dataSourceColumnMissing', { field, column: missing });
    } catch (error) {
      throw aboutField(error, field);
    }
  }
}

/**
 * The fields of the tenant's forms whose options come from one of the data sources `ids`: what
 * keeps a data source from being removed. The current design counts, as records and processes
 * are checked against it; earlier versions are history.
 */
export async function fieldsUsingDataSources(tx: Tx, ids: readonly number[]): Promise<Use[]> {
  const wanted = new Set(ids);
  const rows = await schemesNaming(tx, ['dataSource', 'id'], ids);
  return rows.flatMap((row) => {
    const fields = dataSourceFields(row.document);
    // In the order the form lays its fields out.
    return orderedNames(row.document)
      .filter((name) => fields[name] && wanted.has(fields[name].id))
      .map((name) => ({ id: fields[name].id, message: 'forms.dataSourceUsed', params: { form: row.name, field: titleOf(row.document, name) } }));
  });
}
