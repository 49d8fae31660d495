import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { DiagramProps } from './DiagramView';

const DiagramView = lazy(() => import('./DiagramView').then((m) => ({ default: m.DiagramView })));

/** A process's diagram with its done and current nodes marked; bpmn-js loads when it is first shown. */
export function ProcessDiagram(props: DiagramProps) {
  return (
    <Suspense fallback={<Spin />}>
      <DiagramView {...props} />
    </Suspense>
  );
}
