import { CODE_RULE_PERMISSIONS } from '@macro/contract/coderules';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const CODE_RULE_MENU_PATH = '/system/code-rules';

export const feature: FeatureDescriptor = {
  pages: { [CODE_RULE_MENU_PATH]: lazy(() => import('./CodeRulePage').then((m) => ({ default: m.CodeRulePage }))) },
  permissions: Object.values(CODE_RULE_PERMISSIONS),
};
