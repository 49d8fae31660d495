import { autoNumberFields, type FormDocument } from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import { inArray } from 'drizzle-orm';
import { unprocessable } from '../../platform/errors.ts';
import { codeRules, takeNumber } from '../coderules/public.ts';

const titleOf = (document: FormDocument, name: string) => document.schema.properties[name]?.title || name;

/** Whether each auto-number field names a code rule of the tenant and is a text field: 422 naming the first that does not. */
export async function checkAutoNumberDesign(tx: Tx, document: FormDocument): Promise<void> {
  const fields = Object.entries(autoNumberFields(document));
  if (!fields.length) return;
  const ids = fields.map(([, ruleId]) => ruleId).filter((id) => Number.isSafeInteger(id) && id > 0);
  const known = new Set(ids.length ? (await tx.select({ id: codeRules.id }).from(codeRules).where(inArray(codeRules.id, ids))).map((r) => r.id) : []);
  for (const [name, ruleId] of fields) {
    if (!known.has(ruleId) || document.schema.properties[name]?.type !== 'string')
      throw unprocessable('forms.codeRuleMissing', { field: titleOf(document, name) });
  }
}

/**
 * The data with its auto-number fields filled by the server: the stored value where the record
 * has one (`before`), else the next number of the field's rule, taken now in the caller's
 * transaction (rolled back with it when the save fails). What the client sent for them is
 * never used.
 */
export async function withAutoNumbers(
  ctx: Ctx,
  document: FormDocument,
  data: Record<string, unknown>,
  before: Record<string, unknown> | null,
): Promise<Record<string, unknown>> {
  const fields = Object.entries(autoNumberFields(document));
  if (!fields.length) return data;
  const filled = { ...data };
  for (const [name, ruleId] of fields) {
    const kept = before?.[name];
    if (typeof kept === 'string' && kept !== '') {
      filled[name] = kept;
      continue;
    }
    const rule =
      ruleId > 0
        ? await ctx.tx
            .select({ id: codeRules.id })
            .from(codeRules)
            .where(inArray(codeRules.id, [ruleId]))
        : [];
    if (!rule.length) throw unprocessable('forms.codeRuleMissing', { field: titleOf(document, name) });
    filled[name] = (await takeNumber(ctx, ruleId)).code;
  }
  return filled;
}
