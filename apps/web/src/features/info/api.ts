import { AUTH_ENDPOINTS } from '@macro/contract/auth';
import { useEndpointMutation } from '../../api/endpoint';
import { useSession } from '../../session/store';

/** Saves the signed-in user's own details; the answer (the new user info) becomes the session's. */
export function useUpdateOwnInfo() {
  const setUserInfo = useSession((s) => s.setUserInfo);
  return useEndpointMutation(AUTH_ENDPOINTS.updateInfo, { onSuccess: (info) => setUserInfo(info) });
}
