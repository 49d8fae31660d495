import {
  AUTO_NUMBER_WIDGET,
  FIELD_NAME,
  type FieldDataSource,
  type FieldKind,
  type FieldSchema,
  type FieldUi,
  type FormDocument,
  kindOf,
  orderedNames,
} from '@macro/contract/forms';

/*
 * The designer edits a list of fields; the scheme stores the standard pair (JSON Schema + UI
 * schema). These two functions convert between them, so what the designer saves reopens as it was.
 */

export interface FieldOption {
  value: string;
  label: string;
}

export interface DesignField {
  name: string;
  kind: FieldKind;
  title: string;
  required: boolean;
  span: number;
  placeholder: string;
  description: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** One of the contract's validators by name (text fields). */
  format?: string;
  options: FieldOption[];
  /** A dictionary code the options come from instead (select and checkboxes). */
  dictionary?: string;
  /** A data source the options come from instead, as far as it is chosen yet (any choice). */
  dataSource?: Partial<FieldDataSource>;
  rows?: number;
  /** Most files a file field holds. */
  maxItems?: number;
  /** The code rule an auto-number field takes its numbers from. */
  codeRule?: number;
}

/** Files a new file field holds at most. */
export const DEFAULT_MAX_FILES = 5;

export const KINDS_WITH_OPTIONS: readonly FieldKind[] = ['select', 'radio', 'checkboxes'];
export const TEXT_KINDS: readonly FieldKind[] = ['text', 'textarea'];
export const NUMBER_KINDS: readonly FieldKind[] = ['number', 'integer'];

/** Where a choice's options come from: its own list, a dictionary (not radio buttons) or a data source. */
export type OptionSource = 'static' | 'dictionary' | 'dataSource';
export function optionSourceOf(field: Pick<DesignField, 'kind' | 'dictionary' | 'dataSource'>): OptionSource {
  if (!KINDS_WITH_OPTIONS.includes(field.kind)) return 'static';
  if (field.dataSource) return 'dataSource';
  return field.dictionary !== undefined && field.kind !== 'radio' ? 'dictionary' : 'static';
}

/** The field switched to options from `source`: the other sources' settings dropped, its own list kept for a way back. */
export function withOptionSource(source: OptionSource): Pick<DesignField, 'dictionary' | 'dataSource'> {
  return { dictionary: source === 'dictionary' ? '' : undefined, dataSource: source === 'dataSource' ? {} : undefined };
}

/** A new field of `kind` with a name not yet taken. */
export function newField(kind: FieldKind, taken: readonly string[], title: string): DesignField {
  let n = taken.length + 1;
  while (taken.includes(`${kind}${n}`)) n++;
  return {
    name: `${kind}${n}`,
    kind,
    title,
    required: false,
    span: kind === 'textarea' || kind === 'checkboxes' ? 24 : 12,
    placeholder: '',
    description: '',
    options: KINDS_WITH_OPTIONS.includes(kind)
      ? [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]
      : [],
    maxItems: kind === 'file' ? DEFAULT_MAX_FILES : undefined,
  };
}

export function fieldsFromDocument(document: FormDocument): DesignField[] {
  const required = new Set(document.schema.required ?? []);
  return orderedNames(document).map((name) => {
    const schema = document.schema.properties[name];
    const ui = (document.uiSchema[name] ?? {}) as FieldUi & { 'ui:help'?: string };
    const values = (schema.type === 'array' ? schema.items?.enum : schema.enum) ?? [];
    const labels = ui['ui:enumNames'] ?? [];
    return {
      name,
      kind: kindOf(schema, ui),
      title: schema.title ?? '',
      required: required.has(name) || (schema.type === 'array' && (schema.minItems ?? 0) > 0),
      span: ui['ui:options']?.span ?? 24,
      placeholder: ui['ui:placeholder'] ?? '',
      description: schema.description ?? '',
      minLength: schema.minLength,
      maxLength: schema.maxLength,
      minimum: schema.minimum,
      maximum: schema.maximum,
      pattern: schema.pattern,
      format: schema.format === 'date' || schema.format === 'date-time' ? undefined : schema.format,
      options: values.map((value, i) => ({ value: String(value), label: labels[i] ?? String(value) })),
      dictionary: ui['ui:options']?.dictionary,
      dataSource: ui['ui:options']?.dataSource,
      rows: ui['ui:options']?.rows,
      maxItems: schema.maxItems,
      codeRule: ui['ui:options']?.codeRule,
    };
  });
}

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

function schemaOf(field: DesignField): FieldSchema {
  const base = { title: field.title || undefined, description: field.description || undefined };
  const values = optionSourceOf(field) === 'static' ? field.options.map((o) => o.value) : undefined;
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return defined({ type: 'string', ...base, minLength: field.minLength, maxLength: field.maxLength, pattern: field.pattern, format: field.format });
    case 'number':
    case 'integer':
      return defined({ type: field.kind, ...base, minimum: field.minimum, maximum: field.maximum });
    case 'select':
    case 'radio':
      return defined({ type: 'string', ...base, enum: values });
    case 'checkboxes':
      return defined({
        type: 'array',
        ...base,
        items: defined({ type: 'string' as const, enum: values }),
        uniqueItems: true,
        minItems: field.required ? 1 : undefined,
      });
    case 'switch':
      return defined({ type: 'boolean', ...base });
    case 'date':
      return defined({ type: 'string', ...base, format: 'date' });
    case 'datetime':
      return defined({ type: 'string', ...base, format: 'date-time' });
    case 'file':
      return defined({
        type: 'array',
        ...base,
        items: { type: 'string' as const, format: 'annex' as const },
        minItems: field.required ? 1 : undefined,
        maxItems: field.maxItems ?? DEFAULT_MAX_FILES,
      });
    case 'autoNumber':
      return defined({ type: 'string', ...base });
  }
}

function uiOf(field: DesignField): FieldUi {
  const source = optionSourceOf(field);
  const widget =
    field.kind === 'textarea'
      ? 'textarea'
      : field.kind === 'radio'
        ? 'radio'
        : field.kind === 'checkboxes' && source !== 'dictionary'
          ? 'checkboxes'
          : field.kind === 'file'
            ? 'annexes'
            : field.kind === 'autoNumber'
              ? AUTO_NUMBER_WIDGET
              : undefined;
  const options = defined({
    span: field.span,
    dictionary: source === 'dictionary' ? field.dictionary : undefined,
    dataSource: source === 'dataSource' ? defined({ ...field.dataSource }) : undefined,
    rows: field.kind === 'textarea' ? field.rows : undefined,
    codeRule: field.kind === 'autoNumber' ? field.codeRule : undefined,
  });
  return defined({
    'ui:widget': widget,
    'ui:placeholder': field.placeholder || undefined,
    'ui:enumNames': KINDS_WITH_OPTIONS.includes(field.kind) && source === 'static' ? field.options.map((o) => o.label) : undefined,
    'ui:options': options as FieldUi['ui:options'],
  });
}

export function documentFromFields(fields: readonly DesignField[], title?: string): FormDocument {
  return {
    schema: defined({
      type: 'object' as const,
      title: title || undefined,
      properties: Object.fromEntries(fields.map((f) => [f.name, schemaOf(f)])),
      // A required choice of many is both present (required) and not empty (minItems). An auto
      // number is never asked for: the server gives it.
      required: fields.filter((f) => f.required && f.kind !== 'autoNumber').map((f) => f.name),
    }),
    uiSchema: { 'ui:order': fields.map((f) => f.name), ...Object.fromEntries(fields.map((f) => [f.name, uiOf(f)])) },
  };
}

/** Problems the designer shows before saving (the server checks again). */
export function fieldProblems(fields: readonly DesignField[]): { name: string; key: string }[] {
  const problems: { name: string; key: string }[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (!FIELD_NAME.test(field.name)) problems.push({ name: field.name, key: 'forms.fieldNameInvalid' });
    else if (seen.has(field.name)) problems.push({ name: field.name, key: 'designer.nameTaken' });
    seen.add(field.name);
    const source = optionSourceOf(field);
    if (KINDS_WITH_OPTIONS.includes(field.kind) && source !== 'dataSource' && !field.dictionary && !field.options.length)
      problems.push({ name: field.name, key: 'designer.optionsRequired' });
    if (source === 'dataSource' && (!field.dataSource?.id || !field.dataSource.value)) problems.push({ name: field.name, key: 'designer.dataSourceRequired' });
    if (field.kind === 'autoNumber' && !field.codeRule) problems.push({ name: field.name, key: 'designer.codeRuleRequired' });
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength)
      problems.push({ name: field.name, key: 'forms.rangeInvalid' });
    if (field.minimum !== undefined && field.maximum !== undefined && field.minimum > field.maximum)
      problems.push({ name: field.name, key: 'forms.rangeInvalid' });
  }
  return problems;
}
