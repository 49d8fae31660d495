import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

/** Spec 000 §2: the shell's own pages besides the dashboard, open to every signed-in user. */
export const GENERAL_PATHS = {
  test: '/wel/test',
  more: '/wel/more',
  formDetail: '/form-detail/index',
  query: '/query/:params',
  tabs: '/tabs/index',
  detail: '/detail/create',
} as const;

const page = <K extends string>(name: K, load: () => Promise<Record<K, React.ComponentType>>) => lazy(() => load().then((m) => ({ default: m[name] })));

export const feature: FeatureDescriptor = {
  uses: ['forms'],
  pages: {
    [GENERAL_PATHS.test]: page('TestPage', () => import('./TestPage')),
    [GENERAL_PATHS.more]: page('MorePage', () => import('./MorePage')),
    [GENERAL_PATHS.formDetail]: page('FormDetailPage', () => import('./FormDetailPage')),
    [GENERAL_PATHS.query]: page('QueryPage', () => import('./QueryPage')),
    [GENERAL_PATHS.tabs]: page('TabsPage', () => import('./TabsPage')),
    [GENERAL_PATHS.detail]: page('DetailPage', () => import('./DetailPage')),
  },
  permissions: [],
  openPaths: Object.values(GENERAL_PATHS),
  meta: {
    [GENERAL_PATHS.test]: { title: 'general:test.title' },
    [GENERAL_PATHS.more]: { title: 'general:more.title' },
    [GENERAL_PATHS.formDetail]: { title: 'general:formDetail.title', menu: false },
    [GENERAL_PATHS.query]: { title: 'general:query.title' },
    // The tabs page keeps its state (the counter) while other tabs are shown.
    [GENERAL_PATHS.tabs]: { title: 'general:tabs.title', keepAlive: true },
    // Spec §2: edit when an id is passed, create otherwise.
    [GENERAL_PATHS.detail]: { title: (query) => (query.get('id') ? 'general:detail.edit' : 'general:detail.create') },
  },
};
