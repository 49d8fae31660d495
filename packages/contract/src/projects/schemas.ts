import { z } from 'zod';
import { id, idList, idParam, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { letterCode } from '../validatorSchemas.ts';
import { isCalendarDay } from '../validators.ts';

/** 1 running, 0 closed. */
export const PROJECT_STATUS = { running: 1, closed: 0 } as const;

const day = z.union([z.literal(''), z.string({ message: 'projects.dateInvalid' }).refine(isCalendarDay, { message: 'projects.dateInvalid' })]);

const sort = z
  .number({ message: 'validation.digits' })
  .int({ message: 'validation.digits' })
  .min(0, { message: 'validation.digits' })
  .max(99999, { message: 'validation.digits' })
  .default(1);

const code = (required: string) => requiredText('standard', required).pipe(letterCode);

export const projectSubmit = z
  .object({
    id: id.optional(),
    projectName: requiredText('standard', 'projects.nameRequired'),
    projectCode: code('projects.codeRequired'),
    manager: text('short').default(''),
    startDate: day.default(''),
    endDate: day.default(''),
    status: z.union([z.literal(1), z.literal(0)], { message: 'projects.statusInvalid' }).default(1),
    sort,
    remark: text('description').default(''),
  })
  .refine((p) => !p.startDate || !p.endDate || p.endDate >= p.startDate, { message: 'projects.endBeforeStart', path: ['endDate'] });
export type ProjectSubmit = z.input<typeof projectSubmit>;

export const project = z
  .object({
    id: z.number(),
    projectName: z.string(),
    projectCode: z.string(),
    manager: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.number(),
    sort: z.number(),
    remark: z.string(),
    /** Roles defined in the project. */
    roleCount: z.number(),
    createTime: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof project>;

export const projectListQuery = pageQuery.extend({ projectName: searchText, projectCode: searchText });
export const projectDetailQuery = z.object({ id: idParam });
export const projectRemoveQuery = z.object({ ids: idList });

export const projectRoleSubmit = z.object({
  id: id.optional(),
  projectId: id,
  roleName: requiredText('standard', 'projects.roleNameRequired'),
  roleAlias: code('projects.roleAliasRequired'),
  sort,
  remark: text('description').default(''),
});
export type ProjectRoleSubmit = z.input<typeof projectRoleSubmit>;

export const projectRole = z
  .object({
    id: z.number(),
    projectId: z.number(),
    projectName: z.string(),
    roleName: z.string(),
    roleAlias: z.string(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
  })
  .meta({ id: 'ProjectRole' });
export type ProjectRole = z.infer<typeof projectRole>;

export const projectRoleListQuery = pageQuery.extend({
  projectId: queryInt(1, 2_147_483_647).optional(),
  roleName: searchText,
});
export const projectRoleDetailQuery = projectDetailQuery;
export const projectRoleRemoveQuery = projectRemoveQuery;
