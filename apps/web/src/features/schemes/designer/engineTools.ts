/*
 * The designer's palette, context pad and "change type" menu, cut to what the engine runs
 * (packages/workflow/src/definitions/model.ts lints the rest away) and named in the reader's
 * language through bpmn-js's `translate`. Registered after bpmn-js's own providers, each one
 * rewrites their entries.
 */

type Translate = (template: string) => string;
type Listener = (event: Event, element?: unknown) => void;
interface Entry {
  group?: string;
  className?: string;
  title?: string;
  html?: string;
  separator?: boolean;
  action?: Listener | Record<string, Listener>;
}
type Entries = Record<string, Entry>;
interface Shape {
  type: string;
  businessObject: { $type: string; eventDefinitions?: { $type: string }[] };
}
interface ElementFactory {
  createShape(attrs: Record<string, unknown>): Shape;
}
interface Create {
  start(event: Event, shape: Shape | Shape[], context?: Record<string, unknown>): void;
}
interface AutoPlace {
  append(source: unknown, shape: Shape): void;
}

/** A kind of node the designer offers: the shape it makes and its words. */
interface Kind {
  id: string;
  type: string;
  className: string;
  append: string;
  create: string;
  options?: Record<string, unknown>;
}

const catchEvent = (definition: string) => ({ eventDefinitionType: definition });

/** What the engine runs, in the order the palette and the context pad offer it. */
export const KINDS: readonly Kind[] = [
  { id: 'approval', type: 'bpmn:UserTask', className: 'bpmn-icon-user-task', append: 'Append approval node', create: 'Create approval node' },
  { id: 'cc', type: 'bpmn:SendTask', className: 'bpmn-icon-send-task', append: 'Append CC node', create: 'Create CC node' },
  { id: 'condition', type: 'bpmn:ExclusiveGateway', className: 'bpmn-icon-gateway-xor', append: 'Append condition', create: 'Create condition' },
  {
    id: 'parallel',
    type: 'bpmn:ParallelGateway',
    className: 'bpmn-icon-gateway-parallel',
    append: 'Append parallel branches',
    create: 'Create parallel branches',
  },
  { id: 'service', type: 'bpmn:ServiceTask', className: 'bpmn-icon-service-task', append: 'Append service call', create: 'Create service call' },
  {
    id: 'timer',
    type: 'bpmn:IntermediateCatchEvent',
    className: 'bpmn-icon-intermediate-event-catch-timer',
    append: 'Append timer',
    create: 'Create timer',
    options: catchEvent('bpmn:TimerEventDefinition'),
  },
  {
    id: 'message',
    type: 'bpmn:IntermediateCatchEvent',
    className: 'bpmn-icon-intermediate-event-catch-message',
    append: 'Append message wait',
    create: 'Create message wait',
    options: catchEvent('bpmn:MessageEventDefinition'),
  },
  {
    id: 'signal',
    type: 'bpmn:IntermediateCatchEvent',
    className: 'bpmn-icon-intermediate-event-catch-signal',
    append: 'Append signal wait',
    create: 'Create signal wait',
    options: catchEvent('bpmn:SignalEventDefinition'),
  },
  { id: 'receive', type: 'bpmn:ReceiveTask', className: 'bpmn-icon-receive-task', append: 'Append receive task', create: 'Create receive task' },
  {
    id: 'event-gateway',
    type: 'bpmn:EventBasedGateway',
    className: 'bpmn-icon-gateway-eventbased',
    append: 'Append event-based gateway',
    create: 'Create event-based gateway',
  },
  { id: 'end', type: 'bpmn:EndEvent', className: 'bpmn-icon-end-event-none', append: 'Append end event', create: 'Create end event' },
];

/** What an event-based gateway may lead to (the engine's GATEWAY_EVENTS). */
const AFTER_EVENT_GATEWAY = new Set(['timer', 'message', 'signal', 'receive']);
/** The rest of the context pad: a receive task waits like a message wait, so it is offered after an event-based gateway only. */
const AFTER_NODE = new Set(['approval', 'cc', 'condition', 'parallel', 'service', 'timer', 'message', 'signal', 'event-gateway', 'end']);
/** The palette: the start, and a sub-process, besides the kinds. */
const IN_PALETTE = new Set(['approval', 'cc', 'condition', 'parallel', 'service', 'timer', 'message', 'signal', 'event-gateway', 'end']);

/** bpmn-js's palette tools kept as they are (bpmn-js names them). */
const TOOLS = ['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'tool-separator', 'create.start-event'];
/** bpmn-js's context pad entries kept: connecting, changing the type, deleting and a comment. */
const PAD_KEPT = new Set(['connect', 'replace', 'delete', 'append.text-annotation']);

/** The "change type" choices the engine runs (bpmn-js's entry ids). */
export const REPLACEABLE = new Set([
  'replace-with-none-start',
  'replace-with-message-start',
  'replace-with-signal-start',
  'replace-with-none-end',
  'replace-with-terminate-end',
  'replace-with-signal-end',
  'replace-with-timer-intermediate-catch',
  'replace-with-message-intermediate-catch',
  'replace-with-signal-intermediate-catch',
  'replace-with-signal-intermediate-throw',
  'replace-with-timer-boundary',
  'replace-with-non-interrupting-timer-boundary',
  'replace-with-error-boundary',
  'replace-with-signal-boundary',
  'replace-with-non-interrupting-signal-boundary',
  'replace-with-user-task',
  'replace-with-service-task',
  'replace-with-send-task',
  'replace-with-receive-task',
  'replace-with-call-activity',
  'replace-with-collapsed-subprocess',
  'replace-with-expanded-subprocess',
  'replace-with-subprocess',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-inclusive-gateway',
  'replace-with-event-based-gateway',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
]);
/** The header toggles kept: multi-instance (the engine runs it on user tasks only) and non-interrupting boundary events. */
const MULTI_INSTANCE = new Set(['toggle-parallel-mi', 'toggle-sequential-mi']);

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A context pad button named for assistive technology (diagram-js gives it a title only). */
const namedButton = (entry: Entry): Entry =>
  entry.title ? { ...entry, html: `<div class="entry" role="button" tabindex="0" aria-label="${escapeAttribute(entry.title)}"></div>` } : entry;

function EnginePalette(
  this: unknown,
  palette: { registerProvider(priority: number, provider: unknown): void },
  create: Create,
  elementFactory: ElementFactory,
  translate: Translate,
) {
  palette.registerProvider(LATER, {
    getPaletteEntries: () => (stock: Entries) => {
      const entries: Entries = {};
      for (const id of TOOLS) if (stock[id]) entries[id] = stock[id];
      // Groups show in the order they first appear (start and end, the nodes, the branches, the waits); an entry joins its group.
      const kinds = KINDS.filter((k) => IN_PALETTE.has(k.id)).sort((a, b) => GROUPS.indexOf(groupOf(a)) - GROUPS.indexOf(groupOf(b)));
      for (const kind of kinds) {
        const start = (event: Event) => create.start(event, elementFactory.createShape({ type: kind.type, ...kind.options }));
        entries[`create.${kind.id}`] = {
          group: groupOf(kind),
          className: kind.className,
          title: translate(kind.create),
          action: { dragstart: start, click: start },
        };
      }
      if (stock['create.subprocess-expanded']) entries['create.subprocess-expanded'] = stock['create.subprocess-expanded'];
      return entries;
    },
  });
}
EnginePalette.$inject = ['palette', 'create', 'elementFactory', 'translate'];

const GROUPS = ['event', 'activity', 'gateway', 'wait'];
/** The palette group of a kind: the end event beside the start event (bpmn-js's 'event' group), a wait in its own. */
const groupOf = (kind: Kind) =>
  kind.id === 'end' ? 'event' : kind.type.endsWith('Gateway') ? 'gateway' : kind.type === 'bpmn:IntermediateCatchEvent' ? 'wait' : 'activity';

function EngineContextPad(
  this: unknown,
  contextPad: { registerProvider(priority: number, provider: unknown): void },
  create: Create,
  elementFactory: ElementFactory,
  autoPlace: AutoPlace | null,
  translate: Translate,
) {
  const appendEntry = (kind: Kind): Entry => {
    const shape = () => elementFactory.createShape({ type: kind.type, ...kind.options });
    const drag = (event: Event, source?: unknown) => create.start(event, shape(), { source });
    // The placed node is selected (bpmn-js's auto-place does), so its properties open beside the diagram.
    const click = autoPlace ? (_: Event, source?: unknown) => autoPlace.append(source, shape()) : drag;
    return { group: 'model', className: kind.className, title: translate(kind.append), action: { dragstart: drag, click } };
  };
  contextPad.registerProvider(LATER, {
    getContextPadEntries: () => (stock: Entries) => {
      // bpmn-js offers appending where a node may lead on; after an event-based gateway, only what it waits for.
      const afterGateway = 'append.receive-task' in stock;
      const appendable = afterGateway || 'append.end-event' in stock;
      const entries: Entries = {};
      if (appendable) {
        const offered = afterGateway ? AFTER_EVENT_GATEWAY : AFTER_NODE;
        for (const kind of KINDS) if (offered.has(kind.id)) entries[`append.${kind.id}`] = appendEntry(kind);
      }
      for (const [id, entry] of Object.entries(stock)) if (PAD_KEPT.has(id)) entries[id] = entry;
      for (const id of Object.keys(entries)) entries[id] = namedButton(entries[id]);
      return entries;
    },
  });
}
EngineContextPad.$inject = ['contextPad', 'create', 'elementFactory', 'autoPlace', 'translate'];

function EngineReplaceMenu(this: unknown, popupMenu: { registerProvider(id: string, priority: number, provider: unknown): void }) {
  popupMenu.registerProvider('bpmn-replace', LATER, {
    getPopupMenuEntries: () => (stock: Entries) => Object.fromEntries(Object.entries(stock).filter(([id]) => REPLACEABLE.has(id))),
    getPopupMenuHeaderEntries: (target: Shape) => (stock: Entries) =>
      Object.fromEntries(
        Object.entries(stock).filter(([id]) => id === 'toggle-non-interrupting' || (MULTI_INSTANCE.has(id) && target.type === 'bpmn:UserTask')),
      ),
  });
}
EngineReplaceMenu.$inject = ['popupMenu'];

/** After bpmn-js's providers (they register at the default priority, 1000). */
const LATER = 500;

/** The bpmn-js module: pass it in `additionalModules`. */
export const engineToolsModule = {
  __init__: ['enginePalette', 'engineContextPad', 'engineReplaceMenu'],
  enginePalette: ['type', EnginePalette],
  engineContextPad: ['type', EngineContextPad],
  engineReplaceMenu: ['type', EngineReplaceMenu],
};
