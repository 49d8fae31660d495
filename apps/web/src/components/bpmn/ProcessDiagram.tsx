import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

const DiagramView = lazy(() => import('./DiagramView').then((m) => ({ default: m.DiagramView })));

/** A process's diagram with its done and current nodes marked; bpmn-js loads when it is first shown. */
export function ProcessDiagram(props: { instanceId: number }) {
  return (
    <Suspense fallback={<Spin />}>
      <DiagramView {...props} />
    </Suspense>
  );
}
