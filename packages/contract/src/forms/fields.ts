import { isChineseName, isEmail, isLandline, isMobile, isPhoneOrLandline, isQQ, isUrl, checkIdCard } from '../validators.ts';

/*
 * A form scheme is a standard pair: a JSON Schema (fields, types, rules) and a UI schema
 * (widgets, layout, option sources), rendered with rjsf in the console and checked by ajv on
 * the server with the same formats. The designer edits the pair through the field kinds below.
 */

/** The field kinds of the designer's palette. */
export const FIELD_KINDS = ['text', 'textarea', 'number', 'integer', 'select', 'radio', 'checkboxes', 'switch', 'date', 'datetime'] as const;
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
};

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
  items?: { type: 'string'; enum?: string[] };
  uniqueItems?: boolean;
  minItems?: number;
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

/** A field's UI settings: widget, grid width, placeholder, option labels, a dictionary as the option source. */
export interface FieldUi {
  'ui:widget'?: string;
  'ui:placeholder'?: string;
  'ui:enumNames'?: string[];
  'ui:options'?: { span?: number; dictionary?: string; rows?: number };
}

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
  if (field.type === 'boolean') return 'switch';
  if (field.type === 'array') return 'checkboxes';
  if (field.type === 'number') return 'number';
  if (field.type === 'integer') return 'integer';
  if (field.format === 'date') return 'date';
  if (field.format === 'date-time') return 'datetime';
  if (widget === 'textarea') return 'textarea';
  if (widget === 'radio') return 'radio';
  if (field.enum || ui?.['ui:options']?.dictionary) return 'select';
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
