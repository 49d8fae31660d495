import { AUTH_ENDPOINTS } from '@macro/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../api/auth';
import { useEndpointMutation } from '../../api/endpoint';
import { useSession } from '../../session/store';

/** Saves the signed-in user's own details; the answer (the new user info) becomes the session's. */
export function useUpdateOwnInfo() {
  const setUserInfo = useSession((s) => s.setUserInfo);
  return useEndpointMutation(AUTH_ENDPOINTS.updateInfo, { onSuccess: (info) => setUserInfo(info) });
}

/** Replaces the signed-in user's avatar; the new user info becomes the session's and the page's at once. */
export function useUpdateAvatar() {
  const setUserInfo = useSession((s) => s.setUserInfo);
  const client = useQueryClient();
  return useEndpointMutation(AUTH_ENDPOINTS.updateAvatar, {
    onSuccess: (info) => {
      setUserInfo(info);
      client.setQueryData(authKeys.userInfo(), info);
    },
  });
}
