import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';
import { SETTING_PATH } from '../../shell/registry';

export const INFO_PATH = '/info/index';

/** The signed-in user's own pages: personal info and the password change. */
export const feature: FeatureDescriptor = {
  pages: {
    [INFO_PATH]: lazy(() => import('./InfoPage').then((m) => ({ default: m.InfoPage }))),
    [SETTING_PATH]: lazy(() => import('./SettingPage').then((m) => ({ default: m.SettingPage }))),
  },
  permissions: [],
  openPaths: [INFO_PATH, SETTING_PATH],
  meta: {
    [INFO_PATH]: { title: 'info:title' },
    [SETTING_PATH]: { title: 'info:settingTitle' },
  },
};
