import type { Tx } from '@macro/store';
import { dictionaryOptions } from '../dict/public.ts';

export const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** key → name of a dictionary's options (CompanyNature, DepartmentNature). */
export async function dictionaryNames(tx: Tx, code: string): Promise<Map<string, string>> {
  const options = await dictionaryOptions(tx, 'system', code);
  return new Map(options.map((o) => [o.value, o.label]));
}
