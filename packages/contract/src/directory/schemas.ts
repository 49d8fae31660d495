import { z } from 'zod';
import { id, parentId } from '../envelope.ts';

/** The two enterprise directories a tenant can mirror its organisation from. */
export const DIRECTORY_PROVIDERS = ['wechat-work', 'ding-talk'] as const;
export type DirectoryProvider = (typeof DIRECTORY_PROVIDERS)[number];

/** What a tenant chose: the company the directory's departments land in, and under which department. */
export const directorySettingsBody = z.object({
  companyId: id.meta({ description: 'The company synced departments belong to.' }),
  parentDeptId: parentId.default(0).meta({ description: "The department the directory's top departments go under (0: the company's top level)." }),
});
export type DirectorySettingsBody = z.input<typeof directorySettingsBody>;

const counts = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() });

export const directorySyncResult = z.object({ departments: counts, users: counts, at: z.string() }).meta({ id: 'DirectorySyncResult' });
export type DirectorySyncResult = z.infer<typeof directorySyncResult>;

export const directorySettings = z
  .object({
    provider: z.enum(DIRECTORY_PROVIDERS),
    /** Whether the server holds credentials for this directory (configuration, never shown). */
    configured: z.boolean(),
    /** The directory's public id of the organisation (corp id / app key); never the secret. */
    organisationId: z.string(),
    baseUrl: z.string(),
    companyId: z.number().nullable(),
    parentDeptId: z.number(),
    lastSync: directorySyncResult.nullable(),
  })
  .meta({ id: 'DirectorySettings' });
export type DirectorySettings = z.infer<typeof directorySettings>;

export const directoryDepartment = z
  .object({
    /** The directory's id of the department. */
    externalId: z.string(),
    name: z.string(),
    externalParentId: z.string().nullable(),
    /** The department it is mirrored to here, once synced. */
    deptId: z.number().nullable(),
  })
  .meta({ id: 'DirectoryDepartment' });
export type DirectoryDepartment = z.infer<typeof directoryDepartment>;

/** A directory's user id (WeChat Work `userid`, DingTalk `userid`). */
export const directoryUserParams = z.object({
  id: z
    .string({ message: 'directory.userIdInvalid' })
    .trim()
    .min(1, { message: 'directory.userIdInvalid' })
    .max(64, { message: 'directory.userIdInvalid' })
    .regex(/^[A-Za-z0-9_.@-]+$/, { message: 'directory.userIdInvalid' }),
});

export const directoryUserSynced = z.object({
  outcome: z.enum(['created', 'updated', 'skipped']),
  userId: z.number(),
});
