import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureHttp } from './api/http';
import { refreshSession } from './api/session';
import { initI18n } from './i18n';
import { applyLanguage } from './i18n/locale';
import { useSession } from './session/store';
import { AppProviders } from './shell/AppProviders';
import { router } from './shell/router';
import './shell/global.css';

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
