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

/** Re-reads the session data in the background when the shell opens (menus may have changed). */
export function useUserInfo() {
  const setUserInfo = useSession((s) => s.setUserInfo);
  return useQuery({
    queryKey: authKeys.userInfo(),
    queryFn: async () => {
      const info = await fetchUserInfo();
      setUserInfo(info);
      return info;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMenuRoutes() {
  const setMenus = useSession((s) => s.setMenus);
  return useQuery({
    queryKey: authKeys.menus(),
    queryFn: async () => {
      const menus = await fetchMenuRoutes();
      setMenus(menus);
      return menus;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePermissionList() {
  const setPermissions = useSession((s) => s.setPermissions);
  return useQuery({
    queryKey: authKeys.permissions(),
    queryFn: async () => {
      const codes = await fetchPermissions();
      setPermissions(codes);
      return codes;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
