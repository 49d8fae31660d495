import type { FormDocument } from './fields.ts';

/*
 * System forms: forms the product ships, the same in every tenant and read-only. A template
 * binds one as `system:<id>` (spec "systemform").
 */

export interface SystemFormDef {
  id: string;
  name: string;
  category: string;
  document: FormDocument;
}

export const SYSTEM_FORM_PREFIX = 'system:';

export const SYSTEM_FORMS: readonly SystemFormDef[] = [
  {
    id: 'leave',
    name: '请假单',
    category: 'hr',
    document: {
      schema: {
        type: 'object',
        properties: {
          leaveType: { type: 'string', title: '请假类型', enum: ['annual', 'sick', 'personal'] },
          startDate: { type: 'string', title: '开始日期', format: 'date' },
          endDate: { type: 'string', title: '结束日期', format: 'date' },
          days: { type: 'number', title: '天数', minimum: 0.5, maximum: 365 },
          reason: { type: 'string', title: '事由', maxLength: 800 },
        },
        required: ['leaveType', 'startDate', 'endDate', 'days', 'reason'],
      },
      uiSchema: {
        'ui:order': ['leaveType', 'days', 'startDate', 'endDate', 'reason'],
        leaveType: { 'ui:widget': 'radio', 'ui:enumNames': ['年假', '病假', '事假'], 'ui:options': { span: 12 } },
        days: { 'ui:options': { span: 12 } },
        startDate: { 'ui:options': { span: 12 } },
        endDate: { 'ui:options': { span: 12 } },
        reason: { 'ui:widget': 'textarea', 'ui:options': { span: 24, rows: 3 } },
      },
    },
  },
  {
    id: 'expense',
    name: '报销单',
    category: 'finance',
    document: {
      schema: {
        type: 'object',
        properties: {
          amount: { type: 'number', title: '金额（元）', minimum: 0.01, maximum: 1_000_000_000 },
          purpose: { type: 'string', title: '用途', maxLength: 200 },
          payee: { type: 'string', title: '收款人', maxLength: 50 },
          mobile: { type: 'string', title: '联系电话', format: 'mobile' },
        },
        required: ['amount', 'purpose'],
      },
      uiSchema: {
        'ui:order': ['amount', 'payee', 'mobile', 'purpose'],
        amount: { 'ui:options': { span: 12 } },
        payee: { 'ui:options': { span: 12 } },
        mobile: { 'ui:options': { span: 12 } },
        purpose: { 'ui:widget': 'textarea', 'ui:options': { span: 24, rows: 3 } },
      },
    },
  },
];

export const systemFormOf = (id: string) => SYSTEM_FORMS.find((form) => form.id === id);
