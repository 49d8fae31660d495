import { z } from 'zod';
import { id, idList, idParam, pageQuery, parentId } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { DICT_ROOT } from './constants.ts';

export * from './constants.ts';

export const dictSubmit = z.object({
  id: id.optional(),
  parentId: parentId.default(DICT_ROOT),
  code: requiredText('standard', 'dict.codeRequired'),
  dictKey: requiredText('standard', 'dict.keyRequired'),
  dictValue: requiredText('standard', 'dict.valueRequired'),
  sort: z
    .number({ message: 'dict.sortRequired' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  isSealed: z.union([z.literal(0), z.literal(1)], { message: 'dict.sealedRequired' }).default(0),
  remark: text('description').default(''),
});
export type DictSubmit = z.input<typeof dictSubmit>;

export const dictEntry = z
  .object({
    id: z.number(),
    parentId: z.number(),
    code: z.string(),
    dictKey: z.string(),
    dictValue: z.string(),
    sort: z.number(),
    isSealed: z.number(),
    remark: z.string(),
    parentName: z.string(),
    hasChildren: z.boolean(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'DictEntry' });
export type DictEntry = z.infer<typeof dictEntry>;

export interface DictNode extends DictEntry {
  children: DictNode[];
}
export const dictNode: z.ZodType<DictNode> = dictEntry
  .extend({
    get children() {
      return z.array(dictNode);
    },
  })
  .meta({ id: 'DictNode' });

export const dictSearch = z.object({
  code: searchText,
  dictValue: searchText,
});
export const dictListQuery = pageQuery.extend(dictSearch.shape);
export const dictChildListQuery = dictListQuery.extend({ parentId: idParam });
export const dictDetailQuery = z.object({ id: idParam });
export const dictRemoveQuery = z.object({ ids: idList });
export const dictionaryQuery = z.object({ code: requiredText('standard', 'dict.codeRequired') });
export const dictTreeQuery = z.object({ code: searchText });
export const dictRemoved = z.object({ removed: z.number().int() });

/** Option of a dropdown fed by a dictionary. */
export const dictOption = z
  .object({
    id: z.number(),
    label: z.string(),
    value: z.string(),
    dictKey: z.string(),
    dictValue: z.string(),
    sort: z.number(),
  })
  .meta({ id: 'DictOption' });
export type DictOption = z.infer<typeof dictOption>;

export interface DictTreeNode {
  id: number;
  parentId: number;
  title: string;
  key: number;
  value: number;
  code: string;
  children: DictTreeNode[];
}
export const dictTreeNode: z.ZodType<DictTreeNode> = z
  .object({
    id: z.number(),
    parentId: z.number(),
    title: z.string(),
    key: z.number(),
    value: z.number(),
    code: z.string(),
    get children() {
      return z.array(dictTreeNode);
    },
  })
  .meta({ id: 'DictTreeNode' });
