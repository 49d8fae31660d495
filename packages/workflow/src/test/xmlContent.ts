import { SaxesParser } from 'saxes';

/**
 * Attribute values the BPMN 2.0 schema (BPMN20.xsd, Semantic.xsd) gives by default: writing one
 * or leaving it out says the same thing, and bpmn-moddle leaves them out.
 */
const SCHEMA_DEFAULTS: Record<string, string> = {
  completionQuantity: '1',
  startQuantity: '1',
  isForCompensation: 'false',
  isInterrupting: 'true',
  cancelActivity: 'true',
  parallelMultiple: 'false',
  isCollection: 'false',
  isClosed: 'false',
  isImmediate: 'false',
  instantiate: 'false',
  isSequential: 'false',
  gatewayDirection: 'Unspecified',
  expressionLanguage: 'http://www.w3.org/1999/XPath',
  typeLanguage: 'http://www.w3.org/2001/XMLSchema',
  behavior: 'All',
  associationDirection: 'None',
  itemKind: 'Information',
  processType: 'None',
  isHorizontal: 'false',
  isMarkerVisible: 'false',
  isMessageVisible: 'false',
  isExpanded: 'false',
  waitForCompletion: 'true',
  method: '##unspecified',
  implementation: '##unspecified',
  triggeredByEvent: 'false',
  testBefore: 'false',
  eventGatewayType: 'Exclusive',
  textFormat: 'text/plain',
  // Not a default of BPMNDI.xsd, but bpmn-moddle's descriptor declares it one and omits it.
  messageVisibleKind: 'initiating',
};

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

/** 12.0 and 12 are one number. */
const canonical = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? String(Number(value)) : value.replace(/\s+/g, ' ').trim());

/**
 * The content of an XML document as a sorted list of element signatures: the element's
 * namespace and name under its nearest ancestor with an id, its attributes (namespace-qualified,
 * namespace declarations left out) and its text. Prefixes, order of siblings, whitespace and
 * formatting do not count; a lost, added or changed element, attribute or text does.
 */
export function xmlContent(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const signatures: string[] = [];
  const stack: { signature: string; scope: string; text: string }[] = [];
  parser.on('opentag', (tag) => {
    const parent = stack[stack.length - 1];
    const attributes = Object.values(tag.attributes)
      .filter((a) => a.prefix !== 'xmlns' && a.name !== 'xmlns')
      .filter((a) => a.uri || SCHEMA_DEFAULTS[a.local] !== a.value)
      // xsi:type="dc:Point" on a waypoint restates the declared type.
      .filter((a) => !(a.uri === XSI && a.local === 'type' && a.value.endsWith(':Point')))
      // An xsi:type names a schema type; its prefix is whatever the writer declared. An attribute
      // qualified with its own element's namespace is the unqualified one.
      .map((a) => {
        const uri = a.uri === tag.uri ? '' : a.uri;
        return `${uri ? `{${uri}}` : ''}${a.local}=${a.uri === XSI ? a.value.replace(/^.*:/, '') : canonical(a.value)}`;
      });
    let local = tag.local;
    // <formalExpression> is <expression xsi:type="tFormalExpression"> (its substitution group).
    if (tag.uri === BPMN && local === 'formalExpression') {
      local = 'expression';
      attributes.push(`{${XSI}}type=tFormalExpression`);
    }
    const name = `{${tag.uri}}${local}`;
    const id = (tag.attributes.id as { value?: string } | undefined)?.value;
    const scope = id ? `${parent?.scope ?? ''}/${id}` : (parent?.scope ?? '');
    stack.push({ signature: `${parent?.scope ?? ''} ${name} [${[...new Set(attributes)].sort().join(' ')}]`, scope, text: '' });
  });
  parser.on('text', (text) => {
    if (stack.length) stack[stack.length - 1].text += text;
  });
  parser.on('cdata', (text) => {
    if (stack.length) stack[stack.length - 1].text += text;
  });
  parser.on('closetag', () => {
    const element = stack.pop()!;
    const text = element.text.trim().replace(/\s+/g, ' ');
    signatures.push(text ? `${element.signature} "${text}"` : element.signature);
  });
  parser.write(xml).close();
  return signatures.sort();
}
