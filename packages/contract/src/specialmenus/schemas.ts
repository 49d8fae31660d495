import { z } from 'zod';
import { idList, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** A menu code: letters, digits, `-`, `_` and `:` (it may name a route or a permission). */
const menuCode = requiredText('short', 'specialmenus.codeRequired').refine((v) => /^[A-Za-z0-9_:-]+$/.test(v), { message: 'specialmenus.codeInvalid' });

/**
 * A special menu: an entry that launches one workflow template directly (name,
 * code and one template required). `templateKey` is the template's key (its number).
 */
export const specialMenuBody = z.object({
  menuName: requiredText('standard', 'specialmenus.nameRequired'),
  menuCode,
  templateKey: requiredText('standard', 'specialmenus.templateRequired'),
  icon: text('short').default(''),
  sort: z
    .number({ message: 'validation.digits' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
});
export type SpecialMenuBody = z.input<typeof specialMenuBody>;

export const specialMenu = z
  .object({
    id: z.number(),
    menuName: z.string(),
    menuCode: z.string(),
    templateKey: z.string(),
    icon: z.string(),
    sort: z.number(),
    remark: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'SpecialMenu' });
export type SpecialMenu = z.infer<typeof specialMenu>;

export const specialMenuListQuery = pageQuery.extend({ menuName: searchText, menuCode: searchText });
export const specialMenuIdParams = z.object({ id: idParam });
export const specialMenuRemoveQuery = z.object({ ids: idList });
export const specialMenuRemoved = z.object({ removed: z.number().int() });
