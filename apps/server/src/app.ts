import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Endpoint, TOKEN_COOKIE } from '@macro/contract';
import type { AuditPort } from '@macro/store';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.ts';
import { registerConsole } from './platform/console.ts';
import type { Database } from './platform/db.ts';
import { registerUniqueMessages } from './platform/errors.ts';
import { frameworkErrors, registerHttpBasics } from './platform/http.ts';
import type { AppError } from './platform/errors.ts';
import { loadContractMessages } from './platform/messages.ts';
import type { ModuleDeps, ServerModule } from './platform/module.ts';
import { registerEndpoints } from './platform/routes.ts';
import { MULTIPART_OPTIONS } from './platform/uploads.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { refuseUnpairedSurrogates } from './platform/wellFormed.ts';
import { responseSerializer } from './platform/serializer.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  modules: readonly ServerModule[];
  logger?: boolean;
}

/** The modules' shared dependencies; the audit module provides the audit port. */
export function moduleDeps(config: Config, database: Database, modules: readonly ServerModule[]): ModuleDeps {
  const audit: AuditPort | undefined = modules.find((m) => m.audit)?.audit;
  if (!audit) throw new Error('no module provides the audit log');
  return { db: database.db, requestDb: database.requestDb, config, audit, modules };
}

/**
 * OpenAPI 3.0 cannot put `nullable` beside a `$ref` (the reference wins and the sibling is
 * ignored), and `nullable` needs a `type`: a nullable named schema becomes
 * `{type: object, nullable: true, allOf: [{$ref}]}` wherever it appears.
 */
function nullableReferences<T>(document: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && schema.type === undefined && (schema.$ref || schema.allOf)) {
      if (schema.$ref) {
        schema.allOf = [{ $ref: schema.$ref }];
        delete schema.$ref;
      }
      schema.type = 'object';
    }
    for (const value of Object.values(schema)) visit(value);
  };
  visit(document);
  return document;
}

/** The document's tags in reading order: sign-in first, then each domain as its modules come. */
function documentTags(endpoints: readonly Endpoint[]): { name: string; description: string }[] {
  const tags = [...new Set(endpoints.map((e) => e.tag))].sort((a, b) => Number(b === 'auth') - Number(a === 'auth'));
  return tags.map((name) => ({
    name,
    description: endpoints
      .filter((e) => e.tag === name)
      .map((e) => e.summary)
      .join('; '),
  }));
}

/** Builds the API server and the console it serves; used by main.ts and by tests through inject. */
export async function buildApp({ config, database, modules, logger = false }: AppOptions): Promise<FastifyInstance> {
  loadContractMessages();
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  const translators = modules.flatMap((m) => (m.translateError ? [m.translateError] : []));
  registerHttpBasics(app, (error, language) => translators.reduce<AppError | undefined>((found, translate) => found ?? translate(error, language), undefined));
  refuseUnpairedSurrogates(app);
  await registerSecurityHeaders(app, config);
  await app.register(formbody);
  // Multipart bodies are read only by upload routes, as a stream (platform/uploads.ts).
  await app.register(multipart, MULTIPART_OPTIONS);
  await app.register(cookie);

  const deps = moduleDeps(config, database, modules);
  const bindings = (await Promise.all(modules.map((m) => m.routes?.(deps) ?? []))).flat();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Macro Console API',
        version: '2.0.0',
        description:
          'The API of the Macro Console back office. Success bodies are `{code: 200, success: true, data, msg}`; failures carry a real HTTP status and `{code, success: false, error_code, httpCode, sys_msg, error_description, data: null}` with `sys_msg` in the language of `Accept-Language` (zh, en, ja). Sign in with the OAuth token endpoint, then send the access token as `Macro-Auth: bearer <token>` (or `Authorization: Bearer <token>`). Every password a request carries, at sign-in and in any body, is RSA-OAEP (SHA-256) ciphertext in base64 made with the key of `GET /macro-auth/oauth/public-key`; plain text is refused (400).',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          macroAuth: { type: 'apiKey', in: 'header', name: 'Macro-Auth', description: '`bearer <access token>`' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          tokenCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: TOKEN_COOKIE,
            description: 'The HttpOnly token cookie set at sign-in: accepted only by the GET endpoints that list it (downloads, previews)',
          },
        },
      },
      tags: documentTags(bindings.map((b) => b.endpoint)),
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => nullableReferences(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const owner = modules.find((m) => m.authenticator);
  if (!owner?.authenticator) throw new Error('no module provides the session check');
  registerUniqueMessages(modules.flatMap((m) => m.uniqueMessages ?? []));
  const scopes = modules.find((m) => m.dataScope);
  registerEndpoints(app, bindings, {
    db: database.requestDb,
    audit: deps.audit,
    authenticator: await owner.authenticator(deps),
    dataScope: scopes?.dataScope?.(deps),
  });

  const requestLog = modules.find((m) => m.requestLog)?.requestLog?.(deps);
  if (requestLog) {
    app.addHook('onResponse', async (request, reply) => {
      const endpoint = request.routeOptions.config?.endpoint;
      const auth = request.auth;
      if (!endpoint || !auth) return;
      requestLog.record({
        tenantId: auth.tenantId,
        userId: auth.userId,
        account: auth.account,
        method: request.method,
        path: request.routeOptions.url ?? endpoint.path,
        operationId: endpoint.operationId,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      });
    });
    app.addHook('onClose', () => requestLog.stop());
  }

  registerConsole(app, config, database.db);
  const stops = modules.flatMap((m) => m.background?.(deps) ?? []);
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
  return app;
}
