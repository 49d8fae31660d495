import { type AuditPort, rowsOf, TENANT_SETTING, type Tx } from '@macro/store';
import { ServiceFailure, type ServicePort } from '@macro/workflow';
import { sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { type HostLookup, OutboundError, type OutboundFailure, type OutboundResponse, outboundFetch, outboundPolicy } from '../../platform/outbound.ts';

/** The most a service's answer may weigh: it becomes form data. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * A service task's failure: `workflow.service<Reason>` in the messages, naming the node. Its
 * code, which an error boundary event's bpmn:error may name, is the HTTP status of a call
 * answered with one, else the reason in lower case (timeout, unreachable, refused, address,
 * answer, builtin): never the address or anything the other side said.
 */
const failed = (nodeId: string, reason: string, params: Record<string, string | number> = {}) =>
  new ServiceFailure(
    `workflow.service${reason}`,
    `service task ${nodeId} failed: ${reason}`,
    { node: nodeId, ...params },
    reason === 'Status' ? String(params.status) : reason.toLowerCase(),
  );

/** An answer's JSON object (merged into the form data); nothing for an empty answer; else refused. */
function answerOf(nodeId: string, body: Buffer): Record<string, unknown> | undefined {
  const text = body.toString('utf8');
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

/** The host a refusal names: the URL's, as the URL parser reads it. */
function hostOf(url: string | undefined): string {
  try {
    return new URL(url ?? '').hostname;
  } catch {
    return '';
  }
}

/** The kit's failure in the service task's words. */
const OUTBOUND_REASONS: Record<OutboundFailure, string> = {
  address: 'Address',
  refused: 'Refused',
  timeout: 'Timeout',
  unreachable: 'Unreachable',
  tooLarge: 'Answer',
};

/**
 * Service tasks of the running product. An HTTP call sends `{ instanceId, nodeId, variables }`
 * as JSON (POST unless the node names another method; GET sends nothing) to an http(s) address
 * the outbound policy of `MACRO_SERVICE_HOSTS` allows (no internal address unless listed by
 * address or range), within `MACRO_SERVICE_TIMEOUT_MS`, and a JSON object it answers is merged
 * into the form data; a failure refuses the operation that reached the task, so nothing of it is
 * kept. Built-ins: `archive` records the form data as they are in the audit log (resource
 * `workflow-instance`, action `archive`) and answers `archivedAt`; `timestamp` answers
 * `<node id>At`, the time the task ran.
 */
export function servicePort(config: Pick<Config, 'serviceHosts' | 'serviceTimeoutMs'>, audit: AuditPort, lookup?: HostLookup): ServicePort {
  const policy = outboundPolicy(config.serviceHosts);
  return {
    async invoke(tx: Tx, call) {
      if (call.kind === 'builtin') return builtin(tx, call);
      const method = (call.method ?? 'POST').toUpperCase();
      let response: OutboundResponse;
      try {
        response = await outboundFetch(call.url ?? '', policy, {
          method,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ instanceId: call.instanceId, nodeId: call.nodeId, variables: call.variables }),
          timeoutMs: config.serviceTimeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
          lookup,
        });
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        throw failed(call.nodeId, OUTBOUND_REASONS[error.reason], { ms: config.serviceTimeoutMs, host: hostOf(call.url) });
      }
      if (response.status < 200 || response.status > 299) throw failed(call.nodeId, 'Status', { status: response.status });
      return answerOf(call.nodeId, response.body);
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
