import { z } from 'zod';
import { columnNameProblem } from '../columnNames.ts';
import { id, idParam, jsonObject, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { dataSourceColumn } from '../datasources/schemas.ts';
import { AUTO_NUMBER_WIDGET, type FieldSchema, type FieldUi, FIELD_SPANS, FORM_FORMAT_NAMES, type FormDocument, MAX_FIELD_FILES } from './fields.ts';
import { INT_MAX } from '../limits.ts';

const invalid = { message: 'forms.documentInvalid' };
const noNul = (v: string) => !v.includes('\u0000');

/** A field name: a letter, then letters, digits or `_` (it becomes a data key and, for custom tables, a column). */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
export const MAX_FIELDS = 200;
/** Most bytes one form document (schema and UI schema) may take, as JSON. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

const shortString = z.string(invalid).max(400, invalid).refine(noNul, invalid);
const finite = z.number(invalid).finite(invalid);
const count = z.number(invalid).int(invalid).min(0, invalid).max(100_000, invalid);
const compiles = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

const fieldSchema = z
  .object(
    {
      type: z.enum(['string', 'number', 'integer', 'boolean', 'array'], invalid),
      title: shortString.optional(),
      description: z.string(invalid).max(1600, invalid).refine(noNul, invalid).optional(),
      default: z.union([z.string().max(1600).refine(noNul), finite, z.boolean(), z.array(shortString).max(200)], invalid).optional(),
      enum: z
        .array(z.union([shortString, finite], invalid), invalid)
        .min(1, invalid)
        .max(500, invalid)
        .optional(),
      minLength: count.optional(),
      maxLength: count.optional(),
      minimum: finite.optional(),
      maximum: finite.optional(),
      pattern: z.string(invalid).max(200, invalid).refine(compiles, { message: 'forms.patternInvalid' }).optional(),
      format: z.enum([...FORM_FORMAT_NAMES, 'date', 'date-time'], invalid).optional(),
      items: z
        .object(
          {
            type: z.literal('string', invalid),
            enum: z.array(shortString, invalid).max(500, invalid).optional(),
            format: z.literal('annex', invalid).optional(),
          },
          invalid,
        )
        .strict()
        .optional(),
      uniqueItems: z.boolean(invalid).optional(),
      minItems: count.optional(),
      maxItems: z.number(invalid).int(invalid).min(1, invalid).max(MAX_FIELD_FILES, invalid).optional(),
    },
    invalid,
  )
  .strict()
  .refine((f) => f.minLength === undefined || f.maxLength === undefined || f.minLength <= f.maxLength, { message: 'forms.rangeInvalid' })
  .refine((f) => f.minimum === undefined || f.maximum === undefined || f.minimum <= f.maximum, { message: 'forms.rangeInvalid' })
  .refine((f) => f.minItems === undefined || f.maxItems === undefined || f.minItems <= f.maxItems, { message: 'forms.rangeInvalid' })
  // A file field is bounded: at most MAX_FIELD_FILES annexes.
  .refine((f) => f.items?.format !== 'annex' || (f.type === 'array' && f.maxItems !== undefined), invalid);

const fieldUi = z
  .object(
    {
      'ui:widget': z
        .enum(['text', 'textarea', 'select', 'radio', 'checkboxes', 'updown', 'date', 'datetime', 'hidden', 'annexes', AUTO_NUMBER_WIDGET], invalid)
        .optional(),
      'ui:placeholder': shortString.optional(),
      'ui:help': shortString.optional(),
      'ui:enumNames': z.array(shortString, invalid).max(500, invalid).optional(),
      'ui:options': z
        .object(
          {
            span: z.union(FIELD_SPANS.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<6>, z.ZodLiteral<8>], invalid).optional(),
            dictionary: z
              .string(invalid)
              .regex(/^[A-Za-z0-9_.-]{1,100}$/, invalid)
              .optional(),
            dataSource: z.object({ id, value: dataSourceColumn, label: dataSourceColumn.optional() }, invalid).strict().optional(),
            rows: z.number(invalid).int(invalid).min(1, invalid).max(20, invalid).optional(),
            /** The code rule of an auto-number field (its widget `autoNumber`); the server checks the tenant has it. */
            codeRule: z.number(invalid).int(invalid).min(0, invalid).max(INT_MAX, invalid).optional(),
          },
          invalid,
        )
        .strict()
        .optional(),
    },
    invalid,
  )
  .strict();

/** A choice a data source can fill: a single one of text, or a multiple one of texts (not files). */
const takesTextOptions = (field: FieldSchema) =>
  (field.type === 'string' && field.format === undefined) || (field.type === 'array' && field.items?.type === 'string' && field.items.format === undefined);

/**
 * A field takes its options from one place: fixed (`enum`), a dictionary or a data source; a
 * data source fills only a choice of texts. Each refusal names the field.
 */
function checkOptionSources(document: FormDocument, ctx: z.RefinementCtx) {
  for (const [name, ui] of Object.entries(document.uiSchema)) {
    const field = document.schema.properties[name];
    const options = (ui as FieldUi | undefined)?.['ui:options'];
    if (name === 'ui:order' || !field || !options?.dataSource) continue;
    const params = { field: field.title || name };
    if (options.dictionary || field.enum || field.items?.enum)
      ctx.addIssue({ code: 'custom', path: ['uiSchema', name], message: 'forms.optionSourceTwice', params });
    else if (!takesTextOptions(field)) ctx.addIssue({ code: 'custom', path: ['uiSchema', name], message: 'forms.dataSourceKind', params });
  }
}

/** A form scheme's document: the JSON Schema of its data and the UI schema that lays it out. */
export const formDocument = z
  .object(
    {
      schema: z
        .object(
          {
            type: z.literal('object', invalid),
            title: shortString.optional(),
            properties: z.record(z.string().regex(FIELD_NAME, { message: 'forms.fieldNameInvalid' }), fieldSchema, invalid),
            required: z.array(z.string(invalid), invalid).max(MAX_FIELDS, invalid).optional(),
          },
          invalid,
        )
        .strict(),
      uiSchema: z
        .object(
          {
            'ui:order': z
              .array(z.string(invalid), invalid)
              .max(MAX_FIELDS + 1, invalid)
              .optional(),
          },
          invalid,
        )
        .catchall(fieldUi)
        .default({}),
    },
    invalid,
  )
  .refine((d) => Object.keys(d.schema.properties).length >= 1, { message: 'forms.noFields' })
  .refine((d) => Object.keys(d.schema.properties).length <= MAX_FIELDS, { message: 'forms.tooManyFields' })
  .refine((d) => (d.schema.required ?? []).every((name) => name in d.schema.properties), invalid)
  .refine((d) => Object.keys(d.uiSchema).every((key) => key === 'ui:order' || key in d.schema.properties), invalid)
  .superRefine((d, ctx) => checkOptionSources(d as FormDocument, ctx))
  .refine((d) => new TextEncoder().encode(JSON.stringify(d)).length <= MAX_DOCUMENT_BYTES, { message: 'forms.documentTooLarge' }) as unknown as z.ZodType<
  FormDocument,
  FormDocument
>;

/** A scheme code: what a template's node binds (`formKey`); letters, digits, `_` and `-`, unique in the tenant. */
const schemeCode = requiredText('short', 'forms.codeRequired').refine((v) => /^[A-Za-z0-9_-]+$/.test(v), { message: 'forms.codeInvalid' });

export const formSchemeInput = z.object({
  code: schemeCode,
  name: requiredText('standard', 'forms.nameRequired'),
  category: text('short').default(''),
  description: text('description').default(''),
  document: formDocument,
});
export type FormSchemeInput = z.input<typeof formSchemeInput>;

/** Columns every custom table has besides its fields: a field may not take their names. */
export const CUSTOM_TABLE_SYSTEM_COLUMNS = ['id', 'tenant_id', 'form_version', 'create_user', 'created_at', 'updated_at'] as const;

/**
 * The message key refusing a field name as a custom table's column (compared without case): the
 * table's own columns and PostgreSQL's system columns, then its reserved key words; null when
 * the name can be a column.
 */
export function customTableColumnRefusal(name: string): 'forms.columnReserved' | 'forms.columnKeyword' | null {
  if ((CUSTOM_TABLE_SYSTEM_COLUMNS as readonly string[]).includes(name.toLowerCase())) return 'forms.columnReserved';
  const problem = columnNameProblem(name);
  return problem === 'system' ? 'forms.columnReserved' : problem === 'reserved' ? 'forms.columnKeyword' : null;
}

/**
 * A custom-table scheme: its data go to a table of their own, one column per field, under
 * `tableName` (lower-case letters, digits and `_`, unique in the tenant).
 */
export const customTableName = z
  .string({ message: 'forms.tableNameRequired' })
  .min(1, { message: 'forms.tableNameRequired' })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'forms.tableNameInvalid' });
export const customTableInput = formSchemeInput.extend({ tableName: customTableName }).superRefine((input, ctx) => {
  for (const name of Object.keys(input.document.schema.properties)) {
    const refusal = customTableColumnRefusal(name);
    if (refusal) ctx.addIssue({ code: 'custom', path: ['document'], message: refusal, params: { field: name } });
  }
});
export type CustomTableInput = z.input<typeof customTableInput>;

/** A scheme as the list shows it. */
export const formScheme = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    category: z.string(),
    description: z.string(),
    enabled: z.boolean(),
    isDefault: z.boolean(),
    version: z.number(),
    fieldCount: z.number(),
    /** A custom-table scheme's table name; null when data are kept as JSON. */
    tableName: z.string().nullable(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'FormScheme' });
export type FormScheme = z.infer<typeof formScheme>;

const anyDocument = z.custom<FormDocument>(() => true).meta({ id: 'FormDocument', description: 'JSON Schema of the data and the UI schema' });

/** A scheme with its current document. */
export const formSchemeInfo = formScheme.extend({ document: anyDocument }).meta({ id: 'FormSchemeInfo' });
export type FormSchemeInfo = z.infer<typeof formSchemeInfo>;

export const formSchemeVersion = z
  .object({ version: z.number(), fieldCount: z.number(), createTime: z.string(), createUserName: z.string() })
  .meta({ id: 'FormSchemeVersion' });
export type FormSchemeVersion = z.infer<typeof formSchemeVersion>;

export const formSchemeListQuery = pageQuery.extend({
  name: searchText,
  category: searchText,
  enabled: z
    .enum(['0', '1'], { message: 'common.badRequest' })
    .transform((v) => v === '1')
    .optional(),
});
export const formIdParams = z.object({ id: idParam });
export const formFlagParams = z.object({ id: idParam, v: z.enum(['0', '1'], { message: 'common.badRequest' }).transform((v) => v === '1') });
export const formVersionQuery = z.object({ version: idParam.optional() });
export const formFieldParams = z.object({ id: idParam, field: z.string().regex(FIELD_NAME, { message: 'forms.fieldNameInvalid' }) });

/** One option of a choice as the form offers it: the value kept, the label shown. */
export const fieldOption = z.object({ value: z.string(), label: z.string() }).meta({ id: 'FormFieldOption' });
export type FieldOption = z.infer<typeof fieldOption>;

/** A field as other screens bind to it. */
export const bindField = z.object({ name: z.string(), title: z.string(), kind: z.string(), required: z.boolean() }).meta({ id: 'FormBindField' });
export const bindFieldsQuery = z.object({
  code: z
    .string()
    .max(50)
    .regex(/^(system:)?[A-Za-z0-9_-]+$/, { message: 'forms.codeInvalid' }),
});

// ---------------------------------------------------------------- instance data

/** One record filled in through a form: its data are checked against the scheme's schema, on the server too. */
export const formInstance = z
  .object({
    primaryKey: z.string(),
    schemeId: z.number(),
    version: z.number(),
    data: z.record(z.string(), z.unknown()),
    createUserName: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'FormInstance' });
export type FormInstance = z.infer<typeof formInstance>;

/** Data filled in through a form: field names of at most 50 characters, the JSON limits of every filled-in object. */
export const formData = jsonObject('forms.dataInvalid').refine((data) => Object.keys(data).every((name) => name.length <= 50), {
  message: 'forms.dataInvalid',
});
export const formInstanceBody = z.object({ data: formData });
const primaryKey = z.string({ message: 'forms.keyInvalid' }).regex(/^[0-9a-f-]{36}$/, { message: 'forms.keyInvalid' });
export const formInstanceParams = z.object({ id: idParam, key: primaryKey });
export const formInstanceListQuery = pageQuery.extend({ F_FormId: idParam, primaryKey: primaryKey.optional() });

// ---------------------------------------------------------------- form relations (list pages over a form)

export const formRelationInput = z.object({
  name: requiredText('standard', 'forms.relationNameRequired'),
  schemeId: id,
  columns: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { message: 'forms.fieldUnknown' }), { message: 'forms.columnsRequired' })
    .min(1, { message: 'forms.columnsRequired' })
    .max(50, { message: 'forms.columnsRequired' }),
  description: text('description').default(''),
});
export type FormRelationInput = z.input<typeof formRelationInput>;

export const formRelation = z
  .object({
    id: z.number(),
    name: z.string(),
    schemeId: z.number(),
    schemeName: z.string(),
    columns: z.array(z.string()),
    description: z.string(),
    createTime: z.string(),
  })
  .meta({ id: 'FormRelation' });
export type FormRelation = z.infer<typeof formRelation>;
export const formRelationListQuery = pageQuery.extend({ name: searchText });

// ---------------------------------------------------------------- binding (workflow side)

export const bindableQuery = z.object({ F_Type: searchText });
export const bindableForm = z
  .object({ id: z.number(), code: z.string(), name: z.string(), category: z.string(), isDefault: z.boolean() })
  .meta({ id: 'BindableForm' });
export const systemFormParams = z.object({ id: z.string().regex(/^[a-z]{1,30}$/, { message: 'forms.notFound' }) });
export const systemForm = z
  .object({ id: z.string(), code: z.string(), name: z.string(), category: z.string(), document: anyDocument })
  .meta({ id: 'SystemForm' });
export const resolvedForm = z
  .object({ key: z.string(), name: z.string(), schemeId: z.number().nullable(), version: z.number(), document: anyDocument })
  .meta({ id: 'ResolvedForm' });
export const removed = z.object({ removed: z.number() });
