import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getContent } from '../session/storage';
import { TAGS_STORAGE_KEY } from '../session/store';
import { HOME_TAG, type Tag, useTabs } from './tabs';

const tag = (fullPath: string): Tag => ({ key: fullPath, path: fullPath.split('?')[0], fullPath });
const keys = () => useTabs.getState().tags.map((t) => t.key);

describe('tab strip rules', () => {
  beforeEach(() => useTabs.setState({ tags: [HOME_TAG] }));

  it('keeps one tab per full path: the same page with another query is another tab, the same address is not', () => {
    const { open } = useTabs.getState();
    open(tag('/detail/create'));
    open(tag('/detail/create?id=7'));
    open(tag('/detail/create'));
    open(tag('/query/alpha'));
    expect(keys()).toEqual([HOME_TAG.key, '/detail/create', '/detail/create?id=7', '/query/alpha']);
  });

  it('names a tab after what its page shows; opening it again keeps the name, and it is stored', () => {
    const { open, rename } = useTabs.getState();
    open(tag('/workflow/tasks/41'));
    rename('/workflow/tasks/41', '年假申请 3 天');
    open({ ...tag('/workflow/tasks/41'), fullPath: '/workflow/tasks/41' });
    expect(useTabs.getState().tags.find((t) => t.key === '/workflow/tasks/41')?.title).toBe('年假申请 3 天');
    expect(getContent<Tag[]>(TAGS_STORAGE_KEY, []).find((t) => t.key === '/workflow/tasks/41')?.title).toBe('年假申请 3 天');
    // A tab that is not open is not made by a rename.
    rename('/workflow/tasks/42', 'x');
    expect(keys()).toEqual([HOME_TAG.key, '/workflow/tasks/41']);
  });

  it('closes a tab and tells which one to show when it was the active one; the last tab cannot be closed', () => {
    const { open, close } = useTabs.getState();
    open(tag('/wel/test'));
    open(tag('/wel/more'));
    expect(close('/wel/more', '/wel/more')?.key).toBe('/wel/test');
    expect(close('/wel/test', HOME_TAG.key)).toBeUndefined();
    expect(keys()).toEqual([HOME_TAG.key]);
    // Only the welcome tab is left: closing it does nothing.
    expect(useTabs.getState().close(HOME_TAG.key, HOME_TAG.key)).toBeUndefined();
    expect(keys()).toEqual([HOME_TAG.key]);
  });

  it('closes the others (keeping the welcome tab) and closes all back to the welcome tab', () => {
    const { open, closeOthers, closeAll } = useTabs.getState();
    for (const path of ['/wel/test', '/wel/more', '/tabs/index']) open(tag(path));
    closeOthers('/wel/more');
    expect(keys()).toEqual([HOME_TAG.key, '/wel/more']);
    open(tag('/tabs/index'));
    closeAll();
    expect(keys()).toEqual([HOME_TAG.key]);
  });

  it('keeps the tabs in storage, so a reload finds them again', async () => {
    useTabs.getState().open(tag('/query/beta?from=tabs'));
    expect(getContent<Tag[]>(TAGS_STORAGE_KEY, []).map((t) => t.key)).toEqual([HOME_TAG.key, '/query/beta?from=tabs']);
    // A fresh module (a reload) starts from what was stored.
    vi.resetModules();
    const reloaded = await import('./tabs');
    expect(reloaded.useTabs.getState().tags.map((t) => t.fullPath)).toEqual([HOME_TAG.fullPath, '/query/beta?from=tabs']);
  });
});
