import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStore,
  defaultSettingData,
  getContent,
  getSettingData,
  getStore,
  removeStore,
  SETTING_DATA_KEY,
  STORAGE_PREFIX,
  setSettingData,
  setStore,
} from './storage';

describe('storage wrapper', () => {
  afterEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('round-trips content with its data type, area and timestamp under the prefix', () => {
    const before = Date.now();
    setStore('menus', [{ path: '/a' }]);
    const raw = JSON.parse(window.localStorage.getItem(`${STORAGE_PREFIX}menus`) ?? 'null');
    expect(raw).toMatchObject({ dataType: 'array', content: [{ path: '/a' }], type: 'local' });
    expect(raw.datetime).toBeGreaterThanOrEqual(before);
    expect(getStore('menus')?.content).toEqual([{ path: '/a' }]);
  });

  it('keeps strings, numbers, booleans and null as they were', () => {
    setStore('token', 'abc');
    setStore('count', 3, 'session');
    setStore('locked', false);
    setStore('nothing', null);
    expect(getContent('token', '')).toBe('abc');
    expect(getStore('count')).toMatchObject({ dataType: 'number', content: 3, type: 'session' });
    expect(window.sessionStorage.getItem(`${STORAGE_PREFIX}count`)).not.toBeNull();
    expect(getContent('locked', true)).toBe(false);
    expect(getStore('nothing')?.dataType).toBe('null');
  });

  it('falls back when an entry is missing or not written by the wrapper', () => {
    window.localStorage.setItem(`${STORAGE_PREFIX}broken`, '{not json');
    expect(getContent('broken', 'fallback')).toBe('fallback');
    expect(getContent('absent', 7)).toBe(7);
  });

  it('removes one entry and clears only this site’s keys', () => {
    setStore('token', 'abc');
    setStore('language', 'en');
    window.localStorage.setItem('other-app', 'keep');
    removeStore('token');
    expect(getStore('token')).toBeUndefined();
    clearStore();
    expect(getStore('language')).toBeUndefined();
    expect(window.localStorage.getItem('other-app')).toBe('keep');
  });
});

describe('settingData', () => {
  afterEach(() => window.localStorage.clear());

  const SWIPER = { step: 4.4, hoverStop: true, openWatch: true, direction: 1, limitMoveNum: 4, waitTime: 3000, echartsAutoTime: 3000 };

  it('has the spec defaults for the three swipers when nothing is stored', () => {
    expect(getSettingData()).toEqual({ sbtxSwiper: SWIPER, ssyjSwiper: SWIPER, aztpSwiper: SWIPER, isScale: false });
    // Callers get their own copy.
    const data = defaultSettingData();
    data.sbtxSwiper.step = 1;
    expect(defaultSettingData().sbtxSwiper.step).toBe(4.4);
  });

  it('stores changes in the wrapped settingData entry and merges a swiper’s fields', () => {
    setSettingData({ ssyjSwiper: { waitTime: 5000 }, isScale: true });
    const raw = JSON.parse(window.localStorage.getItem(`${STORAGE_PREFIX}${SETTING_DATA_KEY}`) ?? 'null');
    expect(raw).toMatchObject({ dataType: 'object', type: 'local' });
    expect(raw.content.ssyjSwiper).toEqual({ ...SWIPER, waitTime: 5000 });
    expect(getSettingData()).toMatchObject({ isScale: true, ssyjSwiper: { waitTime: 5000, step: 4.4 }, sbtxSwiper: SWIPER });
  });

  it('puts missing or wrongly typed fields back to their defaults', () => {
    setStore(SETTING_DATA_KEY, { sbtxSwiper: { step: 'fast', direction: 0 }, isScale: 'yes' });
    expect(getSettingData()).toEqual({ sbtxSwiper: { ...SWIPER, direction: 0 }, ssyjSwiper: SWIPER, aztpSwiper: SWIPER, isScale: false });
  });
});
