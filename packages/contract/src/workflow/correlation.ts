import { z } from 'zod';
import { id } from '../envelope.ts';
import { requiredText, text } from '../text.ts';
import { variables } from './schemas.ts';

/** A message from another system for the processes waiting for it (or started by it). */
export const correlateMessageInput = z
  .object({
    /** The name of the `bpmn:message` a catch event, receive task or message start event refers to. */
    messageName: requiredText('standard', 'workflow.messageNameRequired'),
    /** Only instances started with this business key. */
    businessKey: text('standard').optional(),
    /** Only this instance; a message with one never starts a process. */
    instanceId: id.optional(),
    /** Merged into the process variables. */
    variables: variables.optional(),
  })
  .meta({ id: 'WorkflowMessageInput' });

export const correlatedMessage = z
  .object({
    /** The instance the message moved on, or the one it started. */
    instanceId: z.number(),
    /** Whether a message start event started the instance. */
    started: z.boolean(),
  })
  .meta({ id: 'WorkflowMessageResult' });

/** A signal thrown in the tenant from outside: every process waiting for it moves on, every template starting on it starts. */
export const throwSignalInput = z
  .object({
    /** The name of the `bpmn:signal` a signal catch, boundary or start event refers to. */
    signalName: requiredText('standard', 'workflow.signalNameRequired'),
    /** Merged into the process variables of each instance it moves or starts. */
    variables: variables.optional(),
  })
  .meta({ id: 'WorkflowSignalInput' });

export const thrownSignal = z
  .object({
    /** Running instances with a token the signal moved on. */
    moved: z.number(),
    /** Instances a signal start event started. */
    started: z.number(),
  })
  .meta({ id: 'WorkflowSignalResult' });
