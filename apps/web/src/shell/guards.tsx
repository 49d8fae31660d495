import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { HOME_PATH, isKnownPath } from './registry';

/** Where the signed-in user changes their password. */
export const PASSWORD_PATH = '/info/password';

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
    const target = location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/login${target}`} replace />;
  }
  if (isLocked) return <Navigate to="/lock" replace />;
  if (mustChange && location.pathname !== PASSWORD_PATH) return <Navigate to={PASSWORD_PATH} replace />;
  return <Outlet />;
}

/** Spec §2: with a token, /login redirects to the console. */
export function GuestOnly() {
  const token = useSession((s) => s.token);
  return token ? <Navigate to="/" replace /> : <Outlet />;
}

/** /lock only makes sense while signed in and locked. */
export function LockedOnly() {
  const token = useSession((s) => s.token);
  const isLocked = useSession((s) => s.isLocked);
  if (!token) return <Navigate to="/login" replace />;
  if (!isLocked) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}

/** Accepts only same-site paths, so a crafted ?redirect= cannot send the user elsewhere. */
export function safeRedirect(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : HOME_PATH;
}
