import { ALL_FORM_FORMATS, type FieldSchema, type FormSchemaDoc } from './fields.ts';

/*
 * The JSON Schema subset form schemes use, checked without generating code: the console's
 * content security policy forbids eval, which ajv needs, so the browser checks with this. The
 * server checks with ajv; a server test keeps the two in agreement.
 */

export interface FormDataIssue {
  /** The JSON Schema keyword that failed (ajv's names). */
  keyword: string;
  field: string;
  params: Record<string, unknown>;
}

const codePoints = (value: string) => [...value].length;
const TYPES: Record<FieldSchema['type'], (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  array: Array.isArray,
};

function checkField(field: string, schema: FieldSchema, value: unknown, issues: FormDataIssue[]): void {
  const issue = (keyword: string, params: Record<string, unknown> = {}) => {
    issues.push({ keyword, field, params });
  };
  if (!TYPES[schema.type](value)) {
    issue('type', { type: schema.type });
    return;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && codePoints(value) < schema.minLength) issue('minLength', { limit: schema.minLength });
    if (schema.maxLength !== undefined && codePoints(value) > schema.maxLength) issue('maxLength', { limit: schema.maxLength });
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) issue('pattern', { pattern: schema.pattern });
    const format = schema.format ? ALL_FORM_FORMATS[schema.format] : undefined;
    if (format && !format(value)) issue('format', { format: schema.format });
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) issue('minimum', { limit: schema.minimum });
    if (schema.maximum !== undefined && value > schema.maximum) issue('maximum', { limit: schema.maximum });
  }
  if (schema.enum && !schema.enum.includes(value as string | number)) issue('enum', { allowedValues: schema.enum });
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) issue('minItems', { limit: schema.minItems });
    if (schema.maxItems !== undefined && value.length > schema.maxItems) issue('maxItems', { limit: schema.maxItems });
    if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) issue('uniqueItems');
    for (const item of value) {
      if (typeof item !== 'string') issue('type', { type: 'string' });
      else if (schema.items?.enum && !schema.items.enum.includes(item)) issue('enum', { allowedValues: schema.items.enum });
      else if (schema.items?.format && !ALL_FORM_FORMATS[schema.items.format]?.(item)) issue('format', { format: schema.items.format });
    }
  }
}

/**
 * Every rule the data break, in field order. `extra: 'refuse'` reports fields the schema does
 * not have (the server's rule); the console leaves them be (hidden fields, process variables).
 */
export function checkFormData(schema: FormSchemaDoc, data: unknown, options: { extra?: 'refuse' | 'ignore' } = {}): FormDataIssue[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [{ keyword: 'type', field: '', params: { type: 'object' } }];
  const record = data as Record<string, unknown>;
  const issues: FormDataIssue[] = [];
  for (const name of schema.required ?? [])
    if (record[name] === undefined) issues.push({ keyword: 'required', field: name, params: { missingProperty: name } });
  for (const [name, value] of Object.entries(record)) {
    if (value === undefined) continue;
    const field = schema.properties[name];
    if (field) checkField(name, field, value, issues);
    else if (options.extra === 'refuse') issues.push({ keyword: 'additionalProperties', field: name, params: { additionalProperty: name } });
  }
  return issues;
}
