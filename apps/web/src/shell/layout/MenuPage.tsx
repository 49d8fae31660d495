import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../session/store';
import { PageFallback } from '../chunks';
import type { FeaturePage } from '../feature';
import { findPage, isOpenPath } from '../registry';
import { findMenu } from './menuTree';

/**
 * Every menu-driven page: the path must be both a registered page and in the user's menus
 * (a registered page missing from the menus is forbidden; an unregistered path is unknown).
 * `find` looks the page up: the shell's pages, or (for a page outside the frame) the screens.
 */
export function MenuPage({ find = findPage }: { find?: (path: string) => FeaturePage | undefined }) {
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const Page = find(pathname);
  if (!Page) return <Navigate to="/404" replace />;
  if (!isOpenPath(pathname) && !findMenu(menus, pathname)) return <Navigate to="/403" replace />;
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
