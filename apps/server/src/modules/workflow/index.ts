import {
  WORKFLOW_MESSAGE_ENDPOINTS as MSG,
  WORKFLOW_MONITOR_ENDPOINTS as M,
  WORKFLOW_PERMISSIONS as P,
  WORKFLOW_RELATION_ENDPOINTS as R,
  WORKFLOW_SCHEME_ENDPOINTS as S,
  WORKFLOW_SCHEME_RELATION_ENDPOINTS as SR,
  WORKFLOW_TASK_ENDPOINTS as T,
  WORKFLOW_TASK_FORM_ENDPOINTS as TF,
} from '@macro/contract/workflow';
import { workflowTables } from '@macro/workflow/tables';
import { defineModule, type RouteCtx, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { AppError } from '../../platform/errors.ts';
import { loadPasswordDecryptor } from '../auth/public.ts';
import { stampPasswordOf, verifyStampPassword } from '../stamps/public.ts';
import { lintXml } from '@macro/workflow';
import { asAppError, lintText, engineFor } from './shared.ts';
import { DATA_SOURCE_RESOURCE, dataSourcesOf } from '../datasources/public.ts';
import { approverRulesUsing } from './dataSourceApprovers.ts';
import {
  assertHolds,
  assertParticipant,
  assertUsers,
  assigneesOf,
  circulationOf,
  processViewOf,
  schemeNodes,
  startableSchemes,
  taskDetailOf,
  versionXmlOf,
  diagramOf,
  historyOf,
  rejectTargetsOf,
} from './instance.ts';
import { circulations, doneList, drafts, instanceList, taskList, todoList, startedWhere, binWhere, finishedWhere, unfinishedWhere } from './lists.ts';
import { createProcess, handleTask, purge, reinitiate, restoreFromBin, saveDraftOf, toRecycleBin } from './actions.ts';
import { createScheme, listSchemes, removeScheme, schemeHistory, schemeInfo, setSchemeEnabled, updateScheme } from './templates.ts';
import {
  createFromLink,
  issueStartLink,
  relatedInstanceInfo,
  processAnnex,
  processAttachments,
  relatedInstances,
  saveFormOf,
  schemeInstances,
  schemeRelationInfoOf,
  schemeResourceOf,
  signOf,
  startFormOf,
  taskFormOf,
  validateSchemeRelation,
  simulate,
} from './more.ts';
import { authUsersOf, createRelation, listRelations, relationFormInfoOf, relationInfo, removeRelation, updateRelation } from './relations.ts';
import { broadcastSignal, deliverMessage } from './messages.ts';
import { provisionStarterTemplate } from './starter.ts';
import { wfRelations, wfSchemes, wfStartLinks } from './tables.ts';

const OK = { done: true as const };

const me = (ctx: RouteCtx) => ctx.auth!.userId;

/** A one-node approval the sweep deploys and starts: the admin approves their own request. */
export const SWEEP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_sweep" targetNamespace="http://macro.console/sweep">
  <bpmn:process id="WfSweepMarker" name="WfSweepMarker" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="check" name="WfSweepMarker check"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="1"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** Sweep data: a template, a running instance with an open task, a draft and a carbon copy. */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'WfSweepMarker';
  const ok = async (response: { statusCode: number; body: string; json(): unknown }) => {
    if (response.statusCode !== 200) throw new Error(`workflow sweep fixture: ${response.body}`);
    return (response.json() as { data: Record<string, number> }).data;
  };
  const scheme = await ok(await owner.post(`/api${S.newModel.path}`, { name: marker, code: marker, category: 'general', xml: SWEEP_XML }));
  const started = await ok(await owner.post(`/api${T.createProcess.path}`, { code: marker, title: marker, variables: { note: marker } }));
  const draft = await ok(await owner.post(`/api${T.saveDraft.path}`, { code: marker, title: marker, data: { note: marker } }));
  await ok(await owner.post(`/api${T.carbonCopy.path}`, { processInstanceId: started.instanceId, userIds: [1] }));
  await ok(await owner.post(`/api${R.create.path}`, { name: marker, nwfSchemeInfoId: scheme.id, formKey: marker, authority: { users: [1] } }));
  const query = {
    id: String(started.instanceId),
    nwfSchemeInfoId: String(scheme.id),
    relatedId: String(started.instanceId),
    modelId: String(scheme.id),
    processInstanceId: String(started.instanceId),
    taskId: String(started.taskId + 1),
    keyword: marker,
    name: marker,
    code: marker,
  };
  return {
    marker,
    query,
    body: {
      id: scheme.id,
      nwfSchemeInfoId: scheme.id,
      processInstanceId: started.instanceId,
      taskId: started.taskId + 1,
      draftId: draft.id,
      definitionId: scheme.definitionId,
      instanceIds: [started.instanceId],
      userId: 1,
      userIds: [1],
    },
    snapshot: async () =>
      [
        (await owner.get(`/api${S.page.path}?name=${marker}`)).body,
        (await owner.get(`/api${T.history.path}?processInstanceId=${started.instanceId}`)).body,
        (await owner.get(`/api${T.drafts.path}`)).body,
        (await owner.get(`/api${M.unfinished.path}?keyword=${marker}`)).body,
        (await owner.get(`/api${R.page.path}?keyword=${marker}`)).body,
      ].join('\n'),
  };
}

export const module = defineModule({
  name: 'workflow',
  uses: ['auth', 'datasources', 'delegates', 'forms', 'identity', 'notices', 'org', 'posts', 'stamps', 'users', 'wfcategories'],
  after: ['users', 'org', 'posts', 'roles', 'delegates', 'stamps', 'wfcategories', 'notices'],
  tables: [...workflowTables, wfSchemes, wfStartLinks, wfRelations],
  // An SQL approver rule may name a data source: it stays while a template or a running process names it.
  references: [{ resource: DATA_SOURCE_RESOURCE, usesOf: (tx, ids, deps) => approverRulesUsing(tx, engineFor(deps), ids) }],
  uniqueMessages: [{ constraint: 'wf_scheme_code', message: 'workflow.templateExists', params: { code: 'code' } }],
  provision: (ctx, tenant, deps) => provisionStarterTemplate(ctx, tenant, deps),
  // The engine's refusals become the API's 404 / 409 / 422, with the contract's message.
  translateError: (error, language) => {
    const known = asAppError(error, language);
    return known instanceof AppError ? known : undefined;
  },
  routes: async (deps) => {
    const { db, requestDb, audit } = deps;
    const engine = engineFor(deps);
    // Form data sent with a process are checked through it, as a record's save is.
    const sources = dataSourcesOf(deps);
    const decrypt = await loadPasswordDecryptor(db);
    /** The stamp password of a body, in clear (bodies carry it encrypted as at sign-in). */
    const stampPassword = (ciphertext: string) => stampPasswordOf(decrypt, ciphertext);
    return [
      // templates
      route(S.page, ({ query }, { tx }) => listSchemes(tx, query)),
      route(S.history, ({ query }, { tx }) => schemeHistory(tx, query.id)),
      route(S.info, ({ query }, { tx }) => schemeInfo(tx, query.modelId)),
      route(S.newModel, ({ body }, ctx) => createScheme(ctx, engine, body)),
      route(S.create, ({ body }, ctx) => createScheme(ctx, engine, body)),
      route(S.update, ({ body }, ctx) => updateScheme(ctx, engine, body)),
      route(S.enable, ({ body }, ctx) => setSchemeEnabled(ctx, body.id, true)),
      route(S.disable, ({ body }, ctx) => setSchemeEnabled(ctx, body.id, false)),
      route(S.remove, async ({ body }, ctx) => ({ removed: await removeScheme(ctx, body.id) })),
      route(S.reviewVersion, ({ query }, { tx }) => versionXmlOf(tx, query.definitionId)),
      route(S.nodeInfo, ({ query }, { tx }) => schemeNodes(tx, engine, query.modelId)),
      route(S.changeVersionTest, ({ body }, ctx) =>
        engine.testVersionChange(ctx.tx, { instanceIds: body.instanceIds, toDefinitionId: body.definitionId, mapping: body.mapping, userId: me(ctx) }),
      ),
      route(S.changeVersion, async ({ body }, ctx) => {
        const reports = await engine.changeVersion(ctx.tx, {
          instanceIds: body.instanceIds,
          toDefinitionId: body.definitionId,
          mapping: body.mapping,
          userId: me(ctx),
        });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'changeVersion', resource: 'workflow-instance', after: reports });
        return reports;
      }),
      // tasks
      route(T.createProcess, ({ body }, ctx) => createProcess(ctx, engine, sources, me(ctx), body)),
      route(T.taskHandle, ({ body }, ctx) =>
        handleTask(ctx, engine, sources, me(ctx), { ...body, stampPassword: body.stampPassword && stampPassword(body.stampPassword) }),
      ),
      route(T.reinitiate, ({ body }, ctx) => reinitiate(ctx, engine, sources, me(ctx), body)),
      route(T.delegate, async ({ body }, ctx) => {
        await assertUsers(ctx.tx, [body.userId]);
        await engine.delegate(ctx.tx, { taskId: body.taskId, userId: me(ctx), toUserId: body.userId, comment: body.comment || undefined });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delegate', resource: 'workflow-task', resourceId: body.taskId, after: { to: body.userId } });
        return OK;
      }),
      route(T.transfer, async ({ body }, ctx) => {
        await assertUsers(ctx.tx, [body.userId]);
        await engine.transfer(ctx.tx, { taskId: body.taskId, userId: me(ctx), toUserId: body.userId, comment: body.comment || undefined });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'transfer', resource: 'workflow-task', resourceId: body.taskId, after: { to: body.userId } });
        return OK;
      }),
      route(T.withdraw, async ({ body }, ctx) => {
        await engine.withdraw(ctx.tx, { instanceId: body.processInstanceId, userId: me(ctx), taskId: body.taskId, confirmStart: body.confirmStart });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'withdraw', resource: 'workflow-instance', resourceId: body.processInstanceId });
        return OK;
      }),
      route(T.addSigners, async ({ body }, ctx) => {
        await assertHolds(ctx.tx, engine, me(ctx), body.taskId);
        await assertUsers(ctx.tx, body.userIds);
        await engine.addCounterSigners(ctx.tx, { taskId: body.taskId, userId: me(ctx), userIds: body.userIds });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'addSigners', resource: 'workflow-task', resourceId: body.taskId, after: body.userIds });
        return OK;
      }),
      route(T.removeSigners, async ({ body }, ctx) => {
        await assertHolds(ctx.tx, engine, me(ctx), body.taskId);
        await engine.removeCounterSigners(ctx.tx, { taskId: body.taskId, userId: me(ctx), userIds: body.userIds });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'removeSigners', resource: 'workflow-task', resourceId: body.taskId, after: body.userIds });
        return OK;
      }),
      route(T.carbonCopy, async ({ body }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), body.processInstanceId);
        await assertUsers(ctx.tx, body.userIds);
        await engine.carbonCopy(ctx.tx, { instanceId: body.processInstanceId, fromUserId: me(ctx), userIds: body.userIds, taskId: body.taskId });
        await ctx.audit.record(ctx.tx, ctx.actor, {
          action: 'circulate',
          resource: 'workflow-instance',
          resourceId: body.processInstanceId,
          after: body.userIds,
        });
        return OK;
      }),
      route(T.read, async ({ params }, ctx) => {
        await engine.readCarbonCopy(ctx.tx, { id: params.id, userId: me(ctx) });
        return OK;
      }),
      route(T.circulation, ({ query }, ctx) => circulationOf(ctx.tx, engine, me(ctx), query.id)),
      route(T.processTask, ({ query }, ctx) => taskDetailOf(ctx.tx, engine, me(ctx), query.taskId)),
      route(T.viewProcess, async ({ query }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), query.processInstanceId);
        return processViewOf(ctx.tx, engine, query.processInstanceId, me(ctx));
      }),
      route(T.candidateUsers, async ({ query }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), query.processInstanceId);
        return assigneesOf(ctx.tx, engine, query.processInstanceId, 'open');
      }),
      route(T.allProcesses, ({ query }, ctx) => startableSchemes(ctx.tx, me(ctx), query)),
      route(T.validateStamp, ({ body }, ctx) => verifyStampPassword(ctx.tx, me(ctx), body.stampId, stampPassword(body.password))),
      route(T.circulations, ({ query }, ctx) => circulations(ctx.tx, me(ctx), query)),
      route(T.todo, async ({ query }, ctx) => taskList(ctx.tx, await todoList(ctx.tx, me(ctx)), query)),
      route(T.done, async ({ query }, ctx) => taskList(ctx.tx, await doneList(ctx.tx, me(ctx)), query)),
      route(T.started, ({ query }, ctx) => instanceList(ctx.tx, startedWhere(me(ctx)), query)),
      route(T.recycleBin, ({ query }, ctx) => instanceList(ctx.tx, binWhere(me(ctx)), query)),
      route(T.drafts, ({ query }, ctx) => drafts(ctx.tx, me(ctx), query)),
      route(T.saveDraft, ({ body }, ctx) => saveDraftOf(ctx, engine, me(ctx), body)),
      route(T.deleteDraft, async ({ params }, ctx) => {
        await engine.deleteDraft(ctx.tx, { id: params.id, ownerId: me(ctx) });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource: 'workflow-draft', resourceId: params.id });
        return OK;
      }),
      route(T.toRecycleBin, ({ params }, ctx) => toRecycleBin(ctx, engine, me(ctx), params.id)),
      route(T.restore, ({ params }, ctx) => restoreFromBin(ctx, engine, me(ctx), params.id)),
      route(T.deleteInstance, ({ params }, ctx) => purge(ctx, engine, me(ctx), params.id)),
      route(T.history, async ({ query }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), query.processInstanceId);
        return historyOf(ctx.tx, engine, query.processInstanceId);
      }),
      route(T.diagram, async ({ query }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), query.processInstanceId);
        return diagramOf(ctx.tx, engine, query.processInstanceId);
      }),
      route(S.simulate, ({ body }, ctx) => simulate(ctx, engine, me(ctx), ctx.request.language, body)),
      route(S.lint, async ({ body }, ctx) =>
        (await lintXml(body.xml, { tx: ctx.tx, resolver: engine.options.resolver })).map((problem) => ({
          elementType: problem.elementType,
          elementId: problem.elementId,
          code: problem.code,
          message: lintText(ctx.request.language, problem),
        })),
      ),
      route(T.rejectTargets, ({ query }, ctx) => rejectTargetsOf(ctx.tx, engine, me(ctx), query.taskId)),
      route(T.taskAssignee, async ({ query }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), query.processInstanceId);
        return assigneesOf(ctx.tx, engine, query.processInstanceId, 'open');
      }),
      route(T.hisTaskAssignee, async ({ query }, ctx) => {
        await assertParticipant(ctx.tx, me(ctx), query.processInstanceId);
        return assigneesOf(ctx.tx, engine, query.processInstanceId, 'completed');
      }),
      route(T.saveTaskAssignee, async ({ body }, ctx) => {
        await assertUsers(ctx.tx, [body.userId]);
        await engine.assign(ctx.tx, { taskId: body.taskId, adminId: me(ctx), toUserId: body.userId });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'assign', resource: 'workflow-task', resourceId: body.taskId, after: { to: body.userId } });
        return OK;
      }),
      // forms (field permissions), signatures, related processes, start links
      route(TF.taskForm, ({ query }, ctx) => taskFormOf(ctx.tx, engine, me(ctx), query.taskId)),
      route(TF.formProcess, ({ body }, ctx) => saveFormOf(ctx, engine, sources, me(ctx), body)),
      route(TF.createProcessForm, ({ query }, { tx }) => startFormOf(tx, engine, query.code)),
      route(TF.signature, ({ body }, ctx) => signOf(ctx, engine, me(ctx), { ...body, stampId: body.stampId, password: stampPassword(body.password) })),
      route(TF.attachments, ({ query }, ctx) => processAttachments(ctx.tx, engine, me(ctx), query.processInstanceId)),
      route(TF.annexInfo, ({ query }, ctx) => processAnnex(ctx.tx, engine, me(ctx), query.processInstanceId, query.id)),
      route(TF.relationTask, ({ query }, ctx) => relatedInstances(ctx.tx, me(ctx), query.processInstanceId)),
      route(TF.relationTaskInfo, ({ query }, ctx) => relatedInstanceInfo(ctx.tx, engine, me(ctx), query.processInstanceId, query.relatedId)),
      route(TF.startLink, ({ body }, ctx) => issueStartLink(ctx, me(ctx), body)),
      route(TF.publicCreate, ({ body }, { request }) =>
        createFromLink(requestDb, audit, engine, sources, { ip: request.ip, language: request.language }, body),
      ),
      // a template's resource and instances
      route(SR.readResource, ({ query }, { tx }) => schemeResourceOf(tx, engine, query.modelId)),
      route(SR.validateRelationTask, ({ query }, { tx }) => validateSchemeRelation(tx, query.modelId)),
      route(SR.relationTaskInfo, ({ query }, { tx }) => schemeRelationInfoOf(tx, query.modelId)),
      route(SR.relationTask, ({ query }, { tx }) => schemeInstances(tx, query.modelId, 'running', query)),
      route(SR.finishedTask, ({ query }, { tx }) => schemeInstances(tx, query.modelId, 'finished', query)),
      // workflow relations and template authority
      route(R.page, ({ query }, { tx }) => listRelations(tx, query)),
      route(R.create, ({ body }, ctx) => createRelation(ctx, body)),
      route(R.update, ({ params, body }, ctx) => updateRelation(ctx, params.id, body)),
      route(R.remove, ({ params }, ctx) => removeRelation(ctx, params.id)),
      route(R.info, ({ params }, { tx }) => relationInfo(tx, params.id)),
      route(R.formInfo, ({ query }, { tx }) => relationFormInfoOf(tx, engine, query.nwfSchemeInfoId)),
      route(R.authUsers, ({ params }, { tx }) => authUsersOf(tx, params.nwfSchemeInfoId)),
      // monitor
      route(M.finished, ({ query }, { tx }) => instanceList(tx, finishedWhere, query)),
      route(M.history, ({ query }, { tx }) => historyOf(tx, engine, query.processInstanceId)),
      route(M.diagram, ({ query }, { tx }) => diagramOf(tx, engine, query.processInstanceId)),
      route(M.unfinished, ({ query }, { tx }) => instanceList(tx, unfinishedWhere, query)),
      route(M.suspend, async ({ body }, ctx) => {
        await engine.suspend(ctx.tx, { instanceId: body.processInstanceId, userId: me(ctx) });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'suspend', resource: 'workflow-instance', resourceId: body.processInstanceId });
        return OK;
      }),
      route(M.resume, async ({ body }, ctx) => {
        await engine.resume(ctx.tx, { instanceId: body.processInstanceId, userId: me(ctx) });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'resume', resource: 'workflow-instance', resourceId: body.processInstanceId });
        return OK;
      }),
      route(M.assign, async ({ body }, ctx) => {
        await assertUsers(ctx.tx, [body.userId]);
        await engine.assign(ctx.tx, { taskId: body.taskId, adminId: me(ctx), toUserId: body.userId });
        await ctx.audit.record(ctx.tx, ctx.actor, { action: 'assign', resource: 'workflow-task', resourceId: body.taskId, after: { to: body.userId } });
        return OK;
      }),
      route(M.getAssign, ({ query }, { tx }) => assigneesOf(tx, engine, query.processInstanceId, 'open')),
      // messages from other systems
      route(MSG.correlate, ({ body }, ctx) => deliverMessage(ctx, engine, me(ctx), body)),
      route(MSG.throwSignal, ({ body }, ctx) => broadcastSignal(ctx, engine, me(ctx), body)),
    ];
  },
  background: (deps) => {
    // The queue is read across tenants on the owner's connections; each job runs the engine, and
    // so approver SQL, on the request role's.
    const { db, requestDb, config } = deps;
    const seconds = config.workflowTimerSeconds;
    if (!seconds) return undefined;
    const engine = engineFor(deps);
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      engine
        .runDueJobs(db, { runOn: requestDb })
        .catch((error: unknown) => console.error('workflow timers:', error))
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    timer.unref();
    return () => clearInterval(timer);
  },
  menus: [
    {
      parent: MENU_FOLDERS.workflow,
      code: P.templateView,
      name: '流程模板',
      path: '/workflow/schemes',
      source: 'ApartmentOutlined',
      i18n: 'wfschemes',
      sort: 1,
      children: [
        { code: P.templateAdd, name: '新增', category: 2, i18n: 'add' },
        { code: P.templateEdit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.templateDelete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
    {
      parent: MENU_FOLDERS.workflow,
      code: P.taskView,
      name: '我的任务',
      path: '/workflow/tasks',
      source: 'CarryOutOutlined',
      i18n: 'wftasks',
      sort: 2,
      children: [{ code: P.taskHandle, name: '办理', category: 2, i18n: 'wfHandle' }],
    },
    {
      parent: MENU_FOLDERS.workflow,
      code: P.monitorView,
      name: '流程监控',
      path: '/workflow/monitor',
      source: 'MonitorOutlined',
      i18n: 'wfmonitor',
      sort: 3,
      children: [
        { code: P.monitorEdit, name: '干预', category: 2, i18n: 'wfIntervene' },
        { code: P.messageCorrelate, name: '发送消息', category: 2, i18n: 'wfMessage' },
        { code: P.signalThrow, name: '发送信号', category: 2, i18n: 'wfSignal' },
      ],
    },
  ],
  sweep: sweepFixture,
});
