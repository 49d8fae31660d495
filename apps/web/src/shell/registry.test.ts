import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureDescriptor } from './feature';
import { clearFeatures, findPage, isKnownPath, isOpenPath, pageMeta, pageTitleKey, patternValues, registerFeatures } from './registry';

const page = lazy(async () => ({ default: () => null }));

describe('feature registry', () => {
  afterEach(clearFeatures);

  it('knows the pages and open paths the features declare, and nothing else', () => {
    registerFeatures([
      { pages: { '/wel/index': page }, permissions: [], openPaths: ['/wel/index'] },
      { pages: { '/controller/posts': page }, permissions: ['post:view'] },
    ]);
    expect(findPage('/controller/posts')).toBe(page);
    expect(isOpenPath('/wel/index')).toBe(true);
    expect(isOpenPath('/controller/posts')).toBe(false);
    expect(isKnownPath('/controller/posts')).toBe(true);
    expect(isKnownPath('/login')).toBe(true);
    expect(isKnownPath('/controller/unknown')).toBe(false);
  });

  it('refuses two features claiming one path', () => {
    const feature: FeatureDescriptor = { pages: { '/a': page }, permissions: [] };
    expect(() => registerFeatures([feature, feature])).toThrow(/registered twice: \/a/);
    expect(() => registerFeatures([{ pages: { '/login': page }, permissions: [] }])).toThrow(/registered twice/);
  });

  it('collects every feature folder the way main.tsx does', () => {
    const features = import.meta.glob<FeatureDescriptor>('../features/*/index.ts', { eager: true, import: 'feature' });
    expect(Object.keys(features).length).toBeGreaterThanOrEqual(2);
    for (const [path, feature] of Object.entries(features)) {
      expect(feature?.pages, `${path} exports no \`feature\` descriptor`).toBeTypeOf('object');
      expect(Array.isArray(feature.permissions), path).toBe(true);
    }
    registerFeatures(Object.values(features));
    expect(findPage('/controller/dictionaries')).toBeDefined();
    expect(isOpenPath('/wel/index')).toBe(true);
  });

  it('answers pattern paths (/query/:params) and gives declared titles, chosen by the query where asked', () => {
    registerFeatures([
      {
        pages: { '/query/:params': page, '/detail/create': page },
        permissions: [],
        openPaths: ['/query/:params', '/detail/create'],
        meta: {
          '/query/:params': { title: 'general:query.title', menu: false },
          '/detail/create': { title: (query) => (query.get('id') ? 'general:detail.edit' : 'general:detail.create') },
        },
      },
    ]);
    expect(findPage('/query/alpha')).toBe(page);
    expect(isOpenPath('/query/alpha')).toBe(true);
    expect(isKnownPath('/query/alpha')).toBe(true);
    expect(isKnownPath('/query')).toBe(false);
    expect(isKnownPath('/query/a/b')).toBe(false);
    expect(patternValues('/query/%E5%AD%97')).toEqual(['字']);
    expect(pageMeta('/query/x')?.menu).toBe(false);
    expect(pageTitleKey('/detail/create', new URLSearchParams('id=7'))).toBe('general:detail.edit');
    expect(pageTitleKey('/detail/create', new URLSearchParams(''))).toBe('general:detail.create');
  });
});
