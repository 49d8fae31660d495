import { describe, expect, it } from 'vitest';
import { dataSourceFields, type FieldSchema, type FormDocument, kindOf } from './fields.ts';
import { formDocument } from './schemas.ts';

/** A one-field document: the field's schema and its UI settings. */
const documentOf = (field: FieldSchema, ui: Record<string, unknown>): FormDocument => ({
  schema: { type: 'object', properties: { staff: { title: '员工', ...field } } },
  uiSchema: { staff: ui },
});
const source = { id: 7, value: 'id', label: 'name' };
const messagesOf = (document: unknown) => {
  const parsed = formDocument.safeParse(document);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ message: issue.message, params: (issue as { params?: unknown }).params }));
};

describe('a choice whose options come from a data source', () => {
  it('is accepted as a drop-down, a single or a multiple choice of text, and read back as a choice', () => {
    const select = documentOf({ type: 'string' }, { 'ui:options': { dataSource: source } });
    const radio = documentOf({ type: 'string' }, { 'ui:widget': 'radio', 'ui:options': { dataSource: { id: 7, value: 'id' } } });
    const checkboxes = documentOf(
      { type: 'array', items: { type: 'string' }, uniqueItems: true },
      { 'ui:widget': 'checkboxes', 'ui:options': { dataSource: source } },
    );
    for (const document of [select, radio, checkboxes]) expect(messagesOf(document)).toEqual([]);
    expect(kindOf(select.schema.properties.staff, select.uiSchema.staff as never)).toBe('select');
    expect(kindOf(radio.schema.properties.staff, radio.uiSchema.staff as never)).toBe('radio');
    expect(kindOf(checkboxes.schema.properties.staff, checkboxes.uiSchema.staff as never)).toBe('checkboxes');
    expect(dataSourceFields(select)).toEqual({ staff: source });
    expect(dataSourceFields(documentOf({ type: 'string' }, { 'ui:options': { dictionary: 'CompanyNature' } }))).toEqual({});
  });

  it('refuses a dictionary or fixed options beside it, naming the field', () => {
    const twice = { message: 'forms.optionSourceTwice', params: { field: '员工' } };
    expect(messagesOf(documentOf({ type: 'string' }, { 'ui:options': { dictionary: 'CompanyNature', dataSource: source } }))).toEqual([twice]);
    expect(messagesOf(documentOf({ type: 'string', enum: ['1'] }, { 'ui:options': { dataSource: source } }))).toEqual([twice]);
    expect(messagesOf(documentOf({ type: 'array', items: { type: 'string', enum: ['1'] } }, { 'ui:options': { dataSource: source } }))).toEqual([twice]);
  });

  it('refuses it on a field that is no choice of text', () => {
    const kind = [{ message: 'forms.dataSourceKind', params: { field: '员工' } }];
    expect(messagesOf(documentOf({ type: 'number' }, { 'ui:options': { dataSource: source } }))).toEqual(kind);
    expect(messagesOf(documentOf({ type: 'string', format: 'date' }, { 'ui:options': { dataSource: source } }))).toEqual(kind);
    expect(
      messagesOf(documentOf({ type: 'array', items: { type: 'string', format: 'annex' }, maxItems: 2 }, { 'ui:options': { dataSource: source } })),
    ).toEqual(kind);
  });

  it('takes a data source id, a value column and an optional label column, nothing else', () => {
    const refused = (dataSource: unknown) => messagesOf(documentOf({ type: 'string' }, { 'ui:options': { dataSource } })).map((issue) => issue.message);
    expect(refused({ id: 0, value: 'id' })).toEqual(['common.idInvalid']);
    expect(refused({ id: '7', value: 'id' })).toEqual(['common.idInvalid']);
    expect(refused({ id: 7, value: '' })).toEqual(['datasources.columnRequired']);
    expect(refused({ id: 7, value: 'a\u0000b' })).toEqual(['validation.nulCharacter']);
    expect(refused({ id: 7, value: 'x'.repeat(200) })).toEqual(['validation.maxLength']);
    expect(refused({ id: 7 })).toEqual(['datasources.columnRequired']);
    expect(refused({ id: 7, value: 'id', sql: 'select 1' })).toEqual(['forms.documentInvalid']);
  });
});
