import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * What of an endpoint definition only the server and the API document read: its zod schemas
 * (validation and serialisation), its access rule (the server's guard) and its prose. The
 * console calls an endpoint by `operationId`, `method`, `path`, `bodyType`, `envelope` and
 * `cookieAuth` (see src/api/endpoint.ts); the schemas give it types only.
 */
export const SERVER_ONLY_KEYS = new Set(['params', 'query', 'body', 'upload', 'response', 'access', 'tag', 'summary', 'description', 'failures', 'aliases']);

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/;

type Range = readonly [number, number];

/**
 * The console's reading of a contract module:
 * - every `defineEndpoint({ … })` loses its server-only keys;
 * - what that leaves unused goes too: module-private constants and functions nothing refers to
 *   any more, and imports none of whose names is still read. The bundler places a module by
 *   the imports that reach it, so an endpoint table that still imported its schemas would take
 *   them, and zod, into every chunk that makes a call;
 * - each remaining module-level constant built by a call (a zod schema, an endpoint table) is
 *   marked pure, by evaluating it in an annotated arrow: building a schema changes nothing
 *   else, but the bundler cannot know that of `z.object(…).meta(…)`, so it would keep every
 *   schema of a module a screen takes one constant from.
 */
export function clientContract(code: string, fileName: string): MagicString | null {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const removed: Range[] = serverOnlyProperties(source, code);
  const inRemoved = (node: ts.Node) => removed.some(([start, end]) => node.getStart(source) >= start && node.end <= end);

  // Module-private declarations and imports left without a reader, until none is left.
  for (let more = true; more; ) {
    more = false;
    const reads = readNames(source, inRemoved);
    for (const statement of source.statements) {
      if (inRemoved(statement)) continue;
      const names = declaredNames(statement);
      if (names && names.length > 0 && names.every((name) => !reads.has(name))) {
        removed.push([statement.getFullStart(), statement.end]);
        more = true;
      }
    }
  }

  const out = new MagicString(code);
  for (const [start, end] of removed) out.remove(start, end);
  for (const statement of source.statements) {
    if (inRemoved(statement) || !ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer;
      if (!value || ts.isArrowFunction(value) || ts.isFunctionExpression(value) || !containsCall(value)) continue;
      out.prependLeft(value.getStart(source), '/*#__PURE__*/ (() => (');
      out.appendRight(value.end, '))()');
    }
  }
  return out.hasChanged() ? out : null;
}

/**
 * The source ranges of the server-only keys of every endpoint definition, and of the module's
 * constant objects spread into one (`defineEndpoint({ ...shared, operationId: … })`).
 */
function serverOnlyProperties(source: ts.SourceFile, code: string): Range[] {
  const ranges: Range[] = [];
  const constants = new Map<string, ts.ObjectLiteralExpression>();
  for (const statement of source.statements)
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer && skipAssertions(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && value && ts.isObjectLiteralExpression(value)) constants.set(declaration.name.text, value);
      }
  const stripped = new Set<ts.ObjectLiteralExpression>();
  const strip = (definition: ts.ObjectLiteralExpression) => {
    if (stripped.has(definition)) return;
    stripped.add(definition);
    const properties = definition.properties;
    properties.forEach((property, index) => {
      if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
        const shared = constants.get(property.expression.text);
        if (shared) strip(shared);
        return;
      }
      if (!(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property))) return;
      const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : null;
      if (!name || !SERVER_ONLY_KEYS.has(name)) return;
      // Up to the next property, or past the last one's trailing comma.
      const end = index + 1 < properties.length ? properties[index + 1].getStart(source) : afterComma(code, property.end);
      ranges.push([property.getStart(source), end]);
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineEndpoint') {
      const [definition] = node.arguments;
      if (definition && ts.isObjectLiteralExpression(definition)) strip(definition);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges;
}

/** `{ … } as const` and `{ … } satisfies T` as the object itself. */
function skipAssertions(node: ts.Expression): ts.Expression {
  return ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? skipAssertions(node.expression) : node;
}

/**
 * The names a removable statement declares: the local names of an import (not a bare
 * `import './x'`), or of a module-private `const` or function. Null for anything else, which
 * stays whatever it declares.
 */
function declaredNames(statement: ts.Statement): string[] | null {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return null;
    const names = clause.name ? [clause.name.text] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((element) => element.name.text));
    return names;
  }
  const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  if (exported) return null;
  if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
    const names = statement.declarationList.declarations.map((declaration) => (ts.isIdentifier(declaration.name) ? declaration.name.text : null));
    return names.every((name): name is string => name !== null) ? names : null;
  }
  if (ts.isFunctionDeclaration(statement) && statement.name) return [statement.name.text];
  return null;
}

/**
 * Every name the module reads outside what is removed (declared names, property names and
 * import bindings are not reads). Type positions count as reads: keeping an import a type
 * needs is harmless, the TypeScript transform drops it.
 */
function readNames(source: ts.SourceFile, inRemoved: (node: ts.Node) => boolean): Set<string> {
  const reads = new Set<string>();
  const visit = (node: ts.Node) => {
    if (inRemoved(node) || ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && !isDeclarationOrMemberName(node)) reads.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

function isDeclarationOrMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  if (ts.isQualifiedName(parent) && parent.right === node) return true;
  if (
    (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodSignature(parent) || ts.isMethodDeclaration(parent)) &&
    parent.name === node
  )
    return true;
  if (
    (ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent) || ts.isTypeAliasDeclaration(parent) || ts.isInterfaceDeclaration(parent)) &&
    parent.name === node
  )
    return true;
  return false;
}

/** Whether evaluating `node` calls something (a function body inside does not count). */
function containsCall(node: ts.Node): boolean {
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) return true;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  return ts.forEachChild(node, containsCall) ?? false;
}

/** The position after the comma that follows `from` (whitespace between), or `from` when none does. */
function afterComma(code: string, from: number): number {
  const match = /^\s*,/.exec(code.slice(from));
  return match ? from + match[0].length : from;
}

/** The console's build of the contract (see `clientContract`). */
export function clientContractPlugin(): Plugin {
  return {
    name: 'macro-client-contract',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const out = clientContract(code, id);
      return out ? { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) } : null;
    },
  };
}
