import { LANGUAGE_PERMISSIONS } from '@macro/contract/language';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const LANGUAGE_PATH = '/controller/language';

export const feature: FeatureDescriptor = {
  pages: { [LANGUAGE_PATH]: lazy(() => import('./LanguagePage').then((m) => ({ default: m.LanguagePage }))) },
  permissions: Object.values(LANGUAGE_PERMISSIONS),
};
