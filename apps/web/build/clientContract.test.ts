import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { clientContract, SERVER_ONLY_KEYS } from './clientContract';

const read = (code: string) => clientContract(code, 'endpoints.ts')?.toString() ?? code;

/** Syntax errors of a module, as the TypeScript transform would report them. */
const syntaxErrors = (code: string) =>
  (
    ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).diagnostics ?? []
  ).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

const TABLE = `import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { PERMS as P } from './permissions.ts';
import { record, recordInput, listQuery } from './schemas.ts';

const BASE = '/things';
/** Never read once the keys go. */
const shared = { method: 'GET', tag: 'things', access: P.view, query: listQuery } as const;

export const THING_ENDPOINTS = {
  page: defineEndpoint({ ...shared, operationId: 'things.page', path: \`\${BASE}/page\`, summary: 'Page', description: 'A page of things.', response: pageOf(record) }),
  create: defineEndpoint({
    operationId: 'things.create',
    method: 'POST',
    path: BASE,
    tag: 'things',
    summary: 'Create',
    description: 'Creates a thing.',
    access: P.add,
    body: recordInput,
    bodyType: 'form',
    response: z.object({ id: z.number() }),
    envelope: false,
    failures: [422],
  }),
  file: defineEndpoint({ operationId: 'things.file', method: 'GET', path: \`\${BASE}/file\`, cookieAuth: true, response: z.null() }),
};
`;

describe('the console reading of a contract module', () => {
  it('keeps what a call needs and drops the schemas, the guard and the prose', () => {
    const out = read(TABLE);
    expect(syntaxErrors(out)).toEqual([]);
    for (const kept of [
      "operationId: 'things.create'",
      "method: 'POST'",
      'path: BASE',
      "bodyType: 'form'",
      'envelope: false',
      'cookieAuth: true',
      "operationId: 'things.page'",
    ])
      expect(out).toContain(kept);
    for (const gone of ['recordInput', 'pageOf(record)', 'A page of things', 'Creates a thing', 'P.add', 'failures', 'listQuery', 'z.object'])
      expect(out).not.toContain(gone);
  });

  it('drops the imports nothing reads any more, so the bundler does not place the schemas beside the table', () => {
    const out = read(TABLE);
    expect(out).not.toMatch(/from '\.\/schemas\.ts'/);
    expect(out).not.toMatch(/from '\.\.\/envelope\.ts'/);
    expect(out).not.toMatch(/from '\.\/permissions\.ts'/);
    expect(out).toMatch(/import \{ defineEndpoint \} from '\.\.\/endpoint\.ts'/);
  });

  it('strips the shared part spread into a definition, keeping its method', () => {
    const out = read(TABLE);
    expect(out).toMatch(/const shared = \{ method: 'GET',\s*\} as const/);
  });

  it('marks module-level schemas pure and removes private ones nobody reads', () => {
    const out = read(`import { z } from 'zod';
const unused = z.string().min(2);
const used = z.number();
export const LIMIT = 5;
export const thing = z.object({ size: used }).meta({ id: 'Thing' });
export type Thing = z.infer<typeof thing>;
`);
    expect(syntaxErrors(out)).toEqual([]);
    expect(out).not.toContain('unused');
    expect(out).toContain("export const thing = /*#__PURE__*/ (() => (z.object({ size: used }).meta({ id: 'Thing' })))();");
    expect(out).toContain('const used = /*#__PURE__*/ (() => (z.number()))();');
    expect(out).toContain('export const LIMIT = 5;');
  });

  it('leaves a module with nothing to change alone', () => {
    expect(clientContract('export const LIMIT = 5;\nexport function twice(n: number) { return n * 2; }\n', 'limits.ts')).toBeNull();
  });

  it('reads every module of the contract into valid code without a server-only key in any endpoint', () => {
    const root = join(import.meta.dirname, '../../../packages/contract/src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(50);
    let endpoints = 0;
    for (const file of files) {
      const out = read(readFileSync(join(root, file), 'utf8'));
      expect(syntaxErrors(out), file).toEqual([]);
      const source = ts.createSourceFile(file, out, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineEndpoint') {
          endpoints += 1;
          const [definition] = node.arguments;
          if (definition && ts.isObjectLiteralExpression(definition))
            for (const property of definition.properties)
              if (property.name && ts.isIdentifier(property.name))
                expect(SERVER_ONLY_KEYS.has(property.name.text), `${file}: ${property.name.text}`).toBe(false);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(endpoints).toBeGreaterThanOrEqual(400);
  });
});
