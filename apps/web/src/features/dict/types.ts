import type { DictEntry } from '@macro/contract/dict';
import type { FormMode } from '../../components/crud/SchemaForm';

/** Parent entries sit in the left table; children (any depth) in the right tree table. */
export type DictLevel = 'parent' | 'child';

export interface DictDialogState {
  mode: FormMode;
  level: DictLevel;
  /** The row being edited or viewed. */
  record?: DictEntry;
  /** For a new child: the entry it goes under (its code is inherited). */
  parent?: Pick<DictEntry, 'id' | 'code' | 'dictValue'>;
}

export interface DictFormValues {
  parentId?: number;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number | null;
  isSealed: 0 | 1;
  remark: string;
}

/** Spec §9: sort defaults to 1, isSealed to 0. */
export const DICT_FORM_DEFAULTS: DictFormValues = {
  code: '',
  dictKey: '',
  dictValue: '',
  sort: 1,
  isSealed: 0,
  remark: '',
};
