/*
 * The workflow engine declares its own tables (packages/workflow); listed here so drizzle-kit,
 * which reads src/modules/*\/tables.ts, puts them in the migrations. `wf_scheme` is the
 * server's: a template (number, name, category, enabled) whose versions the engine deploys.
 */
import { bigint, boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export {
  wfCarbonCopies,
  wfDefinitions,
  wfDrafts,
  wfExecutions,
  wfHistory,
  wfInstances,
  wfJobs,
  wfTaskCandidates,
  wfTasks,
  wfVariables,
} from '@macro/workflow/tables';

export const wfSchemes = tenantTable(
  'wf_scheme',
  {
    id: idColumn(),
    /** The template number: the BPMN process key every version is deployed under. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** A key of the workflow category dictionary. */
    category: text('category').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('wf_scheme_code').on(t.tenantId, t.code), index('wf_scheme_list').on(t.tenantId, t.id)],
);

/**
 * A single-use link that starts a template without a token (`/nwfschemeinfo/createProcess`):
 * issued by a signed-in user, who is the initiator of what it starts. Only the SHA-256 of its
 * 256-bit secret is kept; it works once, before `expires_at`.
 */
export const wfStartLinks = tenantTable(
  'wf_start_link',
  {
    id: idColumn(),
    code: text('code').notNull(),
    title: text('title').notNull().default(''),
    issuerId: bigint('issuer_id', { mode: 'number' }).notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    instanceId: integer('instance_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wf_start_link_issuer').on(t.tenantId, t.issuerId, t.id)],
);

/**
 * A workflow relation: a template's start form and who may start
 * it (template authority by person, role or post; all empty = anyone holding the start code).
 */
export const wfRelations = tenantTable(
  'wf_relation',
  {
    id: idColumn(),
    name: text('name').notNull(),
    schemeId: integer('scheme_id').notNull(),
    formKey: text('form_key').notNull().default(''),
    remark: text('remark').notNull().default(''),
    authUsers: jsonb('auth_users').$type<number[]>().notNull().default([]),
    authRoles: jsonb('auth_roles').$type<number[]>().notNull().default([]),
    authPosts: jsonb('auth_posts').$type<number[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('wf_relation_scheme').on(t.tenantId, t.schemeId), index('wf_relation_list').on(t.tenantId, t.id)],
);
