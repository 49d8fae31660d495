import { FORM_PERMISSIONS as P } from '@macro/contract/forms';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const FORMS_PATH = '/workflow/forms';

export const feature: FeatureDescriptor = {
  pages: { [FORMS_PATH]: lazy(() => import('./FormSchemePage').then((m) => ({ default: m.FormSchemePage }))) },
  permissions: [P.view, P.add, P.edit, P.delete],
};
