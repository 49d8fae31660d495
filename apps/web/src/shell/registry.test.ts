import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureDescriptor } from './feature';
import { clearFeatures, findPage, isKnownPath, isOpenPath, registerFeatures } from './registry';

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
});
