import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureHttp } from './api/http';
import { refreshSession } from './api/session';
import { initI18n } from './i18n';
import { applyLanguage } from './i18n/locale';
import { useSession } from './session/store';
import { AppProviders } from './shell/AppProviders';
import type { FeatureDescriptor } from './shell/feature';
import { registerFeatures } from './shell/registry';
import { router } from './shell/router';
import './shell/global.css';

// The composition root. Every domain's descriptor is found, not listed: adding
// `features/<domain>/index.ts` (exporting `feature`) is all the shell needs to show its pages,
// and the shell itself never imports a feature.
const features = import.meta.glob<FeatureDescriptor>('./features/*/index.ts', { eager: true, import: 'feature' });
registerFeatures(Object.values(features));

async function bootstrap() {
  const { language } = useSession.getState();
  await initI18n(language);
  await applyLanguage(language);
  configureHttp({
    refresh: refreshSession,
    onUnauthorized: () => {
      useSession.getState().clear();
      void router.navigate('/login', { replace: true });
    },
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void bootstrap();
