import { API_PREFIX } from '@macro/contract';
import { OPEN_PREFIX, TENANT_HEADER } from '@macro/contract/interfaces';
import type { Tx } from '@macro/store';
import { asc, eq, inArray } from 'drizzle-orm';
import { dataSources } from '../datasources/public.ts';
import { interfaces } from './tables.ts';

interface Parameter {
  name: string;
  type: string;
  required?: boolean;
  label?: string;
}

const SCHEMA_TYPES: Record<string, { type: string; format?: string }> = {
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  text: { type: 'string' },
};

/**
 * The tenant's enabled custom interfaces as an OpenAPI 3.0 document: each under a tag of its
 * own, a data source's parameters declared with their types (query for GET, a JSON body for
 * POST), the security each one asks for.
 */
export async function interfaceDocument(tx: Tx, tenantName: string): Promise<Record<string, unknown>> {
  const rows = await tx.select().from(interfaces).where(eq(interfaces.enabled, true)).orderBy(asc(interfaces.path), asc(interfaces.method));
  const sourceIds = [...new Set(rows.flatMap((r) => (r.dataSourceId ? [r.dataSourceId] : [])))];
  const sources = sourceIds.length
    ? await tx.select({ id: dataSources.id, parameters: dataSources.parameters }).from(dataSources).where(inArray(dataSources.id, sourceIds))
    : [];
  const parametersOf = new Map(sources.map((s) => [s.id, (s.parameters ?? []) as Parameter[]]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const declared = row.kind === 'dataSource' ? (parametersOf.get(row.dataSourceId ?? 0) ?? []) : [];
    const page: Parameter[] =
      row.kind === 'dataSource'
        ? [
            { name: 'current', type: 'number' },
            { name: 'size', type: 'number' },
          ]
        : [];
    const all: Parameter[] = [...declared, ...page];
    const operation: Record<string, unknown> = {
      operationId: `open.${row.code}`,
      summary: row.name,
      description: row.remark || undefined,
      tags: [row.name],
      security: row.anonymous ? [] : [{ macroAuth: [] }, { bearerAuth: [] }],
      ...(row.permission ? { 'x-permission': row.permission } : {}),
      responses: { 200: { description: 'Success' }, 404: { description: 'Disabled or unknown' }, 429: { description: 'Past the rate limit; see Retry-After' } },
    };
    if (row.method === 'GET') {
      operation.parameters = [
        ...all.map((p) => ({
          name: p.name,
          in: 'query',
          required: Boolean(p.required),
          description: p.label || undefined,
          schema: SCHEMA_TYPES[p.type] ?? SCHEMA_TYPES.text,
        })),
        ...(row.anonymous ? [{ name: TENANT_HEADER, in: 'header', required: true, schema: { type: 'string' } }] : []),
      ];
    } else {
      operation.parameters = row.anonymous ? [{ name: TENANT_HEADER, in: 'header', required: true, schema: { type: 'string' } }] : [];
      operation.requestBody = {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(all.map((p) => [p.name, SCHEMA_TYPES[p.type] ?? SCHEMA_TYPES.text])),
              required: all.filter((p) => p.required).map((p) => p.name),
            },
          },
        },
      };
    }
    const key = `${API_PREFIX}${OPEN_PREFIX}/${row.path}`;
    paths[key] = { ...paths[key], [row.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: { title: `${tenantName} interfaces`, version: '1' },
    tags: rows.map((r) => ({ name: r.name, description: r.remark || undefined })),
    paths,
    components: {
      securitySchemes: {
        macroAuth: { type: 'apiKey', in: 'header', name: 'Macro-Auth' },
        bearerAuth: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
