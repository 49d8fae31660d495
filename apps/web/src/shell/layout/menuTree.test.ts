import type { MenuRoute } from '@macro/contract/menus';
import { describe, expect, it, vi } from 'vitest';
import { mayFrame, openMenuPath, visibleMenus } from './menuTree';

const link = (path: string, children: MenuRoute[] = []) => ({ path, category: 1, sort: 1, children }) as unknown as MenuRoute;
const menus = [link('/system', [link('https://docs.example.com/guide?x=1')])];

describe('mayFrame', () => {
  it('frames a link of the user’s menu, nested or not', () => {
    expect(mayFrame('https://docs.example.com/guide?x=1', menus, [])).toBe(true);
  });

  it('refuses an address that is not a menu link, unless its origin is configured', () => {
    expect(mayFrame('https://evil.example.net/login', menus, [])).toBe(false);
    expect(mayFrame('https://docs.example.com/other', menus, [])).toBe(false);
    expect(mayFrame('https://report.example.com/a/b', menus, ['https://report.example.com'])).toBe(true);
    expect(mayFrame('https://report.example.com.evil.net/', menus, ['https://report.example.com'])).toBe(false);
  });

  it('never frames script, data or relative addresses, whatever is configured', () => {
    for (const src of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/wel/index', '//evil.example.net', '']) {
      expect(mayFrame(src, [...menus, link(src)], ['https://report.example.com'])).toBe(false);
    }
  });
});

describe('visibleMenus', () => {
  const entry = (path: string, sort: number, children: MenuRoute[] = [], category = 1) => ({ path, category, sort, children }) as unknown as MenuRoute;
  const tree = [
    entry('/workflow', 2, [entry('/workflow/stamps', 1), entry('/workflow/tasks', 2)]),
    entry('/system', 1, [entry('/controller/users', 1, [entry('user:add', 1, [], 2)])]),
    entry('/future', 3, [entry('/future/a', 1)]),
  ];
  const opens = new Set(['/workflow/stamps', '/controller/users']);

  it('keeps menus in order and drops buttons', () => {
    const visible = visibleMenus(tree);
    expect(visible.map((m) => m.path)).toEqual(['/system', '/workflow', '/future']);
    expect(visible[0].children[0].children).toEqual([]);
  });

  it('leaves out entries the console cannot open, and folders emptied by that', () => {
    const visible = visibleMenus(tree, (path) => opens.has(path));
    expect(visible.map((m) => m.path)).toEqual(['/system', '/workflow']);
    expect(visible[1].children.map((m) => m.path)).toEqual(['/workflow/stamps']);
  });
});

describe('openMenuPath', () => {
  it('opens the data view in a new window, a link in the frame page, and anything else in the console', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const navigate = vi.fn();
    openMenuPath('/dataView/view', navigate);
    expect(open).toHaveBeenCalledWith('/dataView/view', '_blank', 'noopener');
    openMenuPath('https://example.com/report', navigate);
    expect(navigate).toHaveBeenCalledWith(`/iframe?src=${encodeURIComponent('https://example.com/report')}`);
    openMenuPath('/system/dict', navigate);
    expect(navigate).toHaveBeenLastCalledWith('/system/dict');
    expect(open).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });
});
