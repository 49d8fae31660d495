// The dictionaries' fixed values, apart from their schemas (a screen reading options loads no zod).

/** System dictionaries (/macro-system/dict) and business dictionaries (/dict-biz). */
export const DICT_KINDS = ['system', 'biz'] as const;
export type DictKind = (typeof DICT_KINDS)[number];
/** Both dictionary families share one set of operations under their own base path. */
export const DICT_BASES = { system: '/macro-system/dict', biz: '/dict-biz' } as const satisfies Record<DictKind, string>;

/** Parent entries sit under parentId 0. */
export const DICT_ROOT = 0;
