import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { DIRECTORY_PERMISSIONS as P } from './permissions.ts';
import {
  type DirectoryProvider,
  directoryDepartment,
  directorySettings,
  directorySettingsBody,
  directorySyncResult,
  directoryUserParams,
  directoryUserSynced,
} from './schemas.ts';

const NAMES: Record<DirectoryProvider, { op: string; title: string }> = {
  'wechat-work': { op: 'wechatWork', title: 'WeChat Work' },
  'ding-talk': { op: 'dingTalk', title: 'DingTalk' },
};

/** The four directory calls (identical for both directories), plus saving the tenant's choice. */
function directoryEndpoints(provider: DirectoryProvider) {
  const base = `/${provider}`;
  const { op, title } = NAMES[provider];
  const tag = 'directory';
  return {
    settings: defineEndpoint({
      operationId: `directory.${op}.settings`,
      method: 'GET',
      path: base,
      tag,
      summary: `${title} sync settings`,
      description: `Whether ${title} credentials are configured on the server (the secret is never shown), the organisation id, the company and parent department synced departments land in, and the last sync's counts.`,
      access: P.view,
      response: directorySettings,
    }),
    saveSettings: defineEndpoint({
      operationId: `directory.${op}.saveSettings`,
      method: 'PUT',
      path: base,
      tag,
      summary: `Save ${title} sync settings`,
      description: 'Chooses the company (required) and the parent department (0: top level) synced departments go under.',
      access: P.edit,
      body: directorySettingsBody,
      response: directorySettings,
      failures: [404, 422],
    }),
    syncDepartments: defineEndpoint({
      operationId: `directory.${op}.syncDepartments`,
      method: 'POST',
      path: `${base}/sync-department`,
      tag,
      summary: `Sync departments and members from ${title}`,
      description: `Reads every department of the ${title} directory and its members, creates or updates the mirrored departments and users (matched by the directory's ids; a user whose account already exists is linked, not duplicated), and reports created, updated and skipped counts. Idempotent: a second run with nothing changed skips everything. One transaction: a failure changes nothing. 503 when the directory cannot be reached or refuses the credentials.`,
      access: P.sync,
      response: directorySyncResult,
      failures: [422, 503],
    }),
    departments: defineEndpoint({
      operationId: `directory.${op}.departments`,
      method: 'GET',
      path: `${base}/departments`,
      tag,
      summary: `${title} departments`,
      description: `Every department of the ${title} directory as it answers now, each with the department it is mirrored to here (null before the first sync).`,
      access: P.view,
      response: z.array(directoryDepartment),
      failures: [422, 503],
    }),
    syncUser: defineEndpoint({
      operationId: `directory.${op}.syncUser`,
      method: 'PUT',
      path: `${base}/sync-user/:id`,
      tag,
      summary: `Sync one ${title} member`,
      description: `Reads one member of the ${title} directory by its user id and creates or updates the mirrored user (their department must have been synced). 404 when the directory has no such member.`,
      access: P.sync,
      params: directoryUserParams,
      response: directoryUserSynced,
      failures: [404, 422, 503],
    }),
  };
}

export const WECHAT_WORK_ENDPOINTS = directoryEndpoints('wechat-work');
export const DING_TALK_ENDPOINTS = directoryEndpoints('ding-talk');
export const DIRECTORY_ENDPOINTS: Record<DirectoryProvider, ReturnType<typeof directoryEndpoints>> = {
  'wechat-work': WECHAT_WORK_ENDPOINTS,
  'ding-talk': DING_TALK_ENDPOINTS,
};
