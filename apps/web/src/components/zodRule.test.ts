import { dictSubmit } from '@macro/contract/dict';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18next, initI18n, loadFeatureBundles } from '../i18n';
import { zodRule } from './zodRule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

async function messageFor(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | undefined> {
  const validator = (rule as { validator: Validator }).validator;
  try {
    await validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  beforeAll(async () => {
    await initI18n('zh');
    await loadFeatureBundles('zh');
  });

  it('shows the spec’s Chinese messages for the required dictionary fields', async () => {
    const t = i18next.getFixedT('zh');
    const { code, dictKey, dictValue, sort, isSealed } = dictSubmit.shape;
    expect(await messageFor(zodRule(code, t), '')).toBe('请输入字典编号');
    expect(await messageFor(zodRule(code, t), '   ')).toBe('请输入字典编号');
    expect(await messageFor(zodRule(dictKey, t), undefined)).toBe('请输入字典键值');
    expect(await messageFor(zodRule(dictValue, t), undefined)).toBe('请输入字典名称');
    // sort and isSealed have defaults in the schema; the form must still demand them.
    expect(await messageFor(zodRule(sort, t), null)).toBe('请输入字典排序');
    expect(await messageFor(zodRule(isSealed, t), undefined)).toBe('请选择封存');
    expect(await messageFor(zodRule(code, t), 'sex')).toBeUndefined();
  });

  it('fills params such as the maximum length and follows the language', async () => {
    const rule = zodRule(dictSubmit.shape.dictValue, i18next.getFixedT('zh'));
    expect(await messageFor(rule, '字'.repeat(51))).toBe('不能超过100个字符');
    await changeLanguage('en');
    expect(await messageFor(zodRule(dictSubmit.shape.code, i18next.getFixedT('en')), '')).toBe('Please enter the dictionary code');
  });

  it('lets optional fields stay empty but still checks what is typed', async () => {
    const rule = zodRule(dictSubmit.shape.remark, i18next.getFixedT('zh'), { required: false });
    expect(await messageFor(rule, undefined)).toBeUndefined();
    expect(await messageFor(rule, 'x'.repeat(1601))).toBe('不能超过1600个字符');
    expect(rule).toMatchObject({ required: false, validateTrigger: 'onBlur' });
  });
});
