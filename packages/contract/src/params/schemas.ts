import { z } from 'zod';
import { idList, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** A parameter key: letters, digits, `.`, `-` and `_` (the server's configuration reads it by key). */
const paramKey = requiredText('standard', 'params.keyRequired').refine((v) => /^[A-Za-z0-9._-]+$/.test(v), { message: 'params.keyInvalid' });

/** Generic parameter: name, key and value, all required (§5). */
export const paramBody = z.object({
  paramName: requiredText('standard', 'params.nameRequired'),
  paramKey,
  paramValue: requiredText('description', 'params.valueRequired'),
  remark: text('description').default(''),
});
export type ParamBody = z.input<typeof paramBody>;

export const param = z
  .object({
    id: z.number(),
    paramName: z.string(),
    paramKey: z.string(),
    paramValue: z.string(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Param' });
export type Param = z.infer<typeof param>;

export const paramListQuery = pageQuery.extend({ paramName: searchText, paramKey: searchText });
export const paramIdParams = z.object({ id: idParam });
export const paramRemoveQuery = z.object({ ids: idList });
export const paramRemoved = z.object({ removed: z.number().int() });
