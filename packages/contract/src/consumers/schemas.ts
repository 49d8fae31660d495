import { z } from 'zod';
import { id, idList, idParam, pageQuery, queryInt } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { isEmail, isLetterCode, isMobile } from '../validators.ts';

/** Values of a consumer's `status`: enabled consumers may use the platform, disabled ones not. */
export const CONSUMER_STATUS = { enabled: 1, disabled: 0 } as const;

const status = z.union([z.literal(CONSUMER_STATUS.enabled), z.literal(CONSUMER_STATUS.disabled)], { message: 'consumers.statusInvalid' });

/** An optional text checked by `check` when not blank; blank is stored as ''. */
function optionalChecked(check: (value: string) => boolean, message: string) {
  return text('standard')
    .refine((v) => v === '' || check(v), { message })
    .default('');
}

/** A consumer user: an end user (member, customer) of the platform, not a member of staff. */
export const consumer = z
  .object({
    id: z.number(),
    account: z.string(),
    name: z.string(),
    mobile: z.string(),
    email: z.string(),
    status: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Consumer' });
export type Consumer = z.infer<typeof consumer>;

const consumerFields = {
  /** Letters, digits and underscore; unique in the tenant. */
  account: requiredText('short', 'consumers.accountRequired').refine(isLetterCode, { message: 'validation.letters' }),
  name: requiredText('short', 'consumers.nameRequired'),
  /** Unique in the tenant when given. */
  mobile: optionalChecked(isMobile, 'validation.mobile'),
  email: optionalChecked(isEmail, 'validation.email'),
  status: status.default(CONSUMER_STATUS.enabled),
  remark: text('description').default(''),
};

/** No id creates, an id updates. */
export const consumerSubmit = z.object({ id: id.optional(), ...consumerFields });
export type ConsumerSubmit = z.input<typeof consumerSubmit>;

export const consumerPageQuery = pageQuery.extend({
  account: searchText,
  /** Matches the name. */
  name: searchText,
  mobile: searchText,
  status: queryInt(0, 1, 'consumers.statusInvalid').optional(),
});
export const consumerIdQuery = z.object({ id: idParam });
export const consumerRemoveQuery = z.object({ ids: idList });
export const consumerRemoved = z.object({ removed: z.number().int() });

/** Enables or disables the consumers `ids` at once. */
export const consumerStatusBody = z.object({
  ids: z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'consumers.selectConsumers' }).max(500, { message: 'common.idsInvalid' }),
  status,
});
export const consumerStatusChanged = z.object({ changed: z.number().int() });
