import { checkFormData, formDocument, SYSTEM_FORMS } from '@macro/contract/forms';
import { describe, expect, it } from 'vitest';
import { documentFromFields, fieldProblems, fieldsFromDocument, newField, optionSourceOf, withOptionSource } from './designerModel';

describe('form designer model', () => {
  it('turns every field kind into a valid scheme and back, unchanged', () => {
    const kinds = ['text', 'textarea', 'number', 'integer', 'select', 'radio', 'checkboxes', 'switch', 'date', 'datetime', 'file'] as const;
    const fields = kinds.map((kind, i) => ({ ...newField(kind, [], `F${i}`), required: i % 2 === 0 }));
    fields[0] = { ...fields[0], minLength: 2, maxLength: 20, format: 'mobile', placeholder: '手机' };
    fields[2] = { ...fields[2], minimum: 1, maximum: 9 };
    fields[4] = { ...fields[4], dictionary: 'CompanyNature', options: [] };
    const document = documentFromFields(fields);
    expect(formDocument.safeParse(document).success).toBe(true);
    expect(document.schema.properties.text1).toMatchObject({ type: 'string', minLength: 2, maxLength: 20, format: 'mobile' });
    expect(document.schema.properties.select1).not.toHaveProperty('enum');
    expect(document.uiSchema.select1).toMatchObject({ 'ui:options': { dictionary: 'CompanyNature' } });
    expect(document.schema.properties.checkboxes1).toMatchObject({ type: 'array', items: { enum: ['a', 'b'] }, uniqueItems: true });
    expect(document.schema.properties.file1).toMatchObject({ type: 'array', items: { type: 'string', format: 'annex' }, minItems: 1, maxItems: 5 });
    expect(document.uiSchema.file1).toMatchObject({ 'ui:widget': 'annexes' });
    // A required list (checkboxes, files) must be there and not empty.
    expect(document.schema.required).toEqual(['text1', 'number1', 'select1', 'checkboxes1', 'date1', 'file1']);
    expect(
      checkFormData(document.schema, {
        text1: '13800138000',
        number1: 2,
        select1: '1',
        date1: '2026-01-01',
        file1: ['0b5e2a8c-6f1d-4c3e-9a7b-2d4f6e8a0c1b'],
      }).map((i) => i.field),
    ).toEqual(['checkboxes1']);
    const back = fieldsFromDocument(document);
    expect(back.map((f) => f.kind)).toEqual([...kinds]);
    expect(documentFromFields(back)).toEqual(document);
  });

  it('keeps options from a data source for a drop-down, radio buttons and checkboxes, and nothing of the other sources', () => {
    const staff = { id: 7, value: 'id', label: 'name' };
    const select = { ...newField('select', [], '员工'), dataSource: staff };
    const radio = { ...newField('radio', ['select1'], '替补'), dataSource: { id: 7, value: 'id' }, dictionary: 'stale' };
    const checkboxes = { ...newField('checkboxes', ['select1', 'radio2'], '成员'), dataSource: staff };
    const document = documentFromFields([select, radio, checkboxes]);
    expect(formDocument.safeParse(document).success).toBe(true);
    expect(document.schema.properties).toEqual({
      select1: { type: 'string', title: '员工' },
      radio2: { type: 'string', title: '替补' },
      checkboxes3: { type: 'array', title: '成员', items: { type: 'string' }, uniqueItems: true },
    });
    expect(document.uiSchema.select1).toEqual({ 'ui:options': { span: 12, dataSource: staff } });
    expect(document.uiSchema.radio2).toEqual({ 'ui:widget': 'radio', 'ui:options': { span: 12, dataSource: { id: 7, value: 'id' } } });
    expect(document.uiSchema.checkboxes3).toEqual({ 'ui:widget': 'checkboxes', 'ui:options': { span: 24, dataSource: staff } });
    const back = fieldsFromDocument(document);
    expect(back.map((f) => [f.kind, optionSourceOf(f)])).toEqual([
      ['select', 'dataSource'],
      ['radio', 'dataSource'],
      ['checkboxes', 'dataSource'],
    ]);
    expect(documentFromFields(back)).toEqual(document);
    // Back to fixed options: the list kept aside returns, the data source goes.
    const fixed = documentFromFields([{ ...select, ...withOptionSource('static') }]);
    expect(fixed.schema.properties.select1).toMatchObject({ enum: ['a', 'b'] });
    expect(fixed.uiSchema.select1).toEqual({ 'ui:enumNames': ['A', 'B'], 'ui:options': { span: 12 } });
  });

  it('keeps an auto-number field bound to its code rule, never asks for it, and names one without a rule', () => {
    const number = { ...newField('autoNumber', [], '单号'), required: true, codeRule: 7 };
    const document = documentFromFields([number, newField('text', ['autoNumber1'], '事项')]);
    expect(formDocument.safeParse(document).success).toBe(true);
    expect(document.schema.properties.autoNumber1).toEqual({ type: 'string', title: '单号' });
    expect(document.uiSchema.autoNumber1).toMatchObject({ 'ui:widget': 'autoNumber', 'ui:options': { codeRule: 7 } });
    // The server gives it: a form that asked for it could never be sent.
    expect(document.schema.required ?? []).not.toContain('autoNumber1');
    expect(fieldsFromDocument(document)[0]).toMatchObject({ kind: 'autoNumber', codeRule: 7 });
    expect(fieldProblems([{ ...number, codeRule: undefined }])).toEqual([{ name: 'autoNumber1', key: 'designer.codeRuleRequired' }]);
  });

  it('reads the system forms as the designer shows them', () => {
    for (const form of SYSTEM_FORMS) expect(documentFromFields(fieldsFromDocument(form.document)).schema.properties).toEqual(form.document.schema.properties);
  });

  it('names what would be refused before saving', () => {
    const a = newField('text', [], 'A');
    const b = { ...newField('select', [], 'B'), options: [] };
    const c = { ...newField('radio', [], 'C'), name: 'c', options: [], dataSource: { id: 7 } };
    expect(fieldProblems([a, { ...a }, b, { ...a, name: '9x', minLength: 5, maxLength: 1 }, c]).map((p) => p.key)).toEqual([
      'designer.nameTaken',
      'designer.optionsRequired',
      'forms.fieldNameInvalid',
      'forms.rangeInvalid',
      'designer.dataSourceRequired',
    ]);
    expect(fieldProblems([{ ...c, dataSource: { id: 7, value: 'id' } }])).toEqual([]);
  });
});
