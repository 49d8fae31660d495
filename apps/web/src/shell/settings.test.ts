import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX, setStore } from '../session/storage';
import { DEFAULT_FLAGS, readLook, SETTINGS_KEY } from './settings';

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + SETTINGS_KEY) ?? 'null');

/** A fresh store, reading whatever storage holds now (as a reload would). */
async function freshStore() {
  vi.resetModules();
  return (await import('./settings')).useShellSettings;
}

describe('shell settings store', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('starts with the default look: default theme, #409EFF, vertical navigation, top menu off', async () => {
    const store = await freshStore();
    const state = store.getState();
    expect(state.theme).toBe('default');
    expect(state.color).toBe('#409EFF');
    expect(state.horizontal).toBe(false);
    expect(state.showTags).toBe(true);
    expect(state.showTopMenu).toBe(false);
  });

  it('keeps every switch, the theme and the colour across a reload, in the wrapped setting entry', async () => {
    const store = await freshStore();
    store.getState().setFlag('horizontal', true);
    store.getState().setFlag('showLock', false);
    store.getState().setFlag('showTags', false);
    store.getState().setTheme('vip');
    store.getState().setColor('#ff5c00');
    expect(stored()).toMatchObject({ dataType: 'object', type: 'local', content: { theme: 'vip', color: '#FF5C00', horizontal: true } });

    const reloaded = (await freshStore()).getState();
    expect(reloaded).toMatchObject({ theme: 'vip', color: '#FF5C00', horizontal: true, showLock: false, showTags: false, showSearch: true });
  });

  it('ignores an unknown theme or a malformed colour', async () => {
    const store = await freshStore();
    store.getState().setTheme('neon' as never);
    store.getState().setColor('red');
    expect(store.getState()).toMatchObject({ theme: 'default', color: '#409EFF' });
  });

  it('repairs a stored entry written by an older or tampered client, field by field', () => {
    setStore(SETTINGS_KEY, { theme: 'neon', color: 12, showTags: 'yes', showLock: false });
    expect(readLook()).toEqual({ ...DEFAULT_FLAGS, showLock: false, theme: 'default', color: '#409EFF' });
  });

  it('resets to the defaults', async () => {
    const store = await freshStore();
    store.getState().setTheme('dark');
    store.getState().setFlag('showDebug', false);
    store.getState().resetLook();
    expect(store.getState()).toMatchObject({ ...DEFAULT_FLAGS, theme: 'default', color: '#409EFF' });
    expect(stored().content.theme).toBe('default');
  });
});
