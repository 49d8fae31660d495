import type { DictEntry } from '@macro/contract';

export type DictDialogMode = 'create' | 'edit' | 'view';
/** Parent entries sit in the left table; children (any depth) in the right tree table. */
export type DictKind = 'parent' | 'child';

export interface DictDialogState {
  mode: DictDialogMode;
  kind: DictKind;
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
