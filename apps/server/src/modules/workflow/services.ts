import { type AuditPort, rowsOf, TENANT_SETTING, type Tx } from '@macro/store';
import { type ServicePort, WorkflowError } from '@macro/workflow';
import { sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';

/** The most a service's answer may weigh: it becomes form data. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** A service task's failure: `workflow.service<Reason>` in the messages, naming the node. */
const failed = (nodeId: string, reason: string, params: Record<string, string | number> = {}) =>
  new WorkflowError(`workflow.service${reason}`, `service task ${nodeId} failed: ${reason}`, { node: nodeId, ...params });

/** An answer's JSON object (merged into the form data); nothing for an empty answer; else refused. */
async function answerOf(nodeId: string, response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw failed(nodeId, 'Answer');
  if (!text.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw failed(nodeId, 'Answer');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw failed(nodeId, 'Answer');
  return value as Record<string, unknown>;
}

/**
 * Service tasks of the running product. An HTTP call sends `{ instanceId, nodeId, variables }`
 * as JSON (POST unless the node names another method; GET sends nothing) to an http(s) address
 * — one of `MACRO_SERVICE_HOSTS` when that is set — within `MACRO_SERVICE_TIMEOUT_MS`, and a JSON
 * object it answers is merged into the form data; a failure refuses the operation that reached
 * the task, so nothing of it is kept. Built-ins: `archive` records the form data as they are in
 * the audit log (resource `workflow-instance`, action `archive`) and answers `archivedAt`;
 * `timestamp` answers `<node id>At`, the time the task ran.
 */
export function servicePort(config: Pick<Config, 'serviceHosts' | 'serviceTimeoutMs'>, audit: AuditPort): ServicePort {
  return {
    async invoke(tx: Tx, call) {
      if (call.kind === 'builtin') return builtin(tx, call);
      let url: URL;
      try {
        url = new URL(call.url ?? '');
      } catch {
        throw failed(call.nodeId, 'Address');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failed(call.nodeId, 'Address');
      if (config.serviceHosts.length && !config.serviceHosts.includes(url.hostname)) {
        throw failed(call.nodeId, 'Host', { host: url.hostname });
      }
      const method = (call.method ?? 'POST').toUpperCase();
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify({ instanceId: call.instanceId, nodeId: call.nodeId, variables: call.variables }),
          signal: AbortSignal.timeout(config.serviceTimeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw failed(call.nodeId, timedOut ? 'Timeout' : 'Unreachable', { ms: config.serviceTimeoutMs });
      }
      if (!response.ok) throw failed(call.nodeId, 'Status', { status: response.status });
      return answerOf(call.nodeId, response);
    },
  };

  async function builtin(tx: Tx, call: Parameters<ServicePort['invoke']>[1]) {
    const now = new Date().toISOString();
    switch (call.name) {
      case 'archive': {
        const [{ tenant }] = rowsOf<{ tenant: string }>(await tx.execute(sql`select current_setting(${TENANT_SETTING}, true) as tenant`));
        await audit.record(
          tx,
          { tenantId: tenant, userId: null, account: 'workflow', ip: '', language: 'zh' },
          { action: 'archive', resource: 'workflow-instance', resourceId: call.instanceId, after: { node: call.nodeId, variables: call.variables } },
        );
        return { archivedAt: now };
      }
      case 'timestamp':
        return { [`${call.nodeId}At`]: now };
      default:
        throw failed(call.nodeId, 'Builtin', { name: String(call.name ?? '') });
    }
  }
}
