import {
  accessCodes,
  API_PREFIX,
  TOKEN_COOKIE,
  UPLOAD_FIELD,
  type Endpoint,
  type FailureStatus,
  failureEnvelope,
  requiredCode,
  successOf,
} from '@macro/contract';
import { APP_ROLE, type AuditPort, type Db, executePrepared, jsonOf, rowsOf, type Tx } from '@macro/store';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DataScopePort, requestDataScope, UNSCOPED } from './dataScope.ts';
import { forbidden, unauthorized } from './errors.ts';
import { ok } from './http.ts';
import type { Authenticator, RouteBinding, RouteCtx } from './module.ts';
import type { AccessClaims } from './tokens.ts';
import { discardUpload, type ReceivedUpload, receiveUpload } from './uploads.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /** Every endpoint this server registered, for tests that sweep them all. */
    endpoints: Endpoint[];
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

const FAILURE_TEXT: Record<FailureStatus, string> = {
  400: 'The request is not valid: a field is missing, malformed or out of range (`sys_msg` says which).',
  401: 'No token, or the token is invalid, expired or its session has ended.',
  403: 'The signed-in user lacks the permission code of this operation (`x-permission`).',
  404: 'What the request names does not exist in this tenant.',
  409: 'The change conflicts with existing data (a unique code or key is taken).',
  413: 'The request body is too large.',
  415: 'The request body has an unsupported content type.',
  422: 'The request is well-formed but cannot be carried out.',
  429: 'Too many requests: slow down (see `Retry-After`).',
  500: 'Something failed on the server; the body never carries SQL or a stack.',
  502: 'Another system this call reaches (a linked database, a called address) failed or gave no answer in time.',
  503: 'The service is temporarily unavailable.',
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers['macro-auth'] ?? request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/**
 * The request's token: from the header, else, where the endpoint declares it (GET only, checked
 * at registration), from the token cookie.
 */
export function requestToken(request: FastifyRequest, endpoint: Endpoint): string | null {
  const fromHeader = bearerToken(request);
  if (fromHeader || !endpoint.cookieAuth || request.method !== 'GET') return fromHeader;
  return request.cookies?.[TOKEN_COOKIE] || null;
}

/** The failures an endpoint can give: 400 for input, 401/403 when guarded, then its own. */
export function failuresOf(endpoint: Endpoint): FailureStatus[] {
  const statuses = new Set<FailureStatus>(endpoint.failures ?? []);
  if (endpoint.query || endpoint.body || endpoint.params) statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (accessCodes(endpoint.access).length) statuses.add(403);
  statuses.add(500);
  return [...statuses].sort();
}

/** A multipart body in the API document: its text parts, then the file (`fileName` is the file part's own name). */
function uploadDocument(fields: z.ZodType) {
  const shape = fields instanceof z.ZodObject ? (fields.shape as Record<string, z.ZodType>) : {};
  const { fileName: _fromFile, ...text } = shape;
  return z.object({ ...text, [UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: "The file; its name is the part's file name" }) });
}

/**
 * A multipart route's body is read by the handler (streamed, see uploads.ts), not by the
 * framework, which has no body to check when the route is called; the document still shows it.
 */
const noBodyCheck: FastifySchemaCompiler<unknown> = () => (value) => ({ value });

function routeSchema(endpoint: Endpoint) {
  const isPublic = endpoint.access === 'public';
  const failures = Object.fromEntries(failuresOf(endpoint).map((status) => [status, failureEnvelope.describe(FAILURE_TEXT[status])]));
  const codes = accessCodes(endpoint.access);
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    security: (isPublic
      ? []
      : [
          ...(endpoint.access === 'optional' ? [{}] : []),
          { macroAuth: [] },
          { bearerAuth: [] },
          ...(endpoint.cookieAuth ? [{ tokenCookie: [] }] : []),
        ]) as Record<string, string[]>[],
    'x-permission': isPublic ? 'public' : codes.length ? codes.join(' | ') : endpoint.access === 'optional' ? 'optional' : 'authenticated',
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.bodyType === 'multipart' ? uploadDocument(endpoint.body) : endpoint.body } : {}),
    ...(endpoint.bodyType === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
    ...(endpoint.bodyType === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    response: {
      200: (endpoint.envelope === false ? endpoint.response : successOf(endpoint.response)).describe('Success'),
      ...failures,
    },
  };
}

/**
 * The transaction-local setting naming the signed-in user: owner columns (tables.ts
 * `ownerColumn`) take it as their default, so a row records who created it without the domain
 * writing it. The session check sets it (with the tenant) when the session is live.
 */
export const USER_SETTING = 'app.user_id';

const noTransaction = new Proxy({} as Tx, {
  get() {
    throw new Error('a public route has no request transaction');
  },
});

export interface GuardDeps {
  db: Db;
  audit: AuditPort;
  authenticator: Authenticator;
  dataScope?: DataScopePort;
}

/**
 * Registers the endpoints of every module. Authentication comes first: a guarded route
 * without a valid token answers 401 in onRequest, before its body is read. Then one
 * transaction per request, whose first statement checks the session and the permission code
 * and scopes the tenant; only then are validation failures reported and the handler run.
 */
/** A JSON object as the driver returns it (parsed, or as text); anything else: unknown (null), so scopes are resolved. */
function objectOf(value: unknown): Record<string, unknown> | null {
  const parsed = jsonOf(value);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

export function registerEndpoints(app: FastifyInstance, bindings: readonly RouteBinding[], deps: GuardDeps): void {
  const { db, audit, authenticator } = deps;
  const dataScope = deps.dataScope ?? UNSCOPED;
  app.decorate('endpoints', []);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint || endpoint.access === 'public') return;
    const token = requestToken(request, endpoint);
    if (!token && endpoint.access === 'optional') return;
    if (!token) throw unauthorized();
    const claims = await authenticator.verify(token);
    if (!claims) throw unauthorized('common.tokenInvalid');
    request.auth = claims;
  });

  const seen = new Set<string>();
  for (const binding of bindings) {
    const { endpoint } = binding;
    if (seen.has(endpoint.operationId)) throw new Error(`operationId ${endpoint.operationId} is declared twice`);
    if (endpoint.cookieAuth && endpoint.method !== 'GET') {
      throw new Error(`${endpoint.operationId}: only GET endpoints may take the token cookie (CSRF)`);
    }
    seen.add(endpoint.operationId);
    app.endpoints.push(endpoint);

    const run = (
      request: FastifyRequest,
      reply: FastifyReply,
      tx: Tx,
      prefetched: Readonly<Record<string, unknown>> | null = null,
      upload?: ReceivedUpload,
    ) => {
      if (request.validationError && !binding.ownValidation) throw request.validationError;
      const actor = {
        tenantId: request.auth?.tenantId ?? '',
        userId: request.auth?.userId ?? null,
        account: request.auth?.account ?? '',
        ip: request.ip,
        language: request.language,
      };
      const ctx: RouteCtx = {
        tx,
        audit,
        auth: request.auth,
        request,
        reply,
        actor,
        dataScope: requestDataScope(dataScope, tx, actor, binding.dataResources, prefetched),
        upload,
      };
      const args = { params: request.params, query: request.query, body: request.body } as Parameters<RouteBinding['handle']>[0];
      return binding.handle(args, ctx);
    };

    // What the actor's scopes on the route's declared data resources resolve to, asked in the first statement.
    const resourceCodes = (binding.dataResources ?? []).map((r) => r.code);
    const prefetch = resourceCodes.length ? dataScope.prefetch : undefined;

    /**
     * The request's first statement: checks the session and the permission code, scopes the
     * tenant and becomes the request role; returns the actor's data scopes when the route asks.
     */
    const guard = async (tx: Tx, request: FastifyRequest, claims: AccessClaims) => {
      const code = requiredCode(endpoint.access, request.body) ?? '';
      const scopes = prefetch?.sql(claims, resourceCodes);
      const check = authenticator.sessionCheck(claims, code);
      // One statement, prepared (the same text on every request, planned once per
      // connection). The session function runs first, as the table of the query, and
      // scopes the tenant; what the select list reads is evaluated after it, under
      // that tenant's policies, and only when the session lives. On PGlite the
      // owner's connection becomes the request role here; on PostgreSQL it already is.
      const [scope] = rowsOf<{ live: boolean; allowed: boolean | null; scopes?: unknown }>(
        await executePrepared(
          tx,
          sql`select g.live, case when g.live then ${check.granted} end as allowed,
                ${scopes ? sql`case when g.live then ${scopes} end` : sql`null`} as scopes,
                set_config('role', ${APP_ROLE}, true) as role
              from ${check.begin} as g(live)`,
        ),
      );
      if (!scope?.live) throw unauthorized('common.tokenInvalid');
      if (!scope.allowed) throw forbidden(code);
      return scopes ? objectOf(scope.scopes) : null;
    };

    const answer = async (request: FastifyRequest, reply: FastifyReply, upload?: ReceivedUpload) => {
      const claims = request.auth;
      const data =
        endpoint.access === 'public' || !claims
          ? await run(request, reply, noTransaction, null, upload)
          : await db.transaction(async (tx) => run(request, reply, tx as Tx, await guard(tx as Tx, request, claims), upload));
      return endpoint.envelope === false ? data : ok(request, data);
    };

    /**
     * An upload is judged (input, session, permission) before its file is read, and read before
     * the transaction that stores it opens: a slow sender holds no connection meanwhile.
     */
    const answerUpload = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.validationError && !binding.ownValidation) throw request.validationError;
      const claims = request.auth;
      if (endpoint.access !== 'public' && claims) await db.transaction((tx) => guard(tx as Tx, request, claims));
      const received = await receiveUpload(request, endpoint);
      try {
        request.body = await checkedBody(endpoint, received.body);
        return await answer(request, reply, received.upload);
      } finally {
        await discardUpload(received.upload);
      }
    };

    // Aliases are the same route under another spelling, undocumented.
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) {
      app.route({
        method: endpoint.method,
        url: `${API_PREFIX}${path}`,
        schema: { ...routeSchema(endpoint), ...(path === endpoint.path && endpoint.documented !== false ? {} : { hide: true }) },
        attachValidation: true,
        config: { endpoint },
        ...(endpoint.bodyType === 'multipart'
          ? { validatorCompiler: multipartValidator, handler: answerUpload }
          : { handler: (request: FastifyRequest, reply: FastifyReply) => answer(request, reply) }),
      });
    }
  }
}

/** Params and query of a multipart route are checked as any route's; its body by `checkedBody`. */
function multipartValidator(route: FastifyRouteSchemaDef<unknown>) {
  return route.httpPart === 'body' ? noBodyCheck(route) : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
}

/** The text parts of an upload checked by the contract, refused (400, in words) as a JSON body would be. */
async function checkedBody(endpoint: Endpoint, body: Record<string, unknown>): Promise<unknown> {
  if (!endpoint.body) return undefined;
  const checked = await endpoint.body.safeParseAsync(body);
  if (!checked.success) throw checked.error;
  return checked.data;
}
