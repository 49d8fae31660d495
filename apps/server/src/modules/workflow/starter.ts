import type { Ctx } from '@macro/store';
import { eq } from 'drizzle-orm';
import type { TenantProvision } from '../../platform/module.ts';
import { findUserByAccount } from '../identity/public.ts';
import { createScheme } from './templates.ts';
import { engineFor } from './shared.ts';
import { wfSchemes } from './tables.ts';

/** The starter template's number: a leave request the tenant's administrator approves. */
export const STARTER_TEMPLATE = 'leave';

const leaveXml = (approverId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_leave" targetNamespace="http://macro.console/starter">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="提交申请"/>
    <bpmn:userTask id="approve" name="部门审批"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${approverId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end" name="结束"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/**
 * Starter data of every tenant: an enabled leave template its administrator approves, deployed
 * through the same service an administrator's "new template" uses, so a new tenant can start a
 * process at once. Idempotent: a tenant that has the number already keeps its own.
 */
export async function provisionStarterTemplate(ctx: Ctx, tenant: TenantProvision, deps: Parameters<typeof engineFor>[0]): Promise<void> {
  const [exists] = await ctx.tx.select({ id: wfSchemes.id }).from(wfSchemes).where(eq(wfSchemes.code, STARTER_TEMPLATE));
  if (exists) return;
  const admin = await findUserByAccount(ctx.tx, tenant.adminAccount);
  if (!admin) return;
  await createScheme(ctx, engineFor(deps), { name: '请假审批', code: STARTER_TEMPLATE, category: 'general', xml: leaveXml(admin.id), remark: '' });
}
