import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './designer.css';
import { macroDescriptor } from '@macro/contract/workflow';
import { Alert, Col, Row } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withDiagram } from '../../../components/bpmn/layout';
import { BLANK_BPMN, type DiagramElement, type ModdleFactory, type ModelingApi } from './model';
import { NodePanel } from './NodePanel';

interface Props {
  value?: string;
  onChange?: (xml: string) => void;
  readOnly?: boolean;
  /** A new template: an empty value becomes a start event to draw from (else the editor waits for the value). */
  startBlank?: boolean;
}

/**
 * The template designer: bpmn-js with our own properties panel for the `macro` extension
 * (approver rule, counter-sign, reject and withdraw rules, auto-agree, form binding with field
 * permissions, conditions). The XML is the value, so import and export are the XML itself.
 */
export function BpmnEditor({ value, onChange, readOnly, startBlank }: Props) {
  const { t } = useTranslation('schemes');
  const canvas = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const shown = useRef<string | undefined>(undefined);
  const importing = useRef(false);
  // The modeler in state too: a new one (the language changed) shows the value again.
  const [active, setActive] = useState<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [revision, setRevision] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    // bpmn-js's own words (palette, context pad) through i18n; `{name}` placeholders are bpmn-js's.
    const translate = (template: string, replacements: Record<string, string> = {}) =>
      t(`bpmn.${template}`, { defaultValue: template }).replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
    const instance = new Modeler({
      container: canvas.current!,
      moddleExtensions: { macro: macroDescriptor },
      keyboard: { bindTo: canvas.current! },
      additionalModules: [{ translate: ['value', translate] }],
    });
    modeler.current = instance;
    shown.current = undefined;
    setActive(instance);
    const bus = instance.get<{ on: (event: string, callback: (event: { newSelection?: DiagramElement[] }) => void) => void }>('eventBus');
    bus.on('selection.changed', (event) => setSelected(event.newSelection?.[0] ?? null));
    bus.on('commandStack.changed', () => {
      // An import resets the stack: that is the value arriving, not the user changing it.
      if (importing.current) return;
      setRevision((r) => r + 1);
      void instance.saveXML({ format: true }).then(({ xml }) => {
        shown.current = xml;
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
        const view = instance.get('canvas') as { zoom: (level: string, center?: string) => void; scroll: (delta: { dx: number; dy: number }) => void };
        view.zoom('fit-viewport', 'auto');
        // Clear of the palette on the left.
        view.scroll({ dx: 60, dy: 0 });
        if (!value?.trim()) void instance.saveXML({ format: true }).then(({ xml: blank }) => change.current?.(blank ?? ''));
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [value, startBlank, active]);

  const apis = () => ({
    modeling: modeler.current!.get<ModelingApi>('modeling'),
    moddle: modeler.current!.get<ModdleFactory>('moddle'),
  });
  return (
    <Row gutter={12} className="bpmn-editor" data-testid="bpmn-editor">
      <Col xs={24} lg={16}>
        {error ? <Alert type="error" showIcon title={t('designer.importFailed', { reason: error })} /> : null}
        <div ref={canvas} className="bpmn-canvas" role="application" tabIndex={-1} aria-label={t('designer.canvas')} data-testid="bpmn-canvas" />
      </Col>
      <Col xs={24} lg={8}>
        <NodePanel key={`${selected?.id ?? 'none'}-${revision}`} element={selected} readOnly={readOnly} apis={apis} />
      </Col>
    </Row>
  );
}
