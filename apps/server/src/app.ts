import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, translate } from '@macro/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { dictRoutes } from './modules/dict/routes.ts';
import { menuRoutesPlugin } from './modules/menus/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { registerGuard } from './platform/guard.ts';
import { failure, registerHttpBasics } from './platform/http.ts';
import { loadPlatformKeys } from './platform/keys.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
}

/** Builds the API server and the console it serves; used by main.ts and by tests through inject. */
export async function buildApp({ config, database, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHttpBasics(app);
  await app.register(formbody);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Macro Console API', version: '2.0.0' },
      components: {
        securitySchemes: { macroAuth: { type: 'apiKey', in: 'header', name: 'Macro-Auth' } },
      },
      security: [{ macroAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const keys = await loadPlatformKeys(database.db);
  registerGuard(app, database.db, keys.tokenSecret);

  await app.register(authRoutes(createAuthService(database.db, keys, config), config));
  await app.register(userRoutes);
  await app.register(menuRoutesPlugin);
  await app.register(dictRoutes('system'));
  await app.register(dictRoutes('biz'));

  registerConsole(app, config);
  return app;
}

/** Serves the built console, with a fallback to index.html for the console's own routes. */
function registerConsole(app: FastifyInstance, config: Config): void {
  const indexFile = join(config.webDist, 'index.html');
  const hasConsole = existsSync(indexFile);
  const indexHtml = hasConsole
    ? readFileSync(indexFile, 'utf8').replace(
        /<meta name="macro-client" content="[^"]*"\s*\/?>/,
        `<meta name="macro-client" content="${config.clientId}:${config.clientSecret}">`,
      )
    : '';
  if (hasConsole) {
    app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`);
    if (wantsPage && hasConsole && (request.headers.accept ?? '').includes('text/html')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    const message = translate(request.language, 'common.routeNotFound', {
      method: request.method,
      url: request.url.split('?')[0],
    });
    return reply.status(404).send(failure(404, message));
  });
}
