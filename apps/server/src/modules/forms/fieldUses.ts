import type { FormDocument } from '@macro/contract/forms';
import type { Tx } from '@macro/store';
import { sql } from 'drizzle-orm';
import { formSchemes } from './tables.ts';

/** A field's title as a message names it: its title, else its name. */
export const titleOf = (document: FormDocument, name: string) => document.schema.properties[name]?.title || name;

/**
 * The tenant's forms (their current design, which records and processes are checked against;
 * earlier versions are history) with a field whose `ui:options` names one of `ids` under `option`
 * (`dataSource.id`, `codeRule`): what keeps another module's row from being removed.
 */
export function schemesNaming(tx: Tx, option: readonly string[], ids: readonly number[]): Promise<{ name: string; document: FormDocument }[]> {
  const path = `{ui:options,${option.join(',')}}`;
  return tx
    .select({ name: formSchemes.name, document: formSchemes.document })
    .from(formSchemes)
    .where(
      sql`exists (select 1 from jsonb_each(case jsonb_typeof(${formSchemes.document} -> 'uiSchema') when 'object' then ${formSchemes.document} -> 'uiSchema' else '{}'::jsonb end) f
        where f.value #>> ${path}::text[] = any(${`{${ids.join(',')}}`}::text[]))`,
    )
    .orderBy(formSchemes.id);
}
