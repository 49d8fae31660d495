import type { MessageParams } from '@macro/contract';
import type { Tx } from '@macro/store';
import type { ModuleDeps } from './module.ts';

/*
 * A module's rows may name another module's rows where no foreign key can hold the name: inside
 * a form's design, inside a model's XML. The module that owns the named rows cannot ask about
 * such uses itself (it sits below the modules that use it), so each using module declares its
 * references in its descriptor and the owner gathers them from every module before it deletes.
 * The owner locks the rows it deletes first; a module that starts naming a row holds that row
 * (FOR KEY SHARE) in the saving transaction, so a deletion running meanwhile waits for the save
 * and then sees the use, as a foreign key would.
 */

/** One thing that still names a row: said in the using module's words, with the row's id. */
export interface Use {
  /** The named row. */
  id: number;
  /** A message key of the using module; its owner adds the parameter `used`, the named row's name. */
  message: string;
  params: MessageParams;
}

/** What of another module's rows this module's rows name. */
export interface Reference {
  /** The named rows' resource, as their module's public face exports it (`DATA_SOURCE_RESOURCE`). */
  resource: string;
  /** Which of `ids` this module's rows still name, read in the deleting transaction. */
  usesOf: (tx: Tx, ids: readonly number[], deps: ModuleDeps) => Promise<Use[]>;
}

/** Every module's uses of rows of `resource`, for its owner to refuse deleting a row still named. */
export function usesOf(deps: ModuleDeps, resource: string): (tx: Tx, ids: readonly number[]) => Promise<Use[]> {
  const references = deps.modules.flatMap((module) => (module.references ?? []).filter((reference) => reference.resource === resource));
  return async (tx, ids) => {
    const uses: Use[] = [];
    for (const reference of references) uses.push(...(await reference.usesOf(tx, ids, deps)));
    return uses;
  };
}
