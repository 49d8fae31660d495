import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmn.css';
import { WORKFLOW_MONITOR_ENDPOINTS as M, WORKFLOW_TASK_ENDPOINTS as T } from '@macro/contract/workflow';
import { Alert, Space, Tag } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint';
import { withDiagram } from './layout';

export interface DiagramProps {
  instanceId: number;
  /** Read through the monitor's call (any process of the tenant) instead of the participant's. */
  monitor?: boolean;
}

type Canvas = { addMarker: (id: string, marker: string) => void; zoom: (level: string, center?: string) => void };

/** The instance's version drawn read-only: nodes done in green, rejected in red, current ones in blue, flows taken marked. */
export function DiagramView({ instanceId, monitor = false }: DiagramProps) {
  const { t } = useTranslation('tasks');
  const container = useRef<HTMLElement>(null);
  // The monitor reads any process of the tenant; the task centre only those one takes part in.
  const diagram = useEndpointQuery(monitor ? M.diagram : T.diagram, { query: { processInstanceId: instanceId } });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!diagram.data || !container.current) return;
    const viewer = new NavigatedViewer({ container: container.current });
    const { xml, done, rejected, current, flows } = diagram.data;
    void withDiagram(xml)
      .then((laidOut) => viewer.importXML(laidOut))
      .then(() => {
        const canvas = viewer.get<Canvas>('canvas');
        for (const id of done) canvas.addMarker(id, 'diagram-done');
        for (const id of rejected) canvas.addMarker(id, 'diagram-rejected');
        for (const id of flows) canvas.addMarker(id, 'diagram-flow');
        for (const id of current) canvas.addMarker(id, 'diagram-current');
        canvas.zoom('fit-viewport', 'auto');
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => viewer.destroy();
  }, [diagram.data]);
  return (
    <div data-testid="process-diagram">
      {error ? <Alert type="error" showIcon title={t('diagram.failed', { reason: error })} /> : null}
      <figure ref={container} className="diagram-view" aria-label={t('diagram.label')} />
      <Space size={4} style={{ marginTop: 8 }}>
        <Tag color="green">{t('diagram.done')}</Tag>
        <Tag color="blue">{t('diagram.current')}</Tag>
        <Tag color="red">{t('diagram.rejected')}</Tag>
      </Space>
    </div>
  );
}
