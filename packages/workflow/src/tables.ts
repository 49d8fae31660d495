import { idColumn, tenantTable } from '@macro/store/tables';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The engine's state: definitions, instances, the token tree (executions), tasks, variables,
 * history, carbon copies, drafts and timer jobs. Every table is tenant-scoped with its RLS
 * policy; the server registers them (modules/workflow) so migrations include them.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const wfDefinitions = tenantTable(
  'wf_definition',
  {
    id: idColumn(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    xml: text('xml').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_definition_key_version').on(t.tenantId, t.key, t.version)],
);

export const wfInstances = tenantTable(
  'wf_instance',
  {
    id: idColumn(),
    definitionId: integer('definition_id').notNull(),
    businessKey: text('business_key').notNull().default(''),
    title: text('title').notNull().default(''),
    starterId: bigint('starter_id', { mode: 'number' }).notNull(),
    /** running | suspended | completed | terminated */
    state: text('state').notNull().default('running'),
    /** A called process: the instance and execution waiting for it. */
    parentInstanceId: integer('parent_instance_id'),
    parentExecutionId: integer('parent_execution_id'),
    /** In the recycle bin since then (restorable); null while alive. */
    deletedAt: at('deleted_at'),
    startedAt: at('started_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (t) => [index('wf_instance_starter').on(t.tenantId, t.starterId, t.id), index('wf_instance_definition').on(t.tenantId, t.definitionId)],
);

export const wfExecutions = tenantTable(
  'wf_execution',
  {
    id: idColumn(),
    instanceId: integer('instance_id').notNull(),
    /** The scope execution (embedded sub-process, counter-sign) it runs in; null at process level. */
    parentId: integer('parent_id'),
    nodeId: text('node_id').notNull(),
    /** active (at a node) | waiting (parked at a join) | scope (owns child executions) */
    state: text('state').notNull().default('active'),
    /** The flow it arrived at a join through (a reject keeps or discards it by this). */
    arrivedVia: text('arrived_via'),
    /** Counter-sign bookkeeping on a multi-instance scope: approvers, index, counts. */
    loop: jsonb('loop'),
    /** The task whose completion put it here (withdraw removes what a completion created). */
    createdByTaskId: integer('created_by_task_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('wf_execution_instance').on(t.tenantId, t.instanceId)],
);

export const wfTasks = tenantTable(
  'wf_task',
  {
    id: idColumn(),
    instanceId: integer('instance_id').notNull(),
    executionId: integer('execution_id').notNull(),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    /** start (the initiator's node) | approve | counterSign */
    kind: text('kind').notNull().default('approve'),
    /**
     * The one person who may act on the task; null while an or-sign node's task is unclaimed,
     * when any of its candidates (wf_task_candidate) may. Set to whoever completes it.
     */
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    /** Set while delegated: the owner the task goes back to. */
    ownerId: bigint('owner_id', { mode: 'number' }),
    /** open | completed | cancelled */
    state: text('state').notNull().default('open'),
    action: text('action'),
    comment: text('comment'),
    completedBy: bigint('completed_by', { mode: 'number' }),
    /** The completed task whose completion created this one ("previous" for reject and withdraw). */
    previousTaskId: integer('previous_task_id'),
    /** The operation that created it (withdraw checks all its tasks are untouched). */
    createdByTaskId: integer('created_by_task_id'),
    /** Touched: opened or acted on by its approver (a withdraw is refused after that). */
    touched: boolean('touched').notNull().default(false),
    /**
     * False when its completion did something a withdraw cannot undo: called a service task
     * ("external"), fired a join with other branches' tokens, or ended a scope.
     */
    withdrawable: boolean('withdrawable').notNull().default(true),
    dueAt: at('due_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (t) => [
    index('wf_task_todo').on(t.tenantId, t.assigneeId, t.state, t.id),
    index('wf_task_instance').on(t.tenantId, t.instanceId, t.state),
    index('wf_task_done').on(t.tenantId, t.completedBy, t.id),
  ],
);

/**
 * The candidates of an or-sign node's task: the users its approver rule resolved to (with their
 * standing deputies). They may act while the task is open and has no assignee (`active`); once
 * someone completes, transfers, delegates or is assigned it, or it is cancelled, the rows stay,
 * inactive, as the record of who was asked.
 */
export const wfTaskCandidates = tenantTable(
  'wf_task_candidate',
  {
    id: idColumn(),
    taskId: integer('task_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('wf_task_candidate_task_user').on(t.tenantId, t.taskId, t.userId),
    // A candidate's open tasks in id order: the candidates' half of a to-do list.
    index('wf_task_candidate_open').on(t.tenantId, t.userId, t.taskId).where(sql`active`),
  ],
);

/**
 * Keeps `wf_task_candidate.active` true exactly while its task is open and nobody holds it,
 * whichever statement closes or takes the task (a trigger on wf_task). Applied by migration
 * 0033_orsign_one_task, which holds the same text (a server test compares them).
 */
export const CANDIDATE_TRIGGER_SQL = [
  `CREATE OR REPLACE FUNCTION wf_task_candidates_close() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  UPDATE wf_task_candidate SET active = false WHERE tenant_id = NEW.tenant_id AND task_id = NEW.id AND active;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER wf_task_candidates_close AFTER UPDATE OF state, assignee_id ON wf_task FOR EACH ROW
  WHEN (OLD.state = 'open' AND OLD.assignee_id IS NULL AND (NEW.state <> 'open' OR NEW.assignee_id IS NOT NULL))
  EXECUTE FUNCTION wf_task_candidates_close()`,
];

export const wfVariables = tenantTable(
  'wf_variable',
  {
    id: idColumn(),
    instanceId: integer('instance_id').notNull(),
    name: text('name').notNull(),
    value: jsonb('value'),
  },
  (t) => [uniqueIndex('wf_variable_name').on(t.tenantId, t.instanceId, t.name)],
);

export const wfHistory = tenantTable(
  'wf_history',
  {
    id: idColumn(),
    instanceId: integer('instance_id').notNull(),
    taskId: integer('task_id'),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull().default(''),
    /** enter | leave | flow (a sequence flow taken, for highlighting) */
    event: text('event').notNull(),
    /** start, approve, reject, transfer, delegate, withdraw, suspend, … (on leave rows and operations) */
    action: text('action'),
    userId: bigint('user_id', { mode: 'number' }),
    comment: text('comment'),
    stamp: text('stamp'),
    at: at('at').notNull().defaultNow(),
    /** Whom an operation handed the task to (transfer, delegate, assign). */
    targetUserId: bigint('target_user_id', { mode: 'number' }),
  },
  (t) => [index('wf_history_instance').on(t.tenantId, t.instanceId, t.id)],
);

export const wfCarbonCopies = tenantTable(
  'wf_cc',
  {
    id: idColumn(),
    instanceId: integer('instance_id').notNull(),
    taskId: integer('task_id'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fromUserId: bigint('from_user_id', { mode: 'number' }).notNull(),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('wf_cc_user').on(t.tenantId, t.userId, t.id)],
);

export const wfDrafts = tenantTable(
  'wf_draft',
  {
    id: idColumn(),
    definitionKey: text('definition_key').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    title: text('title').notNull().default(''),
    data: jsonb('data').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('wf_draft_owner').on(t.tenantId, t.ownerId, t.id)],
);

export const wfJobs = tenantTable(
  'wf_job',
  {
    id: idColumn(),
    instanceId: integer('instance_id').notNull(),
    executionId: integer('execution_id').notNull(),
    nodeId: text('node_id').notNull(),
    dueAt: at('due_at').notNull(),
    /** pending | done | cancelled */
    state: text('state').notNull().default('pending'),
    /** A cycle timer's firing this job is, from 0 (each firing schedules the next while the cycle lasts). */
    repetition: integer('repetition').notNull().default(0),
  },
  // Due jobs are found by time; a token's jobs (cancelled when it moves on) by their execution.
  (t) => [index('wf_job_due').on(t.state, t.dueAt), index('wf_job_execution').on(t.tenantId, t.executionId)],
);

export const workflowTables = [wfDefinitions, wfInstances, wfExecutions, wfTasks, wfTaskCandidates, wfVariables, wfHistory, wfCarbonCopies, wfDrafts, wfJobs];
