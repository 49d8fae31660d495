import { OAUTH_CLIENT_ENDPOINTS as E, type OAuthClient, type OAuthClientWithSecret } from '@macro/contract/oauthclients';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../api/endpoint';
import { cacheSavedRecord, useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The OAuth client screen's calls, made from the contract's endpoints. */

const lists = [E.list];
const detail = { endpoint: E.detail, input: (id: number) => ({ params: { id: String(id) } }) };

/** Create and rotate answer the client with its secret: the client goes to the lists, the secret to the caller only. */
export function useCreateClient() {
  const client = useQueryClient();
  return useEndpointMutation(E.create, {
    onSuccess: (answer: OAuthClientWithSecret) => cacheSavedRecord(client, answer.client, { lists, detail }),
  });
}

export function useRotateSecret() {
  const client = useQueryClient();
  return useEndpointMutation(E.rotateSecret, {
    toInput: (record: OAuthClient) => ({ params: { id: String(record.id) } }),
    onSuccess: (answer: OAuthClientWithSecret) => cacheSavedRecord(client, answer.client, { lists, detail }),
  });
}

export const useUpdateClient = () => useSaveRecord(E.update, { lists, detail });

export function useSetEnabled() {
  const client = useQueryClient();
  return useEndpointMutation(E.setEnabled, {
    toInput: ({ record, enabled }: { record: OAuthClient; enabled: boolean }) => ({ params: { id: String(record.id) }, body: { enabled } }),
    onSuccess: (saved) => cacheSavedRecord(client, saved, { lists, detail }),
  });
}

export function useRemoveClient() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (client: OAuthClient) => client.name,
    messages: { one: 'oauthclients:remove.one', many: 'oauthclients:remove.one' },
    lists,
    testId: 'oauth-client-remove-confirm',
  });
}
