import { API_PREFIX, AUTH_PATHS, menuRoute, successOf } from '@macro/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http.ts';
import { menuRoutes, permissionCodes } from './service.ts';

export const menuRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${API_PREFIX}${AUTH_PATHS.menuRoutes}`,
    { config: { permission: 'authenticated' }, schema: { tags: ['menus'], response: { 200: successOf(z.array(menuRoute)) } } },
    async (request) => ok(request, await menuRoutes(request.tx, request.auth!.userId)),
  );
  app.get(
    `${API_PREFIX}${AUTH_PATHS.permissionList}`,
    { config: { permission: 'authenticated' }, schema: { tags: ['menus'], response: { 200: successOf(z.array(z.string())) } } },
    async (request) => ok(request, await permissionCodes(request.tx, request.auth!.userId)),
  );
};
