import { z } from 'zod';
import { INT_MAX, idParam, pageQuery } from '../envelope.ts';
import { text } from '../text.ts';

/** How many processes one delegation may name; none means every process. */
export const DELEGATE_PROCESSES_MAX = 100;

const moment = (required: string) =>
  z
    .string({ message: required })
    .min(1, { message: required })
    .pipe(z.iso.datetime({ offset: true, message: 'delegates.timeInvalid' }));

/** A process a delegation covers: the key of a workflow template. */
const processKey = z
  .string({ message: 'delegates.processInvalid' })
  .trim()
  .min(1, { message: 'delegates.processInvalid' })
  .max(100, { message: 'delegates.processInvalid' })
  .refine((v) => !v.includes('\u0000'), { message: 'validation.nulCharacter' });

/**
 * A delegation: while it runs, tasks of the covered processes (all when `processKeys` is empty)
 * that reach its owner go to the entrusted person.
 */
export const delegateBody = z
  .object({
    startTime: moment('delegates.startRequired'),
    endTime: moment('delegates.endRequired'),
    entrustedUserId: z
      .number({ message: 'delegates.entrustedRequired' })
      .int({ message: 'common.idInvalid' })
      .min(1, { message: 'common.idInvalid' })
      .max(INT_MAX, { message: 'common.idInvalid' }),
    processKeys: z.array(processKey, { message: 'delegates.processInvalid' }).max(DELEGATE_PROCESSES_MAX, { message: 'delegates.processInvalid' }).default([]),
    description: text('description').default(''),
  })
  .refine((v) => Date.parse(v.endTime) >= Date.parse(v.startTime), { message: 'delegates.endBeforeStart', path: ['endTime'] });
export type DelegateBody = z.input<typeof delegateBody>;

export const delegate = z
  .object({
    id: z.number(),
    startTime: z.string(),
    endTime: z.string(),
    entrustedUserId: z.number(),
    entrustedName: z.string(),
    processKeys: z.array(z.string()),
    description: z.string(),
    ownerId: z.number().nullable(),
    createTime: z.string(),
  })
  .meta({ id: 'Delegate' });
export type Delegate = z.infer<typeof delegate>;

export const delegateListQuery = pageQuery;
export const delegateIdParams = z.object({ id: idParam });
export const delegateRemoved = z.object({ removed: z.number().int() });
