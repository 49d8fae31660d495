/**
 * Expressions in the `${...}` (JUEL) form other BPMN tools write, in the subset a condition needs:
 * names (with `.` paths), numbers, strings, `true`, `false`, `null`, comparisons (`==`, `eq`, …),
 * `&&`, `||`, `and`, `or`, `!`/`not` before a name or a bracket, arithmetic and brackets. They are
 * translated once, at deploy, into the FEEL the engine evaluates; anything else (method calls,
 * `empty`, `?:`, indexes) is refused with the reason.
 */

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(&&|\|\||==|!=|<=|>=|<|>|!|\(|\)|\+|-|\*|\/|\.)|([A-Za-z_][A-Za-z0-9_]*))/y;

/** JUEL's operators and their words, as FEEL writes them. */
const OPERATORS = new Map<string, string>([
  ['&&', 'and'],
  ['||', 'or'],
  ['and', 'and'],
  ['or', 'or'],
  ['==', '='],
  ['eq', '='],
  ['!=', '!='],
  ['ne', '!='],
  ['<', '<'],
  ['lt', '<'],
  ['>', '>'],
  ['gt', '>'],
  ['<=', '<='],
  ['le', '<='],
  ['>=', '>='],
  ['ge', '>='],
  ['div', '/'],
  ['+', '+'],
  ['-', '-'],
  ['*', '*'],
  ['/', '/'],
  ['(', '('],
  [')', ')'],
]);

const LITERALS = new Set(['true', 'false', 'null']);
const UNSUPPORTED = new Set(['empty', 'instanceof', 'mod']);

type Token = { kind: 'number' | 'string' | 'op' | 'name'; text: string };

function tokenize(expression: string): Token[] | string {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    const rest = expression.slice(TOKEN.lastIndex);
    if (!rest.trim()) break;
    const at = TOKEN.lastIndex + rest.length - rest.trimStart().length;
    const match = TOKEN.exec(expression);
    if (!match) return `unexpected character at ${at + 1}`;
    const [, number, single, double, op, name] = match;
    if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (single !== undefined || double !== undefined) tokens.push({ kind: 'string', text: (single ?? double).replace(/\\(.)/g, '$1') });
    else if (op !== undefined) tokens.push({ kind: 'op', text: op });
    else tokens.push({ kind: 'name', text: name });
  }
  return tokens;
}

/** The JUEL body of `${...}` or `#{...}`, or undefined when the expression is not in that form. */
export function juelBody(expression: string): string | undefined {
  return /^[$#]\{([\s\S]*)\}$/.exec(expression.trim())?.[1];
}

/** The FEEL of a JUEL expression's body (what is between `${` and `}`). */
export function juelToFeel(body: string): { feel: string } | { error: string } {
  const tokens = tokenize(body);
  if (typeof tokens === 'string') return { error: tokens };
  const out: string[] = [];
  /** A name with its `.` path from token `i`: the FEEL path, the index after it, and whether a call follows. */
  const path = (i: number): { text: string; next: number; call: boolean } | undefined => {
    if (tokens[i]?.kind !== 'name' || OPERATORS.has(tokens[i].text) || UNSUPPORTED.has(tokens[i].text)) return undefined;
    let text = tokens[i].text;
    let next = i + 1;
    while (tokens[next]?.text === '.' && tokens[next + 1]?.kind === 'name') {
      text += `.${tokens[next + 1].text}`;
      next += 2;
    }
    return { text, next, call: tokens[next]?.text === '(' };
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'number') out.push(token.text);
    else if (token.kind === 'string') out.push(JSON.stringify(token.text));
    else if (token.text === '!' || token.text === 'not') {
      // not(…) is FEEL's negation: of a bracket, or of one name.
      if (tokens[i + 1]?.text === '(') {
        out.push('not(');
        i++;
        continue;
      }
      const operand = path(i + 1);
      if (!operand || operand.call) return { error: `${token.text} is supported before a name or a bracket only` };
      out.push(`not(${operand.text})`);
      i = operand.next - 1;
    } else if (OPERATORS.has(token.text)) out.push(OPERATORS.get(token.text)!);
    else if (token.kind === 'name' && LITERALS.has(token.text)) out.push(token.text);
    else if (token.kind === 'name' && !UNSUPPORTED.has(token.text)) {
      const name = path(i)!;
      if (name.call) return { error: `${name.text}(): method and function calls are not supported` };
      out.push(name.text);
      i = name.next - 1;
    } else return { error: `${token.text} is not supported` };
  }
  return out.length ? { feel: out.join(' ') } : { error: 'empty expression' };
}
