import { checkFormData, type FormSchemaDoc } from '@macro/contract/forms';
import { describe, expect, it } from 'vitest';
import { firstSchemaError } from './validate.ts';

/** The schema rules the designer writes, each at least once. */
const schema: FormSchemaDoc = {
  type: 'object',
  properties: {
    name: { type: 'string', title: '姓名', format: 'chineseName' },
    mobile: { type: 'string', format: 'mobile' },
    id: { type: 'string', format: 'idCard' },
    site: { type: 'string', format: 'url' },
    mail: { type: 'string', format: 'email' },
    remark: { type: 'string', minLength: 2, maxLength: 4 },
    code: { type: 'string', pattern: '^E\\d{3}$' },
    amount: { type: 'number', minimum: 1, maximum: 5000 },
    count: { type: 'integer', minimum: 0 },
    level: { type: 'string', enum: ['a', 'b'] },
    tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, uniqueItems: true, minItems: 1 },
    urgent: { type: 'boolean' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    files: { type: 'array', items: { type: 'string', format: 'annex' }, minItems: 1, maxItems: 2 },
  },
  required: ['name', 'amount'],
};

const base = { name: '张三', amount: 10 };
const cases: Record<string, unknown>[] = [
  base,
  {},
  { amount: 10 },
  { ...base, name: 'Li' },
  { ...base, name: '欧阳娜娜娜' },
  { ...base, mobile: '13800138000' },
  { ...base, mobile: '23800138000' },
  { ...base, mobile: 13800138000 },
  { ...base, id: '11010519491231002X' },
  { ...base, id: '110105194912310021' },
  { ...base, site: 'https://example.com/a' },
  { ...base, site: 'ftp://user:pw@host' },
  { ...base, mail: 'a@b.cn' },
  { ...base, mail: 'a@@b' },
  { ...base, remark: '好' },
  { ...base, remark: '好的' },
  { ...base, remark: '😀😀😀😀' },
  { ...base, remark: '12345' },
  { ...base, code: 'E123' },
  { ...base, code: 'E12' },
  { ...base, amount: 0.5 },
  { ...base, amount: 5000 },
  { ...base, amount: 5000.01 },
  { ...base, amount: '10' },
  { ...base, amount: null },
  { ...base, count: 1.5 },
  { ...base, count: -1 },
  { ...base, level: 'a' },
  { ...base, level: 'c' },
  { ...base, level: 1 },
  { ...base, tags: [] },
  { ...base, files: ['0b5e2a8c-6f1d-4c3e-9a7b-2d4f6e8a0c1b'] },
  { ...base, files: ['0b5e2a8c-6f1d-4c3e-9a7b-2d4f6e8a0c1b', '1b5e2a8c-6f1d-4c3e-9a7b-2d4f6e8a0c1b', '2b5e2a8c-6f1d-4c3e-9a7b-2d4f6e8a0c1b'] },
  { ...base, files: [] },
  { ...base, files: ['x'] },
  { ...base, files: [7] },
  { ...base, tags: ['x', 'x'] },
  { ...base, tags: ['z'] },
  { ...base, tags: [1] },
  { ...base, tags: 'x' },
  { ...base, urgent: 'true' },
  { ...base, day: '2026-02-28' },
  { ...base, day: '2026-02-29' },
  { ...base, day: '2026/02/28' },
  { ...base, at: '2026-02-28T10:00:00+08:00' },
  { ...base, at: '2026-02-28 10:00' },
  { ...base, at: 'soon' },
  { ...base, ghost: 1 },
];

describe('the console’s form check and the server’s ajv', () => {
  it.each(cases.map((data, i) => [i, data]))('agree on case %i', (_, data) => {
    const record = data as Record<string, unknown>;
    const ours = checkFormData(schema, record, { extra: 'refuse' });
    const ajv = firstSchemaError(schema, record);
    expect(ours.length === 0).toBe(ajv === null);
    if (ajv) expect(ours.map((issue) => `${issue.keyword} ${issue.field}`)).toContain(`${ajv.keyword} ${ajv.field}`);
  });
});
