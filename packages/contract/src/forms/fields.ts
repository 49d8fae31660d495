import { isChineseName, isEmail, isLandline, isMobile, isPhoneOrLandline, isQQ, isUrl, checkIdCard } from '../validators.ts';

/*
 * A form scheme is a standard pair: a JSON Schema (fields, types, rules) and a UI schema
 * (widgets, layout, option sources), rendered with rjsf in the console and checked by ajv on
 * the server with the same formats. The designer edits the pair through the field kinds below.
 */

/** The field kinds of the designer's palette. */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'integer',
  'select',
  'radio',
  'checkboxes',
  'switch',
  'date',
  'datetime',
  'file',
  'autoNumber',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The contract's validators by name, usable as a text field's `format`. */
export const FORM_FORMATS: Record<string, (value: string) => boolean> = {
  mobile: isMobile,
  landline: isLandline,
  phoneOrLandline: isPhoneOrLandline,
  email: isEmail,
  qq: isQQ,
  chineseName: isChineseName,
  idCard: (value) => checkIdCard(value) === 'ok',
  url: isUrl,
};
export const FORM_FORMAT_NAMES = Object.keys(FORM_FORMATS);

/** The message key of each format: the validators' own. */
export const FORMAT_MESSAGES: Record<string, string> = {
  mobile: 'validation.mobile',
  landline: 'validation.landline',
  phoneOrLandline: 'validation.phoneOrLandline',
  email: 'validation.email',
  qq: 'validation.qq',
  chineseName: 'validation.chineseName',
  idCard: 'validation.idCardFormat',
  url: 'validation.url',
  date: 'forms.dateInvalid',
  'date-time': 'forms.dateInvalid',
  annex: 'forms.annexInvalid',
};

/** Most files one file field holds (its `maxItems` may say fewer). */
export const MAX_FIELD_FILES = 20;

/** Widths a field may take in the layout grid of 24 columns. */
export const FIELD_SPANS = [6, 8, 12, 24] as const;

/** One property of the JSON Schema, as far as the designer writes it. */
export interface FieldSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: (string | number)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  /** Options of a multiple choice, or `format: 'annex'` for a file field (its values are annex ids). */
  items?: { type: 'string'; enum?: string[]; format?: 'annex' };
  uniqueItems?: boolean;
  minItems?: number;
  maxItems?: number;
}

export interface FormSchemaDoc {
  type: 'object';
  title?: string;
  properties: Record<string, FieldSchema>;
  required?: string[];
}

export type UiSchema = Record<string, unknown> & { 'ui:order'?: string[] };

export interface FormDocument {
  schema: FormSchemaDoc;
  uiSchema: UiSchema;
}

/**
 * A choice's options read from a data source: the distinct values of its `value` column, each
 * shown as the `label` column of its first row (the value itself without one).
 */
export interface FieldDataSource {
  id: number;
  value: string;
  label?: string;
}

/**
 * A field's UI settings: widget, grid width, placeholder, option labels, and where a choice's
 * options come from when not fixed — a dictionary or a data source, never both.
 */
export interface FieldUi {
  'ui:widget'?: string;
  'ui:placeholder'?: string;
  'ui:enumNames'?: string[];
  'ui:options'?: { span?: number; dictionary?: string; dataSource?: FieldDataSource; rows?: number; codeRule?: number };
}

/** The widget of an auto-number field: its value is a number of the code rule `ui:options.codeRule`, assigned by the server. */
export const AUTO_NUMBER_WIDGET = 'autoNumber';

/** A field as other screens bind to it (node field permissions, form-field approvers, list columns). */
export interface BindField {
  name: string;
  title: string;
  kind: FieldKind;
  required: boolean;
}

/** The designer's kind of a property, read back from the standard pair. */
export function kindOf(field: FieldSchema, ui: FieldUi | undefined): FieldKind {
  const widget = ui?.['ui:widget'];
  if (widget === AUTO_NUMBER_WIDGET) return 'autoNumber';
  if (field.type === 'boolean') return 'switch';
  if (field.type === 'array') return field.items?.format === 'annex' ? 'file' : 'checkboxes';
  if (field.type === 'number') return 'number';
  if (field.type === 'integer') return 'integer';
  if (field.format === 'date') return 'date';
  if (field.format === 'date-time') return 'datetime';
  if (widget === 'textarea') return 'textarea';
  if (widget === 'radio') return 'radio';
  if (field.enum || ui?.['ui:options']?.dictionary || ui?.['ui:options']?.dataSource) return 'select';
  return 'text';
}

/** The fields of a document in layout order. */
export function bindFieldsOf(document: FormDocument): BindField[] {
  const required = new Set(document.schema.required ?? []);
  return orderedNames(document).map((name) => {
    const field = document.schema.properties[name];
    return { name, title: field.title || name, kind: kindOf(field, document.uiSchema[name] as FieldUi | undefined), required: required.has(name) };
  });
}

/** Property names in the UI schema's order, then any it does not list. */
export function orderedNames(document: FormDocument): string[] {
  const names = Object.keys(document.schema.properties);
  const order = (document.uiSchema['ui:order'] ?? []).filter((name) => names.includes(name));
  return [...order, ...names.filter((name) => !order.includes(name))];
}

/** Dictionary codes the document takes options from, by field. */
export function dictionaryFields(document: FormDocument): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(document.schema.properties)) {
    const code = (document.uiSchema[name] as FieldUi | undefined)?.['ui:options']?.dictionary;
    if (code) out[name] = code;
  }
  return out;
}

/** The data sources the document's choices take options from, by field. */
export function dataSourceFields(document: FormDocument): Record<string, FieldDataSource> {
  const out: Record<string, FieldDataSource> = {};
  for (const name of Object.keys(document.schema.properties)) {
    const source = (document.uiSchema[name] as FieldUi | undefined)?.['ui:options']?.dataSource;
    if (source) out[name] = source;
  }
  return out;
}

/**
 * The auto-number fields of a document and the code rule each takes its number from. The server
 * fills them when a record is first saved and keeps them after; a value a client sends is ignored.
 */
export function autoNumberFields(document: FormDocument): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(document.schema.properties)) {
    const ui = document.uiSchema[name] as FieldUi | undefined;
    if (ui?.['ui:widget'] === AUTO_NUMBER_WIDGET) out[name] = Number(ui['ui:options']?.codeRule ?? 0);
  }
  return out;
}

/**
 * The message of a JSON Schema validation error (ajv's keyword and params) for the field titled
 * `field`: the same key and parameters on the server (422) and under the console's field.
 */
export function formErrorMessage(keyword: string, params: Record<string, unknown>, field: string): { key: string; params: Record<string, string> } {
  const limit = String(params.limit ?? '');
  switch (keyword) {
    case 'required':
      return { key: 'forms.fieldRequired', params: { field } };
    case 'additionalProperties':
      return { key: 'forms.fieldUnknown', params: { field } };
    case 'minLength':
      return { key: 'forms.fieldTooShort', params: { field, limit } };
    case 'maxLength':
      return { key: 'forms.fieldTooLong', params: { field, limit } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { key: 'forms.fieldTooSmall', params: { field, limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: 'forms.fieldTooLarge', params: { field, limit } };
    case 'pattern':
      return { key: 'forms.fieldPattern', params: { field } };
    case 'format':
      return { key: FORMAT_MESSAGES[String(params.format)] ?? 'forms.fieldPattern', params: { field } };
    case 'enum':
    case 'uniqueItems':
      return { key: 'forms.fieldOption', params: { field } };
    case 'minItems':
      return { key: 'forms.fieldTooFew', params: { field, limit } };
    case 'maxItems':
      return { key: 'forms.fieldTooMany', params: { field, limit } };
    default:
      return { key: 'forms.fieldType', params: { field } };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date `YYYY-MM-DD` that exists. */
export const isDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** A date and time with an optional offset (what the date-time picker sends). */
export const isDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v)) && isDate(v.slice(0, 10));

/** Every format a form may use, date and date-time included: registered in the browser's and the server's ajv alike. */
/** An annex id (a file uploaded for a form, see annexes.ts). */
export const isAnnexId = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

/** Every format a form may use, date, date-time and annex ids included: registered in the browser's and the server's ajv alike. */
export const ALL_FORM_FORMATS: Record<string, (value: string) => boolean> = { ...FORM_FORMATS, date: isDate, 'date-time': isDateTime, annex: isAnnexId };

/**
 * The labels of a field's fixed options (`enum` with `ui:enumNames`, for a single or a multiple
 * choice), by value; empty for a field without options or whose options come from a dictionary
 * or a data source.
 */
export function optionLabelsOf(document: FormDocument, name: string): Map<string, string> {
  const field = document.schema.properties[name];
  const values = field?.enum ?? field?.items?.enum ?? [];
  const names = (document.uiSchema[name] as FieldUi | undefined)?.['ui:enumNames'] ?? [];
  return new Map(values.map((value, i) => [String(value), names[i] ?? String(value)]));
}
