import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf } from '../envelope.ts';
import { PROJECT_PERMISSIONS as P, PROJECT_ROLE_PERMISSIONS as R } from './permissions.ts';
import {
  project,
  projectDetailQuery,
  projectListQuery,
  projectRemoveQuery,
  projectRole,
  projectRoleDetailQuery,
  projectRoleListQuery,
  projectRoleRemoveQuery,
  projectRoleSubmit,
  projectSubmit,
} from './schemas.ts';

const removed = z.object({ removed: z.number() });

export const PROJECT_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'projects.page',
    method: 'GET',
    path: '/projects/page',
    tag: 'projects',
    summary: 'List projects',
    description: "A page of the tenant's projects, filtered by name and code (substring), ordered by sort then id, each with its number of roles.",
    access: P.view,
    query: projectListQuery,
    response: pageOf(project),
  }),
  detail: defineEndpoint({
    operationId: 'projects.detail',
    method: 'GET',
    path: '/projects/detail',
    tag: 'projects',
    summary: 'Read one project',
    description: 'One project by id.',
    access: P.view,
    query: projectDetailQuery,
    response: project,
    failures: [404],
  }),
  submit: defineEndpoint({
    operationId: 'projects.submit',
    method: 'POST',
    path: '/projects/submit',
    tag: 'projects',
    summary: 'Create or update a project',
    description:
      'Creates a project (no id; project:add) or updates one (with id; project:edit). Codes are letters, digits or underscores, unique in the tenant; the end day is not before the start day.',
    access: { create: P.add, update: P.edit },
    body: projectSubmit,
    response: project,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'projects.remove',
    method: 'POST',
    path: '/projects/remove',
    tag: 'projects',
    summary: 'Remove projects',
    description: 'Removes the projects `ids`; a project that still has roles is refused, naming it.',
    access: P.delete,
    query: projectRemoveQuery,
    response: removed,
    failures: [404, 409],
  }),
};

export const PROJECT_ROLE_ENDPOINTS = {
  page: defineEndpoint({
    operationId: 'projects.roles.page',
    method: 'GET',
    path: '/project-roles/page',
    tag: 'projects',
    summary: 'List project roles',
    description: 'A page of project roles, of one project (`projectId`) or all, filtered by name, ordered by sort then id.',
    access: R.view,
    query: projectRoleListQuery,
    response: pageOf(projectRole),
  }),
  detail: defineEndpoint({
    operationId: 'projects.roles.detail',
    method: 'GET',
    path: '/project-roles/detail',
    tag: 'projects',
    summary: 'Read one project role',
    description: "One project role by id, with its project's name.",
    access: R.view,
    query: projectRoleDetailQuery,
    response: projectRole,
    failures: [404],
  }),
  submit: defineEndpoint({
    operationId: 'projects.roles.submit',
    method: 'POST',
    path: '/project-roles/submit',
    tag: 'projects',
    summary: 'Create or update a project role',
    description: 'Creates a role in a project (no id) or updates one (with id). Aliases are unique within their project; the project must exist.',
    access: { create: R.add, update: R.edit },
    body: projectRoleSubmit,
    response: projectRole,
    failures: [404, 409],
  }),
  remove: defineEndpoint({
    operationId: 'projects.roles.remove',
    method: 'POST',
    path: '/project-roles/remove',
    tag: 'projects',
    summary: 'Remove project roles',
    description: 'Removes the project roles `ids`.',
    access: R.delete,
    query: projectRoleRemoveQuery,
    response: removed,
    failures: [404],
  }),
};
