import { type ComponentProps, lazy, Suspense } from 'react';

const Tree = lazy(() => import('antd/es/tree'));

/**
 * The tree of antd's table filter dropdown (`filterMode: 'tree'`), loaded when such a dropdown
 * first renders: vite.config.ts points the table's import here, so lists do not carry it.
 */
export default function FilterTree(props: ComponentProps<typeof Tree>) {
  return (
    <Suspense fallback={null}>
      <Tree {...props} />
    </Suspense>
  );
}
