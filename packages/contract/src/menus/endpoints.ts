import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { menuRoute } from './schemas.ts';

export const MENU_ENDPOINTS = {
  routes: defineEndpoint({
    operationId: 'menus.routes',
    method: 'GET',
    path: '/macro-system/menu/routes',
    tag: 'menus',
    summary: "The user's sidebar",
    description: 'Menus (not buttons) granted to the signed-in user through any of their roles, as a tree ordered by sort.',
    access: 'authenticated',
    response: z.array(menuRoute),
  }),
  permissions: defineEndpoint({
    operationId: 'menus.permissions',
    method: 'GET',
    path: '/macro-system/api-scope/user-permission-list',
    tag: 'menus',
    summary: "The user's permission codes",
    description: 'Every menu and button code the signed-in user holds; the console hides buttons whose code is missing.',
    access: 'authenticated',
    response: z.array(z.string()),
  }),
};
