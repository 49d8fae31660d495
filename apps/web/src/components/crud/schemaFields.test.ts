import { dictSubmit } from '@macro/contract/dict';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeField } from './schemaFields';

describe('describeField', () => {
  it('reads input kinds, requiredness and bounds from the contract schema', () => {
    const { id, code, sort, isSealed, remark } = dictSubmit.shape;
    expect(describeField(id)).toMatchObject({ kind: 'number', required: false, integer: true });
    expect(describeField(code)).toEqual({ kind: 'text', required: true, maxLength: 100 });
    // A default fills a missing value on the server; the form still asks for it.
    expect(describeField(sort)).toEqual({ kind: 'number', required: true, integer: true, min: 0, max: 99999 });
    expect(describeField(isSealed)).toEqual({ kind: 'choice', required: true, options: [0, 1] });
    expect(describeField(remark)).toEqual({ kind: 'textarea', required: false, maxLength: 1600 });
  });

  it('knows booleans, enums, plain limits and optional fields', () => {
    expect(describeField(z.boolean())).toEqual({ kind: 'switch', required: true });
    expect(describeField(z.enum(['a', 'b']).optional())).toEqual({ kind: 'choice', required: false, options: ['a', 'b'] });
    expect(describeField(z.string().max(500))).toEqual({ kind: 'textarea', required: false, maxLength: 500 });
    expect(describeField(z.number().min(1).max(5))).toMatchObject({ kind: 'number', required: true, integer: false, min: 1, max: 5 });
  });
});
