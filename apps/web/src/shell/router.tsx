import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadFeatureBundles } from '../i18n';
import { withChunkTimeout } from './chunkTimeout';
import { GuestOnly, LockedOnly, RequireAuth } from './guards';
import { PASSWORD_PATH, screenPaths } from './registry';
import { PageLoading, RouteError } from './RouteError';

const errorPages = () => timed(() => import('./pages/ErrorPage'));

/** Spec §9: a route's code that has not arrived after 120 s fails, and the error page offers a retry. */
const timed = <T,>(load: () => Promise<T>) => withChunkTimeout(load)();

/** The routes, with the screens the features registered (built when the router is made, after they have). */
const consoleRoutes = (): RouteObject[] => [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: '/login',
        element: <GuestOnly />,
        children: [
          { index: true, lazy: async () => ({ Component: (await timed(() => import('./pages/LoginPage'))).LoginPage }) },
        ],
      },
      {
        path: '/authredirect',
        lazy: async () => ({ Component: (await timed(() => import('./pages/AuthRedirectPage'))).AuthRedirectPage }),
      },
      {
        path: '/lock',
        element: <LockedOnly />,
        children: [{ index: true, lazy: async () => ({ Component: (await timed(() => import('./pages/LockPage'))).LockPage }) }],
      },
      { path: '/403', lazy: async () => ({ Component: (await errorPages()).ForbiddenPage }) },
      { path: '/404', lazy: async () => ({ Component: (await errorPages()).NotFoundPage }) },
      { path: '/500', lazy: async () => ({ Component: (await errorPages()).ServerErrorPage }) },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          {
            path: PASSWORD_PATH.slice(1),
            lazy: async () => ({ Component: (await timed(() => import('./pages/PasswordPage'))).PasswordPage }),
          },
          // Pages shown on their own (a data screen a menu opens in a new window): the shell's
          // strings and its checks, not its frame.
          ...screenPaths().map((path) => ({
            path: path.slice(1),
            lazy: async () => {
              const [{ ScreenLayout }] = await Promise.all([timed(() => import('./layout/ShellProviders')), loadFeatureBundles()]);
              return { Component: ScreenLayout };
            },
          })),
          {
            // The pages' strings come with the shell, not with the sign-in page.
            lazy: async () => {
              const [{ ShellLayout }] = await Promise.all([timed(() => import('./layout/ShellLayout')), loadFeatureBundles()]);
              return { Component: ShellLayout };
            },
            children: [
              { index: true, element: <Navigate to="/wel" replace /> },
              { path: 'wel', element: <Navigate to="/wel/index" replace /> },
              { path: 'iframe', lazy: async () => ({ Component: (await timed(() => import('./pages/FramePage'))).FramePage }) },
              { path: '*', lazy: async () => ({ Component: (await timed(() => import('./layout/MenuPage'))).MenuPage }) },
            ],
          },
        ],
      },
    ],
  },
];

/** The console's router; a host mounting it (micro-frontend) puts its routes under `basename`. */
export const createConsoleRouter = (basename = '/') => createBrowserRouter(consoleRoutes(), basename === '/' ? {} : { basename });

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
