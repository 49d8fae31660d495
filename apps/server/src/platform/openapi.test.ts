import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/helper.ts';

/*
 * The API document at /docs/json is what real clients are built from: it must be a
 * valid OpenAPI document, pass Redocly's recommended rules, describe every operation fully
 * (id, words, tag, permission, success and failure bodies, security) and generate a typed
 * client that compiles. Each check returns every problem it finds, so one run lists all the
 * missing pieces instead of the first one.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON
type Json = any;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const OPERATION_ID = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;
const ERROR_ENVELOPE = ['code', 'success', 'error_code', 'httpCode', 'sys_msg', 'error_description', 'data'];
const PUBLIC_OPERATIONS = [
  ['get', '/api/macro-auth/oauth/public-key'],
  ['post', '/api/macro-auth/oauth/token'],
] as const;
const TOKEN_PATH = '/api/macro-auth/oauth/token';
const FORM = 'application/x-www-form-urlencoded';

interface Operation {
  method: string;
  path: string;
  label: string;
  op: Json;
}

function operationsOf(doc: Json): Operation[] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      method,
      path,
      label: `${method.toUpperCase()} ${path}`,
      op: item[method],
    })),
  );
}

/** Follows local `$ref`s (`#/a/b`) to the object they name; undefined when one dangles. */
function deref(doc: Json, node: Json, seen = new Set<string>()): Json {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  const ref: string = node.$ref;
  if (!ref.startsWith('#/') || seen.has(ref)) return undefined;
  seen.add(ref);
  let target = doc;
  for (const token of ref.slice(2).split('/')) {
    target = target?.[decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return deref(doc, target, seen);
}

/** Property names of a schema, including those of its `allOf` parts. */
function propertiesOf(doc: Json, schema: Json, depth = 0): Set<string> {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || depth > 10) return new Set();
  const names = new Set(Object.keys(s.properties ?? {}));
  for (const part of s.allOf ?? []) for (const name of propertiesOf(doc, part, depth + 1)) names.add(name);
  return names;
}

function responseSchemas(doc: Json, op: Json, status: string): Json[] {
  const response = deref(doc, op.responses?.[status]);
  return Object.values<Json>(response?.content ?? {})
    .map((media) => media?.schema)
    .filter(Boolean);
}

function effectiveSecurity(doc: Json, op: Json): Json[] {
  return op.security ?? doc.security ?? [];
}

function declaresSecurity(doc: Json, op: Json): boolean {
  return effectiveSecurity(doc, op).some((requirement) => Object.keys(requirement ?? {}).length > 0);
}

/** A JSON pointer (RFC 6901) to the node at this path. */
function pointer(path: readonly (string | number)[]): string {
  return `#/${path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/** swagger-parser: the OpenAPI 3 JSON Schema and every `$ref` (all of them, not the first). */
async function validationProblems(doc: Json): Promise<string[]> {
  try {
    await SwaggerParser.validate(structuredClone(doc), { continueOnError: true });
    return [];
  } catch (error) {
    const { errors, details, message } = error as {
      message: string;
      /** Every unresolved `$ref` (continueOnError). */
      errors?: { message: string; path?: (string | number)[] }[];
      /** Every violation of the OpenAPI JSON Schema (Ajv's errors). */
      details?: { instancePath: string; message?: string }[];
    };
    if (errors?.length) return errors.map((e) => (e.path ? `${e.message} (at ${pointer(e.path)})` : e.message));
    if (details?.length) return [...new Set(details.map((d) => `OpenAPI schema: #${d.instancePath || '/'} ${d.message ?? ''}`.trim()))];
    return [message];
  }
}

let redoclyConfig: ReturnType<typeof createConfig> | undefined;

/** Redocly's recommended rules; every problem of severity error. */
async function lintProblems(doc: Json): Promise<string[]> {
  redoclyConfig ??= createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(doc, null, 2),
    absoluteRef: join(tmpdir(), 'openapi.json'),
    config: await redoclyConfig,
  });
  return problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (at ${p.location.map((l) => l.pointer ?? '').join(', ')})`);
}

/** What each operation lacks, one line per operation listing every missing piece; then duplicate ids. */
function operationProblems(doc: Json): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string[]>();
  for (const { label, op } of operationsOf(doc)) {
    const missing: string[] = [];
    if (typeof op.operationId !== 'string' || op.operationId === '') missing.push('operationId');
    else {
      ids.set(op.operationId, [...(ids.get(op.operationId) ?? []), label]);
      if (!OPERATION_ID.test(op.operationId)) missing.push(`operationId like "dict.system.parentList" (has "${op.operationId}")`);
    }
    if (!op.summary?.trim?.()) missing.push('summary');
    if (!op.description?.trim?.()) missing.push('description');
    if (!Array.isArray(op.tags) || op.tags.length === 0) missing.push('tag');
    if (!('x-permission' in op)) missing.push('x-permission');
    if (!op.responses?.['200']) missing.push('200 response');
    else if (responseSchemas(doc, op, '200').length === 0) missing.push('200 response schema');
    if (declaresSecurity(doc, op)) {
      // Every guarded call can answer 401; only those that name a permission code can answer 403.
      const namesCode = typeof op['x-permission'] === 'string' && op['x-permission'].includes(':');
      for (const status of namesCode ? ['401', '403'] : ['401']) {
        const schemas = responseSchemas(doc, op, status);
        if (!op.responses?.[status]) missing.push(`${status} response`);
        else if (schemas.length === 0) missing.push(`${status} response schema`);
        else {
          for (const schema of schemas) {
            const properties = propertiesOf(doc, schema);
            const absent = ERROR_ENVELOPE.filter((name) => !properties.has(name));
            if (absent.length) missing.push(`${status} error envelope (lacks ${absent.join(', ')})`);
          }
        }
      }
    }
    if (missing.length) problems.push(`${label}: no ${missing.join('; no ')}`);
  }
  for (const [id, labels] of ids) if (labels.length > 1) problems.push(`operationId "${id}" is used by ${labels.join(', ')}`);
  return problems;
}

/** Document-level promises: servers, the two security schemes, public operations, the form-encoded token call. */
function documentProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (!Array.isArray(doc.servers) || doc.servers.length === 0) problems.push('servers is empty');
  const schemes = Object.values<Json>(doc.components?.securitySchemes ?? {}).map((s) => deref(doc, s));
  if (!schemes.some((s) => s?.type === 'apiKey' && s.in === 'header' && String(s.name).toLowerCase() === 'macro-auth')) {
    problems.push('components.securitySchemes has no apiKey scheme for the Macro-Auth header');
  }
  if (!schemes.some((s) => s?.type === 'http' && String(s.scheme).toLowerCase() === 'bearer')) {
    problems.push('components.securitySchemes has no http bearer scheme');
  }
  for (const [method, path] of PUBLIC_OPERATIONS) {
    const op = doc.paths?.[path]?.[method];
    if (!op) problems.push(`${method.toUpperCase()} ${path} is missing`);
    else if (!Array.isArray(op.security) || op.security.length !== 0) {
      problems.push(`${method.toUpperCase()} ${path} is public but does not declare security: [] (has ${JSON.stringify(op.security)})`);
    }
  }
  const token = doc.paths?.[TOKEN_PATH]?.post;
  const body = deref(doc, token?.requestBody);
  if (token && !body?.content?.[FORM]?.schema) {
    problems.push(`POST ${TOKEN_PATH} request body is not ${FORM} (has ${Object.keys(body?.content ?? {}).join(', ') || 'none'})`);
  }
  return problems;
}

/** A client a TypeScript user would write against the document: it must compile under strict options. */
const USAGE = `import type { paths } from './schema';

type DictList = paths['/api/macro-system/dict/list']['get'];
type DictListOk = DictList['responses'][200]['content']['application/json'];
type DictListDenied = DictList['responses'][401]['content']['application/json'];
type TokenForm = NonNullable<paths['/api/macro-auth/oauth/token']['post']['requestBody']>['content']['${FORM}'];

export function dataOf(body: DictListOk): unknown {
  return body.success ? body.data : undefined;
}
export function messageOf(body: DictListDenied): string | undefined {
  return body.sys_msg ?? body.error_description;
}
export function grantOf(form: TokenForm): unknown {
  return form.grant_type;
}
`;

/** openapi-typescript's client for the document plus USAGE, type-checked with the compiler API. */
async function clientProblems(doc: Json): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'macro-openapi-'));
  try {
    let schema: string;
    try {
      schema = astToString(await openapiTS(structuredClone(doc), { silent: true }));
    } catch (error) {
      return [`openapi-typescript cannot generate a client: ${(error as Error).message}`];
    }
    await writeFile(join(dir, 'schema.ts'), schema);
    await writeFile(join(dir, 'usage.ts'), USAGE);
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      noUnusedLocals: true,
      exactOptionalPropertyTypes: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    };
    return ts.getPreEmitDiagnostics(program).map((d) => ts.formatDiagnostic(d, host).trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Fails with every problem, one a line (no diff: the list is the message). */
function expectNone(problems: string[], what: string) {
  if (problems.length) assert.fail(`${what}: ${problems.length} problem(s)\n  - ${problems.join('\n  - ')}`);
}

// The document does not depend on the database: checked on the PGlite run only.
describe.skipIf(process.env.TEST_DB === 'postgres')('the API document at /docs/json', () => {
  let server: TestServer;
  let doc: Json;

  beforeAll(async () => {
    server = await startServer();
    const response = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode, response.body).toBe(200);
    doc = response.json();
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI document whose every $ref resolves (swagger-parser)', async () => {
    expectNone(await validationProblems(doc), 'swagger-parser');
  });

  it("has no errors under Redocly's recommended rules", async () => {
    expectNone(await lintProblems(doc), 'Redocly recommended, severity error');
  });

  it('describes every operation: unique id, summary, description, tag, permission, success and failure bodies', () => {
    expect(operationsOf(doc).length, 'operations in the document').toBeGreaterThan(PUBLIC_OPERATIONS.length);
    expectNone(operationProblems(doc), 'operations');
  });

  it('declares servers, both security schemes, the public operations and the form-encoded token call', () => {
    expectNone(documentProblems(doc), 'document');
  });

  it('generates a TypeScript client (openapi-typescript) that compiles under strict options', async () => {
    expectNone(await clientProblems(doc), 'generated client');
  });
});

/** A hand-made document that does everything the checks ask, in the smallest form. */
function goodDocument(): Json {
  const envelope = (data: Json) => ({
    type: 'object',
    required: ['code', 'success', 'data', 'msg'],
    properties: { code: { type: 'integer' }, success: { type: 'boolean' }, data, msg: { type: 'string' } },
  });
  const ok = (data: Json) => ({
    description: 'Success',
    content: { 'application/json': { schema: envelope(data) } },
  });
  const failure = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
  });
  const guarded = {
    security: [{ macroAuth: [] }, { bearerAuth: [] }],
    'x-permission': 'dict:view',
  };
  return {
    openapi: '3.0.3',
    info: { title: 'Fixture', version: '1.0.0', description: 'A fixture.', license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' } },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      { name: 'auth', description: 'Sign-in' },
      { name: 'dict', description: 'Dictionaries' },
    ],
    paths: {
      '/api/macro-auth/oauth/public-key': {
        get: {
          operationId: 'auth.oauth.publicKey',
          summary: 'Public key',
          description: 'The RSA key the password is encrypted with.',
          tags: ['auth'],
          security: [],
          'x-permission': 'public',
          responses: {
            200: ok({ type: 'object', required: ['publicKey'], properties: { publicKey: { type: 'string' } } }),
            400: failure('Bad request'),
          },
        },
      },
      [TOKEN_PATH]: {
        post: {
          operationId: 'auth.oauth.token',
          summary: 'Token',
          description: 'Signs in (RFC 6749).',
          tags: ['auth'],
          security: [],
          'x-permission': 'public',
          requestBody: {
            required: true,
            content: {
              [FORM]: {
                schema: {
                  type: 'object',
                  required: ['grant_type'],
                  properties: { grant_type: { type: 'string', enum: ['password', 'refresh_token', 'social'] }, username: { type: 'string' } },
                },
              },
            },
          },
          responses: {
            200: {
              description: 'Token',
              content: { 'application/json': { schema: { type: 'object', properties: { access_token: { type: 'string' } } } } },
            },
            400: failure('Bad request'),
          },
        },
      },
      '/api/macro-system/dict/list': {
        get: {
          operationId: 'dict.system.list',
          summary: 'Dictionary tree',
          description: 'Every dictionary entry as a tree.',
          tags: ['dict'],
          ...guarded,
          parameters: [{ name: 'code', in: 'query', required: false, schema: { type: 'string' } }],
          responses: {
            200: ok({ type: 'array', items: { $ref: '#/components/schemas/DictNode' } }),
            401: failure('Not signed in'),
            403: failure('Not allowed'),
          },
        },
      },
      '/api/macro-system/dict/parent-list': {
        get: {
          operationId: 'dict.system.parentList',
          summary: 'Parent entries',
          description: 'Entries that can be a parent.',
          tags: ['dict'],
          ...guarded,
          responses: {
            200: ok({ type: 'array', items: { $ref: '#/components/schemas/DictNode' } }),
            401: failure('Not signed in'),
            403: failure('Not allowed'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        macroAuth: { type: 'apiKey', in: 'header', name: 'Macro-Auth', description: '`bearer <access token>`' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: {
        // Recursive, like the real dictionary tree.
        DictNode: {
          type: 'object',
          required: ['id', 'children'],
          properties: { id: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/DictNode' } } },
        },
        Failure: {
          type: 'object',
          required: ERROR_ENVELOPE,
          properties: {
            code: { type: 'integer' },
            success: { type: 'boolean', enum: [false] },
            error_code: { type: 'integer' },
            httpCode: { type: 'integer' },
            sys_msg: { type: 'string' },
            error_description: { type: 'string' },
            data: { type: 'object', nullable: true },
          },
        },
      },
    },
  };
}

describe.skipIf(process.env.TEST_DB === 'postgres')('the checks themselves', () => {
  it('pass a complete hand-made document', async () => {
    const doc = goodDocument();
    expectNone(await validationProblems(doc), 'swagger-parser');
    expectNone(await lintProblems(doc), 'Redocly recommended, severity error');
    expectNone(operationProblems(doc), 'operations');
    expectNone(documentProblems(doc), 'document');
    expectNone(await clientProblems(doc), 'generated client');
  });

  it('reject a document with a missing operationId, a dangling $ref and a public call that asks for a token', async () => {
    const doc = goodDocument();
    const list = doc.paths['/api/macro-system/dict/list'].get;
    delete list.operationId;
    delete list.responses[403];
    list.responses[200].content['application/json'].schema.properties.data = { $ref: '#/components/schemas/schema0' };
    const token = doc.paths[TOKEN_PATH].post;
    delete token.security;
    doc.security = [{ macroAuth: [] }];
    token.requestBody.content = { 'application/json': token.requestBody.content[FORM] };
    doc.servers = [];

    expect(await validationProblems(doc)).toEqual([
      'Missing $ref pointer "#/components/schemas/schema0". Token "schema0" does not exist. (at #/paths/~1api~1macro-system~1dict~1list/get/responses/200/content/application~1json/schema/properties/data)',
    ]);
    const lint = await lintProblems(doc);
    expect(lint).toContain(
      "no-unresolved-refs: Can't resolve $ref (at #/paths/~1api~1macro-system~1dict~1list/get/responses/200/content/application~1json/schema/properties/data)",
    );
    expect(lint).toContain('no-empty-servers: Servers must be a non-empty array. (at #/servers)');
    expect(operationProblems(doc)).toEqual([
      // The token call now inherits the document's security, so it must describe 401 too.
      `POST ${TOKEN_PATH}: no 401 response`,
      'GET /api/macro-system/dict/list: no operationId; no 403 response',
    ]);
    expect(documentProblems(doc)).toEqual([
      'servers is empty',
      `POST ${TOKEN_PATH} is public but does not declare security: [] (has undefined)`,
      `POST ${TOKEN_PATH} request body is not ${FORM} (has application/json)`,
    ]);
  });

  it('name an id of the wrong form, missing words, permission and tag, and the envelope fields a failure lacks', () => {
    const doc = goodDocument();
    const parents = doc.paths['/api/macro-system/dict/parent-list'].get;
    parents.operationId = 'Dict_parent_list';
    delete parents.summary;
    parents.description = ' ';
    parents.tags = [];
    delete parents['x-permission'];
    parents.responses[401].content['application/json'].schema = {
      type: 'object',
      properties: { code: { type: 'integer' }, msg: { type: 'string' } },
    };
    parents.responses[200] = { description: 'Success' };
    expect(operationProblems(doc)).toEqual([
      'GET /api/macro-system/dict/parent-list: no operationId like "dict.system.parentList" (has "Dict_parent_list"); no summary; no description; no tag; no x-permission; no 200 response schema; no 401 error envelope (lacks success, error_code, httpCode, sys_msg, error_description, data)',
    ]);
  });

  it('report every place a document breaks the OpenAPI schema', async () => {
    const doc = goodDocument();
    delete doc.info.title;
    delete doc.paths['/api/macro-system/dict/list'].get.responses[401].description;
    expect(await validationProblems(doc)).toEqual(
      expect.arrayContaining([
        "OpenAPI schema: #/info must have required property 'title'",
        expect.stringMatching(/^OpenAPI schema: #\/paths\/~1api~1macro-system~1dict~1list\/get\/responses\/401 /),
      ]),
    );
  });

  it('report every operation that shares an id', () => {
    const doc = goodDocument();
    doc.paths['/api/macro-system/dict/list'].get.operationId = 'dict.system.parentList';
    expect(operationProblems(doc)).toEqual([
      'operationId "dict.system.parentList" is used by GET /api/macro-system/dict/list, GET /api/macro-system/dict/parent-list',
    ]);
  });

  it('report the security schemes a document lacks', () => {
    const doc = goodDocument();
    doc.components.securitySchemes = { other: { type: 'apiKey', in: 'query', name: 'Macro-Auth' } };
    expect(documentProblems(doc)).toEqual([
      'components.securitySchemes has no apiKey scheme for the Macro-Auth header',
      'components.securitySchemes has no http bearer scheme',
    ]);
  });

  it('type-check the usage file against the generated client', async () => {
    const doc = goodDocument();
    delete doc.paths['/api/macro-system/dict/list'].get.responses[401];
    expect((await clientProblems(doc)).join('\n')).toMatch(/usage\.ts\(\d+,\d+\): error TS\d+: Property '401' does not exist/);
  });
});
