import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** `anyOf: [{type: X}, {type: 'null'}]` as `type: [X, 'null']`: the serializer writes it without trying each branch. */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplified(value);
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex];
    if (nullIndex >= 0 && typeof other?.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      const { anyOf: _branches, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema a response schema writes (its output side); throws when JSON Schema cannot say it. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return simplified(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' })) as JsonSchema;
}

/**
 * Writes responses with a serializer compiled once per route from the endpoint's response schema
 * (fast-json-stringify over its JSON Schema): only the fields the contract declares leave the
 * server, and no validation pass or generic walk runs per response. The server tests read every
 * response back through the zod schema itself. A schema JSON Schema cannot express keeps zod's
 * own serializer (validate, then JSON.stringify).
 */
export const responseSerializer: FastifySerializerCompiler<z.ZodType> = (route) => {
  // Compiled when the route first answers with this status: a server starts without compiling
  // the thousand serializers of routes and failures it may never send.
  let write: ((data: unknown) => string) | undefined;
  const compile = (): ((data: unknown) => string) => {
    try {
      return fastJson(responseJsonSchema(route.schema) as unknown as Parameters<typeof fastJson>[0]);
    } catch {
      return zodSerializer(route as never) as (data: unknown) => string;
    }
  };
  return (data: unknown) => {
    write ??= compile();
    return write(data);
  };
};
