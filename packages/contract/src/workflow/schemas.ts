import { z } from 'zod';
import { encryptedPassword } from '../auth/schemas.ts';
import { id, idParam, INT_MAX, jsonObject, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** Form data and variables: a JSON object of at most 256 KB, no NUL, no unsafe number. */
export const variables = jsonObject('workflow.variablesInvalid');

const userIds = z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'workflow.ccNeedsUser' }).max(500, { message: 'common.idsInvalid' });
/** Approvers chosen for designated nodes: node id → user ids. */
const designated = z
  .record(
    z
      .string()
      .min(1)
      .max(200)
      .refine((v) => !v.includes('\u0000'), { message: 'validation.nulCharacter' }),
    z.array(id).max(500),
  )
  .optional();
const comment = text('description').default('');
/** A stamp's password, encrypted as at sign-in. */
const stampPassword = encryptedPassword('workflow.stampPasswordRequired');
/** The template number: letters, digits, _ and -, starting with a letter (it is the BPMN process key). */
const code = requiredText('short', 'workflow.keyRequired').pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { message: 'workflow.codeInvalid' }));
const xml = z
  .string({ message: 'workflow.xmlRequired' })
  .min(1, { message: 'workflow.xmlRequired' })
  .max(2_000_000, { message: 'validation.maxLength' })
  .refine((v) => !v.includes('\u0000'), { message: 'validation.nulCharacter' });
const nodeId = z
  .string()
  .trim()
  .min(1, { message: 'workflow.rejectNeedsNode' })
  .max(200)
  .refine((v) => !v.includes('\u0000'), { message: 'validation.nulCharacter' });

// ---------------------------------------------------------------- templates

/** A process template: a number (the BPMN process key), a category, and its deployed versions. */
export const scheme = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    category: z.string(),
    enabled: z.boolean(),
    remark: z.string(),
    /** The latest deployed version and its definition id. */
    version: z.number(),
    definitionId: z.number(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'WorkflowScheme' });
export type Scheme = z.infer<typeof scheme>;

export const schemeInfo = scheme.extend({ xml: z.string() }).meta({ id: 'WorkflowSchemeInfo' });

export const schemeInput = z.object({
  name: requiredText('standard', 'workflow.nameRequired'),
  code,
  category: requiredText('short', 'workflow.categoryRequired'),
  xml,
  remark: text('description').default(''),
});
export const schemeUpdate = schemeInput.omit({ code: true }).extend({ id });

/** A template run on sample data before it is deployed: nothing it does is kept. */
export const simulateInput = z.object({ xml, variables: variables.default({}) });
export const lintInput = z.object({ xml });
/** An element the engine cannot run, and why (the engine's words). */
/** One element the engine cannot run: `code` names the problem for programs, `message` says it in the request's language. */
export const lintProblem = z
  .object({ elementType: z.string(), elementId: z.string(), code: z.string(), message: z.string() })
  .meta({ id: 'WorkflowLintProblem' });
export type LintProblem = z.infer<typeof lintProblem>;
export const simulation = z
  .object({
    /** Each node the sample reached, in order, with whom it would go to. */
    steps: z.array(z.object({ nodeId: z.string(), nodeName: z.string(), approvers: z.array(z.object({ id: z.number(), name: z.string() })) })),
    /** Whether the sample reached an end. */
    ended: z.boolean(),
    /** What stopped it (a node resolving to nobody, a condition no flow meets), in the request's language. */
    warnings: z.array(z.string()),
  })
  .meta({ id: 'WorkflowSimulation' });
export const schemeListQuery = pageQuery.extend({ name: searchText, code: searchText, category: searchText });
export const schemeIdBody = z.object({ id });
export const schemeInfoQuery = z.object({ modelId: idParam });
export const schemeIdQuery = z.object({ id: idParam });

export const schemeVersion = z
  .object({ definitionId: z.number(), version: z.number(), name: z.string(), createTime: z.string() })
  .meta({ id: 'WorkflowSchemeVersion' });

export const versionChangeInput = z.object({
  instanceIds: z.array(id).min(1, { message: 'common.idsInvalid' }).max(500, { message: 'common.idsInvalid' }),
  /** The definition (a version of the instances' template) to move to. */
  definitionId: id,
  mapping: z.record(nodeId, nodeId).optional(),
});
/**
 * A timer of a token the version change schedules or removes: a boundary timer of its node, the
 * timer event it waits at, or its tasks' due time (`timer` is then the node). `node` is the
 * token's node in the version the timer belongs to; an added timer's `dueAt` counts from the change.
 */
export const versionTimerChange = z
  .object({ node: z.string(), timer: z.string(), kind: z.enum(['boundary', 'catch', 'due']), dueAt: z.string() })
  .meta({ id: 'WorkflowVersionTimerChange' });
export const versionChangeReport = z
  .object({
    instanceId: z.number(),
    maps: z.boolean(),
    unmapped: z.array(z.string()),
    moves: z.array(z.object({ from: z.string(), to: z.string() })),
    /** Timers the target version gives a token that it did not have (or had otherwise). */
    timersAdded: z.array(versionTimerChange),
    /** Pending timers the target version does not have at the token (or has otherwise). */
    timersRemoved: z.array(versionTimerChange),
  })
  .meta({ id: 'WorkflowVersionReport' });
export type VersionChangeReport = z.infer<typeof versionChangeReport>;

// ---------------------------------------------------------------- tasks

export const createProcessInput = z.object({
  /** The template number. */
  code: code.optional(),
  /** Start from this draft instead (its data become the variables; the draft is removed). */
  draftId: id.optional(),
  title: text('standard').default(''),
  variables: variables.default({}),
  designated,
});
export const started = z.object({ instanceId: z.number(), taskId: z.number() }).meta({ id: 'WorkflowStarted' });

export const TASK_ACTIONS = ['approve', 'reject'] as const;
export const taskHandleInput = z.object({
  taskId: id,
  action: z.enum(TASK_ACTIONS, { message: 'workflow.actionInvalid' }),
  comment,
  /** Reject to this node, or `previous`. */
  rejectTo: nodeId.optional(),
  /** Sign with this stamp: its password is checked. */
  stampId: id.optional(),
  stampPassword: stampPassword.optional(),
  variables: variables.optional(),
  designated,
});
export const reinitiateInput = z.object({ taskId: id, comment, variables: variables.optional(), designated });
export const handOverInput = z.object({ taskId: id, userId: id, comment });
export const withdrawInput = z.object({ processInstanceId: id, taskId: id.optional(), confirmStart: z.boolean().default(false) });
export const signersInput = z.object({ taskId: id, userIds });
export const carbonCopyInput = z.object({ processInstanceId: id, userIds, taskId: id.optional() });
export const draftInput = z.object({
  id: id.optional(),
  code,
  title: text('standard').default(''),
  data: variables.default({}),
});
export const idPath = z.object({ id: idParam });
export const instanceQuery = z.object({ processInstanceId: idParam });
export const taskQuery = z.object({ taskId: idParam });
export const taskListQuery = pageQuery.extend({ keyword: searchText });
export const assignInput = z.object({ taskId: id, userId: id });
export const instanceBody = z.object({ processInstanceId: id });

export const taskRecord = z
  .object({
    /** The task's id again, as every list row carries one. */
    id: z.number(),
    taskId: z.number(),
    processInstanceId: z.number(),
    title: z.string(),
    nodeId: z.string(),
    nodeName: z.string(),
    kind: z.string(),
    /** Who holds the task; null while an or-sign node's task waits for one of its candidates to act. */
    assigneeId: z.number().nullable(),
    /** The users an or-sign node's task was given to, any of whom may act while it has no assignee. */
    candidateIds: z.array(z.number()),
    ownerId: z.number().nullable(),
    state: z.string(),
    action: z.string().nullable(),
    /** The approval state label: approving while the process runs, approved once it ended. */
    status: z.string(),
    createTime: z.string(),
    /** When the task falls due (its node's due time), or null; past it while open, it is overdue. */
    dueTime: z.string().nullable(),
  })
  .meta({ id: 'WorkflowTask' });
export type TaskRecord = z.infer<typeof taskRecord>;

export const instanceRecord = z
  .object({
    /** The instance's id again, as every list row carries one. */
    id: z.number(),
    processInstanceId: z.number(),
    title: z.string(),
    code: z.string(),
    /** The template's name in the version the instance runs. */
    name: z.string(),
    version: z.number(),
    starterId: z.number(),
    starterName: z.string(),
    state: z.string(),
    status: z.string(),
    startTime: z.string(),
    endTime: z.string().nullable(),
    /** The nodes with open tasks, by name (empty once it has ended). */
    currentNodes: z.array(z.string()),
    /** Who may act on those tasks now: each holder, or an unclaimed task's candidates. */
    currentApprovers: z.array(z.string()),
  })
  .meta({ id: 'WorkflowInstance' });
export type InstanceRecord = z.infer<typeof instanceRecord>;

export const ccRecord = z
  .object({ id: z.number(), processInstanceId: z.number(), title: z.string(), fromUserId: z.number(), read: z.boolean(), createTime: z.string() })
  .meta({ id: 'WorkflowCarbonCopy' });

export const draftRecord = z
  .object({ id: z.number(), code: z.string(), title: z.string(), data: z.record(z.string(), z.unknown()), updateTime: z.string() })
  .meta({ id: 'WorkflowDraft' });

export const historyRecord = z
  .object({
    id: z.number(),
    nodeId: z.string(),
    /** The node's name in the instance's version (its id when it has none). */
    nodeName: z.string(),
    /** The node's kind in the engine (userTask, startEvent, endEvent, exclusiveGateway, …). */
    nodeKind: z.string(),
    event: z.string(),
    action: z.string().nullable(),
    userId: z.number().nullable(),
    userName: z.string(),
    /** The names of those an or-sign node's task was given to (empty for a task of one approver). */
    candidateNames: z.array(z.string()),
    /** Whom a transfer, delegation or assignment handed the task to ('' for other records). */
    targetName: z.string(),
    comment: z.string().nullable(),
    stamp: z.string().nullable(),
    time: z.string(),
  })
  .meta({ id: 'WorkflowHistory' });
export type HistoryRecord = z.infer<typeof historyRecord>;

export const diagramData = z
  .object({
    xml: z.string(),
    done: z.array(z.string()),
    current: z.array(z.string()),
    /** Nodes whose last decision was a rejection (not in `done`). */
    rejected: z.array(z.string()),
    flows: z.array(z.string()),
  })
  .meta({ id: 'WorkflowDiagram' });

/** Who holds (open) or completed a task; an or-sign node's open task without an assignee lists its candidates. */
export const taskAssignee = z
  .object({
    taskId: z.number(),
    nodeId: z.string(),
    nodeName: z.string(),
    userId: z.number().nullable(),
    userName: z.string(),
    candidateIds: z.array(z.number()),
    candidateNames: z.array(z.string()),
    state: z.string(),
  })
  .meta({ id: 'WorkflowTaskAssignee' });
export const done = z.object({ done: z.literal(true) });
export const removedCount = z.object({ removed: z.number().int() });

export const definitionQuery = z.object({ definitionId: idParam });
export const ccQuery = z.object({ id: idParam });
export const stampCheckInput = z.object({ stampId: id, password: stampPassword });

/** A node of a template's model, with the settings a task screen needs. */
export const nodeInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.string(),
    counterSign: z.boolean(),
    buttons: z.array(z.object({ code: z.string(), label: z.string().optional(), enabled: z.boolean() })),
    rejectMode: z.string(),
    withdrawAllowed: z.boolean(),
    formKey: z.string().nullable(),
    fields: z.array(z.object({ name: z.string(), permission: z.string() })),
  })
  .meta({ id: 'WorkflowNode' });

/** One task as its screen opens it: the task, its node's settings and the form data. */
export const taskDetail = z
  .object({
    task: taskRecord,
    node: nodeInfo,
    variables: z.record(z.string(), z.unknown()),
    /** The process's start form, which the task shows read-only when its node binds no form of its own. */
    startFormKey: z.string().nullable(),
  })
  .meta({ id: 'WorkflowTaskDetail' });

/** One instance: its record, form data and open tasks. */
export const processView = z
  .object({
    instance: instanceRecord,
    /** The start form the data were entered on (null: the template binds none). */
    formKey: z.string().nullable(),
    variables: z.record(z.string(), z.unknown()),
    openTasks: z.array(taskAssignee),
  })
  .meta({ id: 'WorkflowProcessView' });

export const versionXml = schemeVersion.extend({ xml: z.string() }).meta({ id: 'WorkflowSchemeVersionXml' });

export { INT_MAX };

// ---------------------------------------------------------------- forms, signatures, links

export const fieldPermissionRecord = z.object({ name: z.string(), permission: z.string() });

/** The form of a task as its approver sees it: the node's binding and the data, hidden fields left out. */
export const taskForm = z
  .object({
    taskId: z.number(),
    processInstanceId: z.number(),
    nodeId: z.string(),
    nodeName: z.string(),
    formKey: z.string().nullable(),
    fields: z.array(fieldPermissionRecord),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WorkflowTaskForm' });

/** The form to start a template with: the start node's binding. */
export const startForm = z
  .object({
    code: z.string(),
    name: z.string(),
    definitionId: z.number(),
    nodeId: z.string(),
    formKey: z.string().nullable(),
    fields: z.array(fieldPermissionRecord),
  })
  .meta({ id: 'WorkflowStartForm' });

export const startFormQuery = z.object({ code: requiredText('short', 'workflow.formCodeRequired') });
export const formProcessInput = z.object({ taskId: id, variables });
export const signatureInput = z.object({
  taskId: id,
  stampId: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', { message: 'workflow.signNeedsStamp' })
    .pipe(id),
  password: stampPassword,
  comment,
});

/** A process linked to another through a call activity: its parent or a process it called. */
export const relatedInstance = z
  .object({
    processInstanceId: z.number(),
    title: z.string(),
    relation: z.enum(['parent', 'child']),
    state: z.string(),
    status: z.string(),
    startTime: z.string(),
  })
  .meta({ id: 'WorkflowRelatedInstance' });
export const relatedInstanceQuery = z.object({ processInstanceId: idParam, relatedId: idParam });

/** Issue a single-use link that starts `code` without a token (the public createProcess). */
export const startLinkInput = z.object({
  code,
  title: text('standard').default(''),
  /** Minutes the link stays valid: 1 to 7 days' worth, an hour by default. */
  expiresInMinutes: z
    .number({ message: 'common.badRequest' })
    .int({ message: 'common.badRequest' })
    .min(1, { message: 'common.badRequest' })
    .max(10_080, { message: 'common.badRequest' })
    .default(60),
});
export const startLink = z.object({ token: z.string(), path: z.string(), expiresAt: z.string() }).meta({ id: 'WorkflowStartLink' });

/** The form-urlencoded body of the public createProcess: the link's token; every other field is form data. */
export const publicCreateInput = z
  .object({ token: z.string({ message: 'workflow.linkInvalid' }).min(1, { message: 'workflow.linkInvalid' }).max(400, { message: 'workflow.linkInvalid' }) })
  .catchall(
    z
      .string()
      .max(4000, { message: 'validation.maxLength' })
      .refine((v) => !v.includes('\u0000'), { message: 'validation.nulCharacter' }),
  );

// ---------------------------------------------------------------- a template's instances

export const schemeInstancesQuery = pageQuery.extend({ modelId: idParam, keyword: searchText });
export const schemeResource = z
  .object({ fileName: z.string(), definitionId: z.number(), version: z.number(), xml: z.string() })
  .meta({ id: 'WorkflowSchemeResource' });
export const schemeRelationInfo = z
  .object({
    running: z.number(),
    suspended: z.number(),
    finished: z.number(),
    versions: z.array(z.object({ definitionId: z.number(), version: z.number(), running: z.number() })),
  })
  .meta({ id: 'WorkflowSchemeRelationInfo' });
export const schemeRelationCheck = z.object({ removable: z.boolean(), running: z.number() }).meta({ id: 'WorkflowSchemeRelationCheck' });

// ---------------------------------------------------------------- workflow relations

const authorityIds = z.array(id, { message: 'common.idsInvalid' }).max(500, { message: 'common.idsInvalid' }).default([]);
/** Who may start the template: people, roles, posts; all empty = everyone with the start code. */
export const authority = z.object({ users: authorityIds, roles: authorityIds, posts: authorityIds });

/** A workflow relation: binds a template to the form it starts with and to who may start it. */
export const relationInput = z.object({
  name: requiredText('standard', 'workflow.relationNameRequired'),
  nwfSchemeInfoId: id,
  formKey: text('short').default(''),
  remark: text('description').default(''),
  authority: authority.default({ users: [], roles: [], posts: [] }),
});
export const relationRecord = z
  .object({
    id: z.number(),
    name: z.string(),
    nwfSchemeInfoId: z.number(),
    schemeName: z.string(),
    code: z.string(),
    formKey: z.string(),
    remark: z.string(),
    authority: z.object({ users: z.array(z.number()), roles: z.array(z.number()), posts: z.array(z.number()) }),
    createTime: z.string(),
  })
  .meta({ id: 'WorkflowRelation' });
export type RelationRecord = z.infer<typeof relationRecord>;
export const relationListQuery = pageQuery.extend({ keyword: searchText });
export const schemeRelationQuery = z.object({ nwfSchemeInfoId: idParam });
export const schemeRelationPath = z.object({ nwfSchemeInfoId: idParam });
/** The start form of a template through its relation, with the start node's field permissions. */
export const relationFormInfo = z
  .object({
    nwfSchemeInfoId: z.number(),
    code: z.string(),
    relationId: z.number().nullable(),
    formKey: z.string().nullable(),
    fields: z.array(fieldPermissionRecord),
  })
  .meta({ id: 'WorkflowRelationFormInfo' });
export const authUser = z.object({ userId: z.number(), account: z.string(), name: z.string() }).meta({ id: 'WorkflowAuthUser' });
