import { lgMark, lgType, lpMapEntry, lpMapObject } from '@macro/contract/language';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const TYPES = '/api/macro-language/lg-type';
const OBJECT = '/api/lp-map/object';

describeDb(`language packs (${dbLabel})`, () => {
  const cast = castOf('lg_clerk');

  const patch = (client: Client, payload: object) => client.call({ method: 'PATCH', url: OBJECT, payload });
  const put = (client: Client, id: number, payload: object) => client.call({ method: 'PUT', url: `${TYPES}/${id}`, payload });
  const del = (client: Client, url: string) => client.call({ method: 'DELETE', url });

  it('every tenant has zh, en and ja built in; a new language can be added and every user lists it', async () => {
    const builtIn = expectOk(await cast.clerk.get('/api/lg-type'), z.array(lgType));
    expect(builtIn.map((t) => [t.code, t.builtIn])).toEqual([
      ['zh', true],
      ['en', true],
      ['ja', true],
    ]);
    const ko = expectOk(await cast.admin.post(TYPES, { code: 'ko', name: '한국어', sort: 4 }), lgType);
    expect(ko).toMatchObject({ code: 'ko', name: '한국어', enabled: true, builtIn: false });
    expect(expectOk(await cast.clerk.get('/api/lg-type'), z.array(lgType)).map((t) => t.code)).toEqual(['zh', 'en', 'ja', 'ko']);
    expect((await cast.admin.get(`${TYPES}?name=${encodeURIComponent('한국')}`)).json().data.records.map((t: { id: number }) => t.id)).toEqual([ko.id]);
    // Disabled languages leave the switch; built-ins cannot be disabled, recoded or removed.
    expectOk(await put(cast.admin, ko.id, { code: 'ko', name: '한국어', enabled: false }), lgType);
    expect(expectOk(await cast.clerk.get('/api/lg-type'), z.array(lgType)).map((t) => t.code)).not.toContain('ko');
    const zh = builtIn[0];
    expectFailure(await put(cast.admin, zh.id, { code: 'zh', name: '中文', enabled: false }), 400, '内置语言「zh」不能删除、停用或修改编码');
    expectFailure(await put(cast.adminEn, zh.id, { code: 'zz', name: '中文' }), 400, /built-in language "zh"/);
    expect(expectOk(await put(cast.admin, zh.id, { code: 'zh', name: '中文（简体）' }), lgType).name).toBe('中文（简体）');
    expectFailure(await del(cast.admin, `${TYPES}/${zh.id}`), 400, /内置语言/);
    // A language's translations go with it.
    expectOk(await patch(cast.admin, { typeCode: 'ko', ns: 'menu', key: 'system', value: '시스템' }), lpMapEntry);
    expect((await del(cast.admin, `${TYPES}/${ko.id}`)).json().data).toEqual({ removed: 1 });
    expect(expectOk(await cast.admin.get(`${OBJECT}?typeCode=ko`), lpMapObject)).toEqual({});
  });

  it('an administrator sets a label; every user reads it in the map the console merges', async () => {
    const first = expectOk(await patch(cast.admin, { typeCode: 'zh', ns: 'menu', key: 'dictionaries', value: '数据字典' }), lpMapEntry);
    expectOk(await patch(cast.admin, { typeCode: 'en', ns: 'menu', key: 'dictionaries', value: 'Data dictionary' }), lpMapEntry);
    expectOk(await patch(cast.admin, { typeCode: 'zh', ns: 'common', key: 'language.switch', value: '切换语言' }), lpMapEntry);
    expect(expectOk(await cast.clerk.get(`${OBJECT}?typeCode=zh`), lpMapObject)).toEqual({
      menu: { dictionaries: '数据字典' },
      common: { 'language.switch': '切换语言' },
    });
    // Setting it again replaces the text (one row per mark and language).
    const again = expectOk(await patch(cast.admin, { typeCode: 'zh', ns: 'menu', key: 'dictionaries', value: '字典表' }), lpMapEntry);
    expect(again.id).toBe(first.id);
    expect(expectOk(await cast.clerk.get(`${OBJECT}?typeCode=zh`), lpMapObject).menu).toEqual({ dictionaries: '字典表' });
    const marks = (await cast.admin.get('/api/macro-language/lg-mark?key=dictionaries')).json().data;
    expect(marks.records).toEqual([{ ns: 'menu', key: 'dictionaries', values: { zh: '字典表', en: 'Data dictionary' } }]);
    // One translation's mark, in every language that has it.
    expect(expectOk(await cast.admin.get(`${OBJECT}/${first.id}`), lgMark)).toEqual({
      ns: 'menu',
      key: 'dictionaries',
      values: { zh: '字典表', en: 'Data dictionary' },
    });
    const page = (await cast.admin.get('/api/macro-language/lp-map?typeCode=zh&ns=menu')).json().data;
    expect(page.records.map((r: { value: string }) => r.value)).toEqual(['字典表']);
    expect((await del(cast.admin, `${OBJECT}/${first.id}`)).json().data).toEqual({ removed: 1 });
    expect(expectOk(await cast.clerk.get(`${OBJECT}?typeCode=zh`), lpMapObject).menu).toBeUndefined();
    expectFailure(await del(cast.admin, `${OBJECT}/${first.id}`), 404, '译文不存在');
    expectFailure(await cast.admin.get(`${OBJECT}/${first.id}`), 404, '译文不存在');
  });

  it('refuses bad input field by field, in the request language', async () => {
    expectFailure(await cast.admin.post(TYPES, { name: 'x' }), 400, '请输入语言编码');
    expectFailure(await cast.admin.post(TYPES, { code: 'KO!', name: 'x' }), 400, /语言编码应为小写字母/);
    expectFailure(await cast.adminEn.post(TYPES, { code: 'fr' }), 400, 'Please enter the language name');
    expectFailure(await cast.admin.post(TYPES, { code: 'fr', name: 'x', enabled: 'yes' }), 400, '请选择是否启用');
    expectFailure(await cast.admin.post(TYPES, { code: 'fr', name: 'x', sort: -1 }), 400);
    expectFailure(await cast.admin.post(TYPES, { code: 'zh', name: 'x' }), 409, '语言编码「zh」已存在');
    expectFailure(await patch(cast.admin, { ns: 'menu', key: 'a', value: 'b' }), 400, '请输入语言编码');
    expectFailure(await patch(cast.admin, { typeCode: 'zh', key: 'a', value: 'b' }), 400, '请输入命名空间');
    expectFailure(await patch(cast.admin, { typeCode: 'zh', ns: 'a b', key: 'a', value: 'b' }), 400, /命名空间只能包含/);
    expectFailure(await patch(cast.admin, { typeCode: 'zh', ns: 'menu', value: 'b' }), 400, '请输入标记');
    expectFailure(await patch(cast.admin, { typeCode: 'zh', ns: 'menu', key: 'a..b', value: 'b' }), 400, /标记只能包含/);
    expectFailure(await patch(cast.adminEn, { typeCode: 'zh', ns: 'menu', key: 'a' }), 400, 'Please enter the translation');
    expectFailure(await patch(cast.admin, { typeCode: 'xx', ns: 'menu', key: 'a', value: 'b' }), 400, '语言类型不存在');
    expectFailure(await cast.admin.get(`${OBJECT}?typeCode=`), 400, '请输入语言编码');
    expectFailure(await del(cast.admin, `${OBJECT}/abc`), 400);
  });

  it('guards every call with its code and keeps tenants apart', async () => {
    const entry = expectOk(await patch(cast.admin, { typeCode: 'ja', ns: 'menu', key: 'secret', value: 'LanguageMarker' }), lpMapEntry);
    const type = expectOk(await cast.admin.post(TYPES, { code: 'de', name: 'LanguageMarker' }), lgType);
    expectFailure(await cast.clerk.get(TYPES), 403, /language:view/);
    expectFailure(await cast.clerk.get('/api/macro-language/lp-map'), 403, /language:view/);
    expectFailure(await cast.clerk.get('/api/macro-language/lg-mark'), 403, /language:view/);
    expectFailure(await cast.clerk.post(TYPES, { code: 'it', name: 'x' }), 403, /language:add/);
    expectFailure(await put(cast.clerk, type.id, { code: 'de', name: 'x' }), 403, /language:edit/);
    expectFailure(await patch(cast.clerk, { typeCode: 'ja', ns: 'menu', key: 'secret', value: 'x' }), 403, /language:edit/);
    expectFailure(await del(cast.clerk, `${OBJECT}/${entry.id}`), 403, /language:delete/);
    expectFailure(await del(cast.clerk, `${TYPES}/${type.id}`), 403, /language:delete/);
    expect((await cast.other.get(`${OBJECT}?typeCode=ja`)).body).not.toContain('LanguageMarker');
    expect((await cast.other.get('/api/lg-type')).body).not.toContain('LanguageMarker');
    expectFailure(await del(cast.other, `${OBJECT}/${entry.id}`), 404);
    expectFailure(await cast.other.get(`${OBJECT}/${entry.id}`), 404);
    expectFailure(await cast.clerk.get(`${OBJECT}/${entry.id}`), 403, /language:view/);
    expectFailure(await put(cast.other, type.id, { code: 'de', name: 'stolen' }), 404);
    // The cast.other tenant's own edit makes its own row, not a change to this tenant's.
    expectOk(await patch(cast.other, { typeCode: 'ja', ns: 'menu', key: 'secret', value: 'theirs' }), lpMapEntry);
    expect(expectOk(await cast.admin.get(`${OBJECT}?typeCode=ja`), lpMapObject).menu.secret).toBe('LanguageMarker');
  });
});
