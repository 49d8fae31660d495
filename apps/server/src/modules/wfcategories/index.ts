import { DICT_ROOT } from '@macro/contract/dict';
import { WORKFLOW_CATEGORY_DICT } from '@macro/contract/wfcategories';
import type { Ctx, Tx } from '@macro/store';
import { badRequest } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { dictionaryExists, dictionaryOptions, submitDict } from '../dict/public.ts';

/** Categories every tenant starts with (key → name); a tenant edits them on the dictionary screen. */
export const STARTER_CATEGORIES = [
  { key: 'general', name: '通用审批' },
  { key: 'hr', name: '人事审批' },
  { key: 'finance', name: '财务审批' },
  { key: 'admin', name: '行政审批' },
];

const { kind, code } = WORKFLOW_CATEGORY_DICT;

/** Seeds the fixed parent and its categories through the dictionary's own submit, as a user would. */
async function provisionCategories(ctx: Ctx): Promise<void> {
  if (await dictionaryExists(ctx.tx, kind, code)) return;
  const common = { code, isSealed: 0 as const, remark: '' };
  const parent = await submitDict(ctx, kind, { ...common, parentId: DICT_ROOT, dictKey: '-1', dictValue: '流程分类', sort: 1 });
  for (const [i, category] of STARTER_CATEGORIES.entries()) {
    await submitDict(ctx, kind, { ...common, parentId: parent.id, dictKey: category.key, dictValue: category.name, sort: i + 1 });
  }
}

/** The tenant's workflow categories as options (the engine checks a template's category with it). */
export function workflowCategories(tx: Tx) {
  return dictionaryOptions(tx, kind, code);
}

/** Refuses a category key the dictionary does not hold (400 with the domain's message). */
export async function assertWorkflowCategory(tx: Tx, key: string): Promise<void> {
  const options = await workflowCategories(tx);
  if (!options.some((o) => o.dictKey === key)) throw badRequest('wfcategories.unknown', { key });
}

/**
 * Workflow categories: no table and no route of their own; the dictionary module serves them.
 * This module seeds them and gives the engine its check.
 */
export const module = defineModule({
  name: 'wfcategories',
  uses: ['dict'],
  after: ['dict'],
  provision: provisionCategories,
});
