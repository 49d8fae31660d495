import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { configureHttp } from './api/http';
import { refreshSession, signInWithPlatformToken } from './api/session';
import { installErrorCapture } from './errors/errorLog';
import { initI18n } from './i18n';
import './i18n/languagePack';
import { applyCustomLanguage, applyLanguage } from './i18n/locale';
import { useSession } from './session/store';
import { AppProviders } from './shell/AppProviders';
import type { FeatureDescriptor } from './shell/feature';
import { loginPathFor } from './shell/guards';
import { isMicroHost, type MicroLifecycle, type MicroProps, normaliseBasePath, useMicro } from './shell/micro';
import { registerFeatures } from './shell/registry';
import { ConsoleRouter, consoleNavigation } from './shell/router';
import './shell/global.css';

// The composition root. Every domain's descriptor is found, not listed: adding
// `features/<domain>/index.ts` (exporting `feature`) is all the shell needs to show its pages,
// and the shell itself never imports a feature.
const features = import.meta.glob<FeatureDescriptor>('./features/*/index.ts', { eager: true, import: 'feature' });
registerFeatures(Object.values(features));

// Spec 000 §8: unhandled errors are kept for the log dialog from the first moment.
installErrorCapture();

let root: Root | null = null;
let prepared: Promise<void> | null = null;

/** Once per page: strings and the HTTP client's session handling. */
function prepare(): Promise<void> {
  prepared ??= (async () => {
    const { language, customLanguage } = useSession.getState();
    await initI18n(language);
    await applyLanguage(language);
    if (customLanguage) await applyCustomLanguage(customLanguage);
    configureHttp({
      refresh: refreshSession,
      onUnauthorized: () => {
        // Back to sign-in, saying why, and to this page afterwards.
        // Before the routes are up, the sign-in guard sends an expired session there by itself.
        useSession.getState().expire();
        const { location, navigate } = consoleNavigation;
        if (location && navigate && location.pathname !== '/login') void navigate(loginPathFor(location), { replace: true });
      },
    });
  })();
  return prepared;
}

/** Renders the console into `container`, its routes under `basePath`. */
function render(container: HTMLElement, basePath: string) {
  root = createRoot(container);
  root.render(
    <StrictMode>
      <AppProviders>
        <ConsoleRouter basename={basePath} />
      </AppProviders>
    </StrictMode>,
  );
}

/** The micro-frontend lifecycle (qiankun style) a host page calls; see shell/micro.ts. */
export async function bootstrap(): Promise<void> {
  await prepare();
}

export async function mount(props: MicroProps = {}): Promise<void> {
  await prepare();
  useMicro.getState().setEmbedded(true);
  // The host's token signs the console in, unless it is already signed in with that token.
  if (props.token && props.token !== useSession.getState().token) {
    try {
      await signInWithPlatformToken(props.token);
    } catch {
      // The console then shows its sign-in page.
    }
  }
  const container = props.container?.querySelector<HTMLElement>('#root') ?? props.container ?? document.getElementById('root')!;
  render(container, normaliseBasePath(props.basePath));
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = null;
  consoleNavigation.location = null;
  consoleNavigation.navigate = null;
  useMicro.getState().setEmbedded(false);
}

const lifecycle: MicroLifecycle = { bootstrap, mount, unmount };
window['macro-console'] = lifecycle;

// On its own the console starts at once; a host starts it with `mount`.
if (!isMicroHost()) void prepare().then(() => render(document.getElementById('root')!, '/'));
