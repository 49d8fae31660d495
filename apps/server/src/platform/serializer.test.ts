import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Endpoint, successOf } from '@macro/contract';
import { menuTreeNode } from '@macro/contract/menus';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializer } from './serializer.ts';

const serialize = (schema: z.ZodType) => responseSerializer({ schema, method: 'GET', url: '/probe', httpStatus: '200' }) as (data: unknown) => string;

/** Every endpoint the contract declares, from each domain's `endpoints.ts`. */
async function contractEndpoints(): Promise<Endpoint[]> {
  const source = join(import.meta.dirname, '../../../../packages/contract/src');
  const found: Endpoint[] = [];
  for (const domain of readdirSync(source, { withFileTypes: true })) {
    if (!domain.isDirectory() || !readdirSync(join(source, domain.name)).includes('endpoints.ts')) continue;
    const loaded = (await import(join(source, domain.name, 'endpoints.ts'))) as Record<string, unknown>;
    for (const group of Object.values(loaded)) {
      for (const value of Object.values(group as Record<string, unknown>)) {
        if (value && typeof value === 'object' && 'operationId' in value && 'response' in value) found.push(value as Endpoint);
      }
    }
  }
  return found;
}

describe('compiled response serializers', () => {
  it('write what the zod schema writes, and nothing it does not declare', () => {
    const schema = successOf(
      z.object({
        id: z.number(),
        name: z.string(),
        note: z.string().nullable(),
        deptId: z.number().nullable(),
        tags: z.array(z.object({ key: z.string(), on: z.boolean() })),
        extra: z.string().optional(),
      }),
    );
    const data = {
      code: 200,
      success: true,
      msg: '操作成功',
      data: { id: 7, name: '出纳 "甲"\n\u2028', note: null, deptId: 3, tags: [{ key: 'a', on: true, secret: 'x' }], passwordHash: 'scrypt$…' },
    };
    const written = serialize(schema)(data);
    expect(written).toBe(JSON.stringify(schema.encode(data as never)));
    expect(written).not.toContain('passwordHash');
    expect(written).not.toContain('secret');
    expect(JSON.parse(written).data.name).toBe('出纳 "甲"\n\u2028');
  });

  it('write trees of any depth', () => {
    const node = (id: number, children: unknown[] = []) => ({
      id,
      parentId: 0,
      title: `n${id}`,
      key: id,
      value: id,
      code: `c${id}`,
      category: 1,
      i18n: '',
      children,
    });
    const tree = [node(1, [node(2, [node(3, [node(4)])])])];
    const schema = z.array(menuTreeNode);
    expect(JSON.parse(serialize(schema)(tree))).toEqual(schema.parse(tree));
  });

  it('are compiled for every endpoint of the contract, but those whose schema JSON Schema cannot say', async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(300);
    const fallBack = endpoints.filter((endpoint) => {
      try {
        fastJson(responseJsonSchema(endpoint.envelope === false ? endpoint.response : successOf(endpoint.response)) as never);
        return false;
      } catch {
        return true;
      }
    });
    // Form schemes carry their designer JSON as a custom type: zod's serializer writes them.
    expect(fallBack.map((e) => e.operationId).every((id) => id.startsWith('forms.'))).toBe(true);
    expect(fallBack.length).toBeLessThanOrEqual(12);
  });
});
