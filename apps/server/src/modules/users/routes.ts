import { API_PREFIX, AUTH_PATHS, successOf, userInfo as userInfoSchema } from '@macro/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http.ts';
import { userInfo } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${API_PREFIX}${AUTH_PATHS.userInfo}`,
    { config: { permission: 'authenticated' }, schema: { tags: ['users'], response: { 200: successOf(userInfoSchema) } } },
    async (request) => ok(request, await userInfo(request.tx, request.auth!.userId)),
  );
};
