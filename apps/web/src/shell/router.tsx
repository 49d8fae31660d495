import { createBrowserRouter, Navigate } from 'react-router';
import { GuestOnly, LockedOnly, RequireAuth } from './guards';
import { PASSWORD_PATH } from './registry';
import { PageLoading, RouteError } from './RouteError';

const errorPages = () => import('./pages/ErrorPage');

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: '/login',
        element: <GuestOnly />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }) },
        ],
      },
      {
        path: '/authredirect',
        lazy: async () => ({ Component: (await import('./pages/AuthRedirectPage')).AuthRedirectPage }),
      },
      {
        path: '/lock',
        element: <LockedOnly />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('./pages/LockPage')).LockPage }) }],
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
            lazy: async () => ({ Component: (await import('./pages/PasswordPage')).PasswordPage }),
          },
          {
            lazy: async () => ({ Component: (await import('./layout/ShellLayout')).ShellLayout }),
            children: [
              { index: true, element: <Navigate to="/wel" replace /> },
              { path: 'wel', element: <Navigate to="/wel/index" replace /> },
              { path: 'iframe', lazy: async () => ({ Component: (await import('./pages/FramePage')).FramePage }) },
              { path: '*', lazy: async () => ({ Component: (await import('./layout/MenuPage')).MenuPage }) },
            ],
          },
        ],
      },
    ],
  },
]);
