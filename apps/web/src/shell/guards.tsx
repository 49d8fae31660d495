import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../session/store';
import { HOME_PATH, isKnownPath, PASSWORD_PATH } from './registry';

/**
 * Shell routes: signed-out users go to /login (unknown paths to /404); a locked screen goes to
 * /lock; a password someone else set (a reset) must be changed before anything else.
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const isLocked = useSession((s) => s.isLocked);
  const mustChange = useSession((s) => s.user?.must_change_password ?? false);
  const location = useLocation();
  if (!token) {
    if (!isKnownPath(location.pathname)) return <Navigate to="/404" replace />;
    return <Navigate to={loginPathFor(location)} replace />;
  }
  if (isLocked) return <Navigate to="/lock" replace />;
  // Keyed by the path: when another navigation overtakes this redirect (the sign-in page's own),
  // the redirect runs again for the new path instead of leaving an empty screen.
  if (mustChange && location.pathname !== PASSWORD_PATH) return <Navigate key={location.pathname} to={PASSWORD_PATH} replace />;
  return <Outlet />;
}

/**
 * Spec §2: arriving at /login with a token redirects to the console. A sign-in made on the page
 * is not redirected from here: the page moves on itself once the session's menus are loaded,
 * and two navigations racing each other could leave the screen empty.
 */
export function GuestOnly() {
  const [signedInOnArrival] = useState(() => Boolean(useSession.getState().token));
  const [params] = useSearchParams();
  return signedInOnArrival ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : <Outlet />;
}

/** /lock only makes sense while signed in and locked. */
export function LockedOnly() {
  const token = useSession((s) => s.token);
  const isLocked = useSession((s) => s.isLocked);
  const lockedFrom = useSession((s) => s.lockedFrom);
  if (!token) return <Navigate to="/login" replace />;
  // Unlocked: back to the page that was locked.
  if (!isLocked) return <Navigate to={safeRedirect(lockedFrom || null)} replace />;
  return <Outlet />;
}

/** /login, remembering the page to come back to (none for the root, which is the home page anyway). */
export function loginPathFor({ pathname, search }: { pathname: string; search: string }): string {
  return pathname === '/' ? '/login' : `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Accepts only same-site paths, so a crafted ?redirect= cannot send the user elsewhere. */
export function safeRedirect(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : HOME_PATH;
}
