import { requestPath, taskPath } from '@macro/contract/workflow';
import type { Tx } from '@macro/store';
import type { NotificationPort, WorkflowEvent } from '@macro/workflow';
import { sendSystemMessages } from '../notices/public.ts';
import { userNamesOf } from '../users/public.ts';

/** The catalogue key (workflow namespace) of each kind of message. */
const ARRIVED_KEYS = { flow: 'notifyArrived', transfer: 'notifyTransferred', delegate: 'notifyDelegated', assign: 'notifyAssigned' } as const;

/** Who hears of an event, what they read (a catalogue key) and which page it opens. */
function addressed(event: WorkflowEvent): { to: number[]; key: string; params: Record<string, string>; link: string } {
  switch (event.kind) {
    case 'taskArrived':
      return { to: event.userIds, key: ARRIVED_KEYS[event.via], params: { node: event.nodeName }, link: taskPath(event.taskId) };
    case 'overdue':
      return { to: event.userIds, key: 'notifyOverdue', params: { node: event.nodeName }, link: taskPath(event.taskId) };
    case 'rejected':
      return {
        to: [event.starterId],
        key: event.comment ? 'notifyRejected' : 'notifyRejectedNoReason',
        params: { node: event.nodeName, target: event.targetName, comment: event.comment },
        link: requestPath(event.instanceId),
      };
    case 'withdrawn':
      return { to: event.userIds, key: 'notifyWithdrawn', params: { node: event.nodeName }, link: requestPath(event.instanceId) };
    case 'carbonCopy':
      return { to: event.userIds, key: 'notifyCarbonCopy', params: {}, link: requestPath(event.instanceId) };
    case 'ended':
      return {
        to: [event.starterId],
        key: event.outcome === 'completed' ? 'notifyApproved' : 'notifyTerminated',
        params: {},
        link: requestPath(event.instanceId),
      };
  }
}

/**
 * The engine's arrivals, decisions and endings become messages in the bell of the people they
 * concern, in each reader's language and opening the task or the request; nobody is told of
 * what they did themselves. Written in the operation's transaction, so a refused or rolled-back
 * operation leaves none.
 */
export const notificationPort: NotificationPort = {
  async notify(tx: Tx, event: WorkflowEvent) {
    const { to, key, params, link } = addressed(event);
    const recipients = to.filter((id) => id !== event.actorId);
    if (!recipients.length) return;
    const actor = event.actorId ? ((await userNamesOf(tx, [event.actorId])).get(event.actorId) ?? '') : '';
    await sendSystemMessages(tx, recipients, { key: `workflow.${key}`, params: { title: event.title, actor, ...params }, at: event.at, link });
  },
};
