import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, type Location, Navigate, type NavigateFunction, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { loadFeatureBundles } from '../i18n';
import { withChunkTimeout } from './chunkTimeout';
import { GuestOnly, LockedOnly, RequireAuth } from './guards';
import { PASSWORD_PATH, screenPaths } from './registry';
import { PageLoading, RouteError } from './RouteError';

/*
 * The console's routes, declared for react-router's component router: the screens' code loads
 * with React.lazy (Suspense shows the loading page), a route that fails to render or to load
 * shows the error page, and nothing here needs the data router (loaders, actions, fetchers),
 * which is twice the size.
 */

/** Spec §9: a route's code that has not arrived after 120 s fails, and the error page offers a retry. */
const timed = <T,>(load: () => Promise<T>) => withChunkTimeout(load)();

/** A route's screen, loaded on first render; `withStrings` also waits for the pages' strings. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, withStrings = false) {
  return lazy(async () => {
    const [module] = await Promise.all([timed(load), withStrings ? loadFeatureBundles() : null]);
    return { default: pick(module) };
  });
}

const LoginPage = page(
  () => import('./pages/LoginPage'),
  (m) => m.LoginPage,
);
const AuthRedirectPage = page(
  () => import('./pages/AuthRedirectPage'),
  (m) => m.AuthRedirectPage,
);
const LockPage = page(
  () => import('./pages/LockPage'),
  (m) => m.LockPage,
);
const ForbiddenPage = page(
  () => import('./pages/ErrorPage'),
  (m) => m.ForbiddenPage,
);
const NotFoundPage = page(
  () => import('./pages/ErrorPage'),
  (m) => m.NotFoundPage,
);
const ServerErrorPage = page(
  () => import('./pages/ErrorPage'),
  (m) => m.ServerErrorPage,
);
const PasswordPage = page(
  () => import('./pages/PasswordPage'),
  (m) => m.PasswordPage,
);
// Pages shown on their own (a data screen a menu opens in a new window): the shell's strings
// and its checks, not its frame. The pages' strings come with the shell, not the sign-in page.
const ScreenLayout = page(
  () => import('./layout/ShellProviders'),
  (m) => m.ScreenLayout,
  true,
);
const ShellLayout = page(
  () => import('./layout/ShellLayout'),
  (m) => m.ShellLayout,
  true,
);
const FramePage = page(
  () => import('./pages/FramePage'),
  (m) => m.FramePage,
);
const MenuPage = page(
  () => import('./layout/MenuPage'),
  (m) => m.MenuPage,
);

/** The routes, with the screens the features registered (read when the routes render, after they have). */
const consoleRoutes = (): RouteObject[] => [
  { path: '/login', element: <GuestOnly />, children: [{ index: true, element: <LoginPage /> }] },
  { path: '/authredirect', element: <AuthRedirectPage /> },
  { path: '/lock', element: <LockedOnly />, children: [{ index: true, element: <LockPage /> }] },
  { path: '/403', element: <ForbiddenPage /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '/500', element: <ServerErrorPage /> },
  {
    path: '/',
    element: <RequireAuth />,
    children: [
      { path: PASSWORD_PATH.slice(1), element: <PasswordPage /> },
      ...screenPaths().map((path) => ({ path: path.slice(1), element: <ScreenLayout /> })),
      {
        element: <ShellLayout />,
        children: [
          { index: true, element: <Navigate to="/wel" replace /> },
          { path: 'wel', element: <Navigate to="/wel/index" replace /> },
          { path: 'iframe', element: <FramePage /> },
          { path: '*', element: <MenuPage /> },
        ],
      },
    ],
  },
];

/** What fails to render or load below it shows the error page, until the address changes. */
class RouteBoundary extends Component<{ at: string; children: ReactNode }, { error: unknown; at: string }> {
  override state = { error: null as unknown, at: this.props.at };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { at: string }, state: { error: unknown; at: string }) {
    return props.at === state.at ? null : { error: null, at: props.at };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Where the console is and how it moves, for code outside the React tree (the HTTP client
 * sending an expired session to sign-in).
 */
export const consoleNavigation: { location: Location | null; navigate: NavigateFunction | null } = { location: null, navigate: null };

function ConsoleRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    consoleNavigation.location = location;
    consoleNavigation.navigate = navigate;
  }, [location, navigate]);
  const element = useRoutes(routes);
  return (
    <RouteBoundary at={location.pathname}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouteBoundary>
  );
}

/** The console's router; a host mounting it (micro-frontend) puts its routes under `basename`. */
export function ConsoleRouter({ basename = '/' }: { basename?: string }) {
  const [routes] = useState(consoleRoutes);
  return (
    <BrowserRouter basename={basename === '/' ? undefined : basename}>
      <ConsoleRoutes routes={routes} />
    </BrowserRouter>
  );
}
