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
