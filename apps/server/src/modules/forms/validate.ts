import { ALL_FORM_FORMATS, dictionaryFields, type FormDocument, formErrorMessage } from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import { Ajv, type ValidateFunction } from 'ajv';
import { unprocessable } from '../../platform/errors.ts';
import type { DataSourceReader } from '../datasources/public.ts';
import { dictionaryOptions } from '../dict/public.ts';
import { checkAnnexes } from './annexes.ts';
import { checkDataSourceValues } from './dataSourceOptions.ts';

/*
 * Form data are checked on the server with the same JSON Schema the console renders and
 * checks with rjsf/ajv, the contract's validators registered as formats on both sides.
 */

const ajv = new Ajv({ allErrors: false, strict: true, coerceTypes: false, useDefaults: false });
for (const [name, check] of Object.entries(ALL_FORM_FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });

/** Compiled schemas by their JSON, a bounded cache (documents change rarely, data often). */
const compiled = new Map<string, ValidateFunction>();
const CACHE_MAX = 500;

function compile(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, additionalProperties: false });
    if (compiled.size >= CACHE_MAX) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, validate);
  }
  return validate;
}

/** The schema with each dictionary-backed field limited to that dictionary's keys, as the console offers them. */
async function withDictionaries(tx: Tx, document: FormDocument): Promise<FormDocument['schema']> {
  const fields = Object.entries(dictionaryFields(document));
  if (!fields.length) return document.schema;
  const properties = { ...document.schema.properties };
  for (const [name, code] of fields) {
    const keys = (await dictionaryOptions(tx, 'system', code)).map((o) => o.value);
    const field = properties[name];
    properties[name] =
      field.type === 'array' ? { ...field, items: { type: 'string', enum: keys.length ? keys : [''] } } : { ...field, enum: keys.length ? keys : [''] };
  }
  return { ...document.schema, properties };
}

/** Empty values (null, '') count as not filled in, as the console sends them. */
const filled = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** ajv's first objection to the data under a schema (keyword, field and params), or null when they pass. */
export function firstSchemaError(
  schema: FormDocument['schema'],
  data: Record<string, unknown>,
): { keyword: string; field: string; params: Record<string, unknown> } | null {
  const validate = compile(schema);
  if (validate(data)) return null;
  const error = validate.errors![0];
  const p = error.params as Record<string, unknown>;
  const field =
    error.keyword === 'required'
      ? String(p.missingProperty)
      : error.keyword === 'additionalProperties'
        ? String(p.additionalProperty)
        : (error.instancePath.split('/')[1] ?? '');
  return { keyword: error.keyword, field, params: p };
}

/**
 * The data as stored: empty values dropped, then checked against the document (422 naming the
 * first field that fails, in the request's language). Unknown fields are refused, and so are
 * values a data source does not offer (read through `sources` in the request's transaction) and
 * annex ids the tenant does not have. A record's save and a process's form data both pass here.
 */
export async function validFormData(
  ctx: Ctx,
  sources: DataSourceReader,
  document: FormDocument,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const clean = filled(data);
  const error = firstSchemaError(await withDictionaries(ctx.tx, document), clean);
  if (error) {
    const message = formErrorMessage(error.keyword, error.params, document.schema.properties[error.field]?.title || error.field);
    throw unprocessable(message.key, message.params);
  }
  await checkDataSourceValues(ctx, sources, document, clean);
  await checkAnnexes(ctx.tx, document, clean);
  return clean;
}
