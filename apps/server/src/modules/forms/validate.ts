import { dictionaryFields, FORM_FORMATS, FORMAT_MESSAGES, type FormDocument } from '@macro/contract/forms';
import type { Tx } from '@macro/store';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { unprocessable } from '../../platform/errors.ts';
import { dictionaryOptions } from '../dict/service.ts';

/*
 * Form data are checked on the server with the same JSON Schema the console renders and
 * checks with rjsf/ajv, the contract's validators registered as formats on both sides.
 */

const ajv = new Ajv({ allErrors: false, strict: true, coerceTypes: false, useDefaults: false });
for (const [name, check] of Object.entries(FORM_FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
ajv.addFormat('date', { type: 'string', validate: realDate });
ajv.addFormat('date-time', { type: 'string', validate: (v) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v)) && realDate(v.slice(0, 10)) });

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
    properties[name] = field.type === 'array' ? { ...field, items: { type: 'string', enum: keys.length ? keys : [''] } } : { ...field, enum: keys.length ? keys : [''] };
  }
  return { ...document.schema, properties };
}

/** Empty values (null, '') count as not filled in, as the console sends them. */
const filled = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined && v !== ''));

function refusal(document: FormDocument, error: ErrorObject): never {
  const p = error.params as Record<string, unknown>;
  const name = error.keyword === 'required' ? String(p.missingProperty) : error.keyword === 'additionalProperties' ? String(p.additionalProperty) : error.instancePath.split('/')[1] ?? '';
  const field = document.schema.properties[name]?.title || name;
  const limit = String(p.limit ?? '');
  switch (error.keyword) {
    case 'required':
      throw unprocessable('forms.fieldRequired', { field });
    case 'additionalProperties':
      throw unprocessable('forms.fieldUnknown', { field });
    case 'minLength':
      throw unprocessable('forms.fieldTooShort', { field, limit });
    case 'maxLength':
      throw unprocessable('forms.fieldTooLong', { field, limit });
    case 'minimum':
    case 'exclusiveMinimum':
      throw unprocessable('forms.fieldTooSmall', { field, limit });
    case 'maximum':
    case 'exclusiveMaximum':
      throw unprocessable('forms.fieldTooLarge', { field, limit });
    case 'pattern':
      throw unprocessable('forms.fieldPattern', { field });
    case 'format':
      throw unprocessable(FORMAT_MESSAGES[String(p.format)] ?? 'forms.fieldPattern', { field });
    case 'enum':
    case 'uniqueItems':
      throw unprocessable('forms.fieldOption', { field });
    case 'minItems':
      throw unprocessable('forms.fieldTooFew', { field, limit });
    default:
      throw unprocessable('forms.fieldType', { field });
  }
}

/**
 * The data as stored: empty values dropped, then checked against the document (422 naming the
 * first field that fails, in the request's language). Unknown fields are refused.
 */
export async function validFormData(tx: Tx, document: FormDocument, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const clean = filled(data);
  const validate = compile(await withDictionaries(tx, document));
  if (!validate(clean)) {
    refusal(document, validate.errors![0]);
  }
  return clean;
}
