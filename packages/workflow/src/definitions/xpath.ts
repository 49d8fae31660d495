/**
 * Conditions in BPMN's default expression language, XPath 1.0, in the subset process models
 * exchanged between tools use: data read with the spec's `getDataObject('name')` (BPMN 2.0
 * §10.4.4), literals, comparisons, `and`, `or`, `not()`, `true()`, `false()` and arithmetic.
 * They are translated once, at deploy, into the FEEL the engine evaluates; anything outside the
 * subset (paths, other functions) is refused with the reason.
 */

export const XPATH_LANGUAGE = 'http://www.w3.org/1999/XPath';

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|'([^']*)'|"([^"]*)"|(!=|<=|>=|=|<|>|\(|\)|,|\+|-|\*)|([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?))/y;
/** The FEEL name a data object's variable is read by: a plain identifier. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Token = { kind: 'number' | 'string' | 'op' | 'name'; text: string };

function tokenize(expression: string): Token[] | string {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    if (!expression.slice(TOKEN.lastIndex).trim()) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expression);
    if (!match) return `unexpected character at ${at + 1}`;
    const [, number, single, double, op, name] = match;
    if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (single !== undefined || double !== undefined) tokens.push({ kind: 'string', text: single ?? double });
    else if (op !== undefined) tokens.push({ kind: 'op', text: op });
    else tokens.push({ kind: 'name', text: name });
  }
  return tokens;
}

/** A function's name without the BPMN prefix; another prefix is not BPMN's. */
const localName = (name: string) => (name.startsWith('bpmn:') ? name.slice(5) : name.includes(':') ? null : name);

/**
 * The FEEL of an XPath condition, reading data objects as variables of their names; `dataObjects`
 * maps the names and ids a model declares to those names.
 */
export function xpathToFeel(expression: string, dataObjects: ReadonlyMap<string, string>): { feel: string } | { error: string } {
  const tokens = tokenize(expression);
  if (typeof tokens === 'string') return { error: tokens };
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'number' || token.kind === 'op') out.push(token.text);
    else if (token.kind === 'string') out.push(JSON.stringify(token.text));
    else if (tokens[i + 1]?.text === '(') {
      const name = localName(token.text);
      if (name === 'not') {
        out.push('not(');
        i++;
      } else if (name === 'true' || name === 'false') {
        if (tokens[i + 2]?.text !== ')') return { error: `${name}() takes no argument` };
        out.push(name);
        i += 2;
      } else if (name === 'getDataObject') {
        // getDataObject(['process name',] 'data object name')
        const args: string[] = [];
        let j = i + 2;
        for (; tokens[j] && tokens[j].text !== ')'; j++) {
          if (tokens[j].kind === 'string') args.push(tokens[j].text);
          else if (tokens[j].text !== ',') return { error: 'getDataObject takes the data object name as a string' };
        }
        if (!tokens[j] || !args.length || args.length > 2) return { error: 'getDataObject takes the data object name as a string' };
        const variable = dataObjects.get(args[args.length - 1]);
        if (!variable) return { error: `no data object named ${args[args.length - 1]}` };
        if (!IDENTIFIER.test(variable)) return { error: `data object name ${variable} is not a plain identifier` };
        out.push(variable);
        i = j;
      } else return { error: `function ${token.text} is not supported` };
    } else if (token.text === 'and' || token.text === 'or') out.push(token.text);
    else if (token.text === 'div') out.push('/');
    else return { error: `${token.text}: paths are not supported, read data with getDataObject` };
  }
  return out.length ? { feel: out.join(' ') } : { error: 'empty expression' };
}
