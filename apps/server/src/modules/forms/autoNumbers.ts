import { autoNumberFields, type FormDocument } from '@macro/contract/forms';
import type { Ctx, Tx } from '@macro/store';
import type { Use } from '../../platform/references.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { holdCodeRules, takeNumber } from '../coderules/public.ts';
import { schemesNaming, titleOf } from './fieldUses.ts';

/**
 * Whether each auto-number field names a code rule of the tenant and is a text field: 422 naming
 * the first that does not. The rules are held to the end of the save (a removal waits and then
 * sees this form use them).
 */
export async function checkAutoNumberDesign(tx: Tx, document: FormDocument): Promise<void> {
  const fields = Object.entries(autoNumberFields(document));
  if (!fields.length) return;
  const known = await holdCodeRules(
    tx,
    fields.map(([, ruleId]) => ruleId).filter((id) => Number.isSafeInteger(id) && id > 0),
  );
  for (const [name, ruleId] of fields) {
    if (!known.has(ruleId) || document.schema.properties[name]?.type !== 'string')
      throw unprocessable('forms.codeRuleMissing', { field: titleOf(document, name) });
  }
}

/** The fields of the tenant's forms (their current design) that take numbers from one of the rules `ids`. */
export async function fieldsUsingCodeRules(tx: Tx, ids: readonly number[]): Promise<Use[]> {
  const wanted = new Set(ids);
  const rows = await schemesNaming(tx, ['codeRule'], ids);
  return rows.flatMap((row) =>
    Object.entries(autoNumberFields(row.document))
      .filter(([, ruleId]) => wanted.has(ruleId))
      .map(([name, ruleId]) => ({ id: ruleId, message: 'forms.codeRuleUsed', params: { form: row.name, field: titleOf(row.document, name) } })),
  );
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
    // A rule gone since the form was designed is the field's problem, said with its name.
    const taken = await takeNumber(ctx, ruleId).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? unprocessable('forms.codeRuleMissing', { field: titleOf(document, name) }) : error;
    });
    filled[name] = taken.code;
  }
  return filled;
}
