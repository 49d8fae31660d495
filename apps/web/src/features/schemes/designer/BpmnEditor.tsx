import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './designer.css';
import type { FailureProblem } from '@macro/contract';
import { type LintProblem, macroDescriptor, WORKFLOW_SCHEME_ENDPOINTS as S } from '@macro/contract/workflow';
import { Alert, Col, Row } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../api/endpoint';
import { withDiagram } from '../../../components/bpmn/layout';
import { engineToolsModule } from './engineTools';
import { BLANK_BPMN, type DiagramElement, type ModdleFactory } from './model';
import type { ShapeApi } from './reminder';
import { NodePanel } from './NodePanel';
import { ProblemList } from './ProblemList';

interface Props {
  value?: string;
  onChange?: (xml: string) => void;
  readOnly?: boolean;
  /** A new template: an empty value becomes a start event to draw from (else the editor waits for the value). */
  startBlank?: boolean;
  /** The server's refusal of this XML on save: listed instead of the live lint until the XML changes. */
  refused?: readonly FailureProblem[];
  /** An element to show once the diagram is there (chosen from a refusal listed outside the editor); `seq` asks again for the same one. */
  focus?: { id: string; seq: number };
}

/**
 * The template designer: bpmn-js with our own properties panel for the `macro` extension
 * (approver rule, counter-sign, reject and withdraw rules, auto-agree, form binding with field
 * permissions, conditions). The XML is the value, so import and export are the XML itself.
 */
export function BpmnEditor({ value, onChange, readOnly, startBlank, refused = [], focus }: Props) {
  const { t } = useTranslation('schemes');
  const canvas = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const shown = useRef<string | undefined>(undefined);
  const importing = useRef(false);
  // The modeler in state too: a new one (the language changed) shows the value again.
  const [active, setActive] = useState<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [revision, setRevision] = useState(0);
  const panelEditing = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [drawn, setDrawn] = useState('');
  // Counts imports, so a requested element is shown once the diagram holding it is there.
  const [imported, setImported] = useState(0);
  const problems = useLint(readOnly ? '' : drawn);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    // bpmn-js's own words and the engine's tools (palette, context pad, change type) through i18n; `{name}` placeholders are bpmn-js's.
    const translate = (template: string, replacements: Record<string, string> = {}) =>
      t(`bpmn.${template}`, { defaultValue: template }).replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
    const instance = new Modeler({
      container: canvas.current!,
      moddleExtensions: { macro: macroDescriptor },
      keyboard: { bindTo: canvas.current! },
      additionalModules: [{ translate: ['value', translate] }, engineToolsModule],
    });
    modeler.current = instance;
    shown.current = undefined;
    setActive(instance);
    const bus = instance.get<{ on: (event: string, callback: (event: { newSelection?: DiagramElement[] }) => void) => void }>('eventBus');
    bus.on('selection.changed', (event) => setSelected(event.newSelection?.[0] ?? null));
    bus.on('commandStack.changed', () => {
      // An import resets the stack: that is the value arriving, not the user changing it.
      if (importing.current) return;
      // The properties panel's own edits leave it as it is (focus, typing); any other change
      // (the canvas, undo, redo) shows the element afresh.
      if (!panelEditing.current) setRevision((r) => r + 1);
      void instance.saveXML({ format: true }).then(({ xml }) => {
        shown.current = xml;
        setDrawn(xml ?? '');
        change.current?.(xml ?? '');
      });
    });
    return () => instance.destroy();
  }, [t]);

  useEffect(() => {
    const instance = active;
    if (!instance || (value && value === shown.current)) return;
    if (!value?.trim() && !startBlank) return;
    const xml = value?.trim() ? value : BLANK_BPMN('Process_1');
    shown.current = value;
    void withDiagram(xml)
      .then((laidOut) => {
        importing.current = true;
        return instance.importXML(laidOut).finally(() => {
          importing.current = false;
        });
      })
      .then(() => {
        setError(null);
        setSelected(null);
        setDrawn(xml);
        setImported((n) => n + 1);
        const view = instance.get('canvas') as { zoom: (level: string, center?: string) => void; scroll: (delta: { dx: number; dy: number }) => void };
        view.zoom('fit-viewport', 'auto');
        // Clear of the palette on the left.
        view.scroll({ dx: 60, dy: 0 });
        if (!value?.trim()) void instance.saveXML({ format: true }).then(({ xml: blank }) => change.current?.(blank ?? ''));
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [value, startBlank, active]);

  const shownProblems: readonly FailureProblem[] = refused.length ? refused : problems;
  useLintOverlays(active, shownProblems);
  const registry = () => active?.get<{ get: (id: string) => DiagramElement | undefined }>('elementRegistry');
  /** Selects the element (its properties open beside the diagram) and scrolls it into view. */
  const select = (id: string) => {
    const element = registry()?.get(id);
    if (!element || !active) return;
    active.get<{ select: (element: DiagramElement) => void }>('selection').select(element);
    active.get<{ scrollToElement: (element: DiagramElement) => void }>('canvas').scrollToElement(element);
  };
  const nameOf = (id: string) => {
    const name = registry()?.get(id)?.businessObject.name;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown when asked for and again after each import, not on every render
  useEffect(() => {
    if (focus && imported) select(focus.id);
  }, [focus, imported]);

  const apis = () => ({
    quietly: (edit: () => void) => {
      panelEditing.current = true;
      try {
        edit();
      } finally {
        panelEditing.current = false;
      }
    },
    modeling: modeler.current!.get<ShapeApi['modeling']>('modeling'),
    elementFactory: modeler.current!.get<ShapeApi['elementFactory']>('elementFactory'),
    moddle: modeler.current!.get<ModdleFactory>('moddle'),
    userTasks: () =>
      modeler
        .current!.get<{ filter: (test: (element: DiagramElement) => boolean) => DiagramElement[] }>('elementRegistry')
        .filter((element) => element.type === 'bpmn:UserTask')
        .map((element) => ({ id: element.id, name: String(element.businessObject.name ?? '') })),
  });
  return (
    <Row gutter={12} className="bpmn-editor" data-testid="bpmn-editor">
      <Col xs={24} lg={16}>
        {error ? <Alert type="error" showIcon title={t('designer.importFailed', { reason: error })} /> : null}
        <div ref={canvas} className="bpmn-canvas" role="application" tabIndex={-1} aria-label={t('designer.canvas')} data-testid="bpmn-canvas" />
        <ProblemList
          problems={shownProblems}
          type={refused.length ? 'error' : 'warning'}
          title={refused.length ? t('designer.refusedTitle', { count: refused.length }) : t('designer.lintTitle', { count: problems.length })}
          onSelect={select}
          nameOf={nameOf}
          testId="bpmn-lint"
        />
      </Col>
      <Col xs={24} lg={8}>
        <NodePanel key={`${selected?.id ?? 'none'}-${revision}`} element={selected} readOnly={readOnly} apis={apis} />
      </Col>
    </Row>
  );
}

const LINT_DELAY_MS = 600;

/** The engine's lint of the drawn XML, asked again a moment after the drawing stops changing. */
/** The engine's lint of `xml`, in the console's language (asked again when either changes). */
function useLint(xml: string): LintProblem[] {
  const { i18n } = useTranslation();
  const lint = useEndpointMutation(S.lint);
  const ask = useRef(lint.mutateAsync);
  ask.current = lint.mutateAsync;
  const [problems, setProblems] = useState<LintProblem[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server words the problems in the console's language, so a switch asks again
  useEffect(() => {
    if (!xml) return setProblems([]);
    let current = true;
    const timer = setTimeout(() => {
      void ask
        .current({ body: { xml } })
        .then((found) => current && setProblems(found))
        .catch(() => current && setProblems([]));
    }, LINT_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [xml, i18n.language]);
  return problems;
}

interface Overlays {
  add: (element: string, type: string, overlay: { position: { top: number; right: number }; html: HTMLElement }) => void;
  remove: (filter: { type: string }) => void;
}

/** A marker on each element the engine cannot run, saying why. */
function useLintOverlays(modeler: Modeler | null, problems: readonly FailureProblem[]) {
  useEffect(() => {
    if (!modeler) return;
    const overlays = modeler.get<Overlays>('overlays');
    const registry = modeler.get<{ get: (id: string) => unknown }>('elementRegistry');
    overlays.remove({ type: 'lint' });
    const byElement = new Map<string, FailureProblem[]>();
    for (const p of problems) byElement.set(p.elementId, [...(byElement.get(p.elementId) ?? []), p]);
    for (const [id, found] of byElement) {
      if (!registry.get(id)) continue;
      const badge = document.createElement('span');
      badge.className = 'bpmn-lint-badge';
      badge.textContent = '!';
      badge.setAttribute('role', 'img');
      badge.setAttribute('aria-label', found.map((p) => p.message).join('; '));
      badge.title = badge.getAttribute('aria-label') ?? '';
      badge.dataset.testid = `bpmn-lint-${id}`;
      overlays.add(id, 'lint', { position: { top: -10, right: 10 }, html: badge });
    }
  }, [modeler, problems]);
}
