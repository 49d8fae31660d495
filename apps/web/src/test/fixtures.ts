import type { DictEntry } from '@macro/contract/dict';

/** A dictionary entry as the server answers it. */
export function dictEntry(id: number, fields: Partial<DictEntry> = {}): DictEntry {
  return {
    id,
    parentId: 0,
    code: `Code${id}`,
    dictKey: `${id}`,
    dictValue: `字典${id}`,
    sort: id,
    isSealed: 0,
    remark: '',
    parentName: '',
    hasChildren: false,
    createTime: '2026-01-01 00:00:00',
    updateTime: '2026-01-01 00:00:00',
    ...fields,
  };
}
