import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { OAUTH_CLIENT_PERMISSIONS as P } from './permissions.ts';
import {
  oauthClient,
  oauthClientCreate,
  oauthClientEnabled,
  oauthClientIdParams,
  oauthClientListQuery,
  oauthClientRemoved,
  oauthClientUpdate,
  oauthClientWithSecret,
} from './schemas.ts';

const BASE = '/macro-system/oauth-client';
const tag = 'oauth-clients';
const platformOnly = 'Platform tenant administrators only; anyone else gets 403.';

/**
 * Confidential OAuth clients (RFC 6749 §2.1) of the integrations that call the API. Every change
 * is audited; a secret is shown in clear once (create, rotate) and stored only scrypt-hashed.
 */
export const OAUTH_CLIENT_ENDPOINTS = {
  list: defineEndpoint({
    operationId: 'oauthClients.list',
    method: 'GET',
    path: `${BASE}/list`,
    tag,
    summary: 'Page of OAuth clients',
    description: `A page of the confidential clients, filtered by part of the client id or name, ordered by id. ${platformOnly}`,
    access: P.view,
    query: oauthClientListQuery,
    response: pageOf(oauthClient),
    failures: [403],
  }),
  detail: defineEndpoint({
    operationId: 'oauthClients.detail',
    method: 'GET',
    path: `${BASE}/:id`,
    tag,
    summary: 'An OAuth client',
    description: `The client \`id\`, without its secret. ${platformOnly}`,
    access: P.view,
    params: oauthClientIdParams,
    response: oauthClient,
    failures: [403, 404],
  }),
  create: defineEndpoint({
    operationId: 'oauthClients.create',
    method: 'POST',
    path: BASE,
    tag,
    summary: 'Create an OAuth client',
    description: `Creates a confidential client with a generated secret, answered this once. The client id is unique and is not the console's. A client allowed \`client_credentials\` names its service account (\`serviceTenantId\`, \`serviceAccount\`), which must exist; its tokens act as that account. ${platformOnly}`,
    access: P.add,
    body: oauthClientCreate,
    response: oauthClientWithSecret,
    failures: [403, 409],
  }),
  update: defineEndpoint({
    operationId: 'oauthClients.update',
    method: 'PUT',
    path: `${BASE}/:id`,
    tag,
    summary: 'Edit an OAuth client',
    description: `Changes the name, allowed grant types, token lifetimes, redirect URIs, service account and enabled state; never the id or the secret. Tokens already issued keep their lifetime. ${platformOnly}`,
    access: P.edit,
    params: oauthClientIdParams,
    body: oauthClientUpdate,
    response: oauthClient,
    failures: [403, 404],
  }),
  setEnabled: defineEndpoint({
    operationId: 'oauthClients.setEnabled',
    method: 'PATCH',
    path: `${BASE}/:id/enabled`,
    tag,
    summary: 'Enable or disable an OAuth client',
    description: `A disabled client gets invalid_client at the token endpoint at once, for sign-ins and refreshes alike, and the access tokens it holds stop working. ${platformOnly}`,
    access: P.edit,
    params: oauthClientIdParams,
    body: oauthClientEnabled,
    response: oauthClient,
    failures: [403, 404],
  }),
  rotateSecret: defineEndpoint({
    operationId: 'oauthClients.rotateSecret',
    method: 'POST',
    path: `${BASE}/:id/rotate-secret`,
    tag,
    summary: 'Rotate the secret of an OAuth client',
    description: `Generates a new secret, answered this once; the old one stops working at once. ${platformOnly}`,
    access: P.secret,
    params: oauthClientIdParams,
    response: oauthClientWithSecret,
    failures: [403, 404],
  }),
  remove: defineEndpoint({
    operationId: 'oauthClients.remove',
    method: 'DELETE',
    path: `${BASE}/:id`,
    tag,
    summary: 'Delete an OAuth client',
    description: `Deletes the client: its secret stops working, its access tokens too, and its sessions can no longer refresh. ${platformOnly}`,
    access: P.delete,
    params: oauthClientIdParams,
    response: oauthClientRemoved,
    failures: [403, 404],
  }),
};
