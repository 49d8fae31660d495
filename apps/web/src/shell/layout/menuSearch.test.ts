import { describe, expect, it } from 'vitest';
import { loadPinyin, searchMenus } from './menuSearch';
import type { MenuLeaf } from './menuTree';

const leaf = (label: string, path = `/${label}`): MenuLeaf => ({ path, label, trail: ['系统管理', label] });
const zh = [leaf('字典管理', '/controller/dictionaries'), leaf('用户管理', '/controller/usermanage'), leaf('菜单管理', '/controller/menusetting')];
const en = [leaf('Dictionaries'), leaf('Users'), leaf('Menus'), leaf('Data permissions')];

const labels = (found: MenuLeaf[]) => found.map((l) => l.label);

describe('menu search: beginnings first, then words inside a label', () => {
  it('matches labels by prefix, ignoring case, and nothing for an empty query', () => {
    expect(labels(searchMenus(en, 'dic'))).toEqual(['Dictionaries']);
    expect(labels(searchMenus(en, 'D'))).toEqual(['Dictionaries', 'Data permissions']);
    expect(labels(searchMenus(en, 'xyz'))).toEqual([]);
    expect(labels(searchMenus(en, '  '))).toEqual([]);
    expect(labels(searchMenus(zh, '字典'))).toEqual(['字典管理']);
  });

  it('finds a word inside a label after the labels that begin with it', () => {
    const flow = [leaf('流程审批测试'), leaf('审批设置'), leaf('字典管理')];
    expect(labels(searchMenus(flow, '审批'))).toEqual(['审批设置', '流程审批测试']);
    expect(labels(searchMenus(zh, '管理'))).toEqual(['字典管理', '用户管理', '菜单管理']);
    expect(labels(searchMenus(en, 'per'))).toEqual(['Data permissions']);
    expect(labels(searchMenus(en, 'S'))).toEqual(['Dictionaries', 'Users', 'Menus', 'Data permissions']);
  });

  it('finds Chinese labels by pinyin initials and by full pinyin, once pinyin is loaded', async () => {
    expect(labels(searchMenus(zh, 'zd'))).toEqual([]);
    const pinyinOf = await loadPinyin();
    expect(labels(searchMenus(zh, 'zd', pinyinOf))).toEqual(['字典管理']);
    expect(labels(searchMenus(zh, 'ZiDian', pinyinOf))).toEqual(['字典管理']);
    expect(labels(searchMenus(zh, 'zi dian guan', pinyinOf))).toEqual(['字典管理']);
    expect(labels(searchMenus(zh, 'yhgl', pinyinOf))).toEqual(['用户管理']);
    expect(labels(searchMenus(zh, 'cd', pinyinOf))).toEqual(['菜单管理']);
    // The middle of the pinyin does not match, and English labels are not converted.
    expect(labels(searchMenus(zh, 'dian', pinyinOf))).toEqual([]);
    expect(labels(searchMenus(en, 'zd', pinyinOf))).toEqual([]);
  });
});
