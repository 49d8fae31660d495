import { z } from 'zod';
import { idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText } from '../text.ts';

/** A language code as i18next and HTML name it: `ko`, `zh-TW`, `fr`. */
const languageCode = requiredText('short', 'language.codeRequired').refine((v) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(v), {
  message: 'language.codeInvalid',
});

/** A language type: a language the console can be switched to. */
export const lgTypeBody = z.object({
  code: languageCode,
  name: requiredText('short', 'language.nameRequired'),
  sort: z
    .number({ message: 'validation.digits' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  enabled: z.boolean({ message: 'language.enabledInvalid' }).default(true),
});
export type LgTypeBody = z.input<typeof lgTypeBody>;

export const lgType = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    sort: z.number(),
    enabled: z.boolean(),
    /** zh, en and ja: their strings ship with the console; they cannot be deleted. */
    builtIn: z.boolean(),
    createTime: z.string(),
  })
  .meta({ id: 'LanguageType' });
export type LgType = z.infer<typeof lgType>;

/** A namespace of the console's strings (`menu`, `common`, a feature's). */
const namespace = requiredText('short', 'language.nsRequired').refine((v) => /^[A-Za-z0-9_-]+$/.test(v), { message: 'language.nsInvalid' });
/** A key inside a namespace; dots nest (`field.name`). */
const markKey = requiredText('standard', 'language.keyRequired').refine(
  (v) => /^[A-Za-z0-9_.-]+$/.test(v) && !v.startsWith('.') && !v.endsWith('.') && !v.includes('..'),
  {
    message: 'language.keyInvalid',
  },
);

/** One translation of one mark (namespace and key) in one language: set or replace it. */
export const lpMapBody = z.object({
  typeCode: languageCode,
  ns: namespace,
  key: markKey,
  value: requiredText('description', 'language.valueRequired'),
});
export type LpMapBody = z.input<typeof lpMapBody>;

export const lpMapEntry = z
  .object({
    id: z.number(),
    typeCode: z.string(),
    ns: z.string(),
    key: z.string(),
    value: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'TranslationEntry' });
export type LpMapEntry = z.infer<typeof lpMapEntry>;

/** A mark (namespace and key) with its translation in each language that has one. */
export const lgMark = z.object({ ns: z.string(), key: z.string(), values: z.record(z.string(), z.string()) }).meta({ id: 'LanguageMark' });
export type LgMark = z.infer<typeof lgMark>;

/** A language's translations as the console merges them: namespace → key → text. */
export const lpMapObject = z.record(z.string(), z.record(z.string(), z.string()));
export type LpMapObject = z.infer<typeof lpMapObject>;

export const lgTypeListQuery = pageQuery.extend({ code: searchText, name: searchText });
export const lpMapListQuery = pageQuery.extend({ typeCode: searchText, ns: searchText, key: searchText, value: searchText });
export const lgMarkQuery = pageQuery.extend({ ns: searchText, key: searchText });
export const lpMapObjectQuery = z.object({ typeCode: languageCode });
export const languageIdParams = z.object({ id: idParam });
export const languageRemoved = z.object({ removed: z.number().int() });
