import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../session/store';
import { fetchMenuRoutes, fetchPermissions, fetchUserInfo, signOut } from './session';

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'user-info'] as const,
  menus: () => [...authKeys.all, 'menu-routes'] as const,
  permissions: () => [...authKeys.all, 'permissions'] as const,
};

export function useSignOut() {
  return useMutation({ mutationFn: signOut, meta: { silent: true } });
}

/**
 * Session data the shell re-reads in the background when it opens (menus or grants may have
 * changed since sign-in); each answer is also kept in the session store.
 */
function useSessionQuery<T>(queryKey: readonly string[], fetch: () => Promise<T>, keep: (value: T) => void) {
  return useQuery({
    queryKey,
    queryFn: async () => {
      const value = await fetch();
      keep(value);
      return value;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUserInfo() {
  return useSessionQuery(
    authKeys.userInfo(),
    fetchUserInfo,
    useSession((s) => s.setUserInfo),
  );
}

export function useMenuRoutes() {
  return useSessionQuery(
    authKeys.menus(),
    fetchMenuRoutes,
    useSession((s) => s.setMenus),
  );
}

export function usePermissionList() {
  return useSessionQuery(
    authKeys.permissions(),
    fetchPermissions,
    useSession((s) => s.setPermissions),
  );
}
