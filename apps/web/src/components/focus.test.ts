import { afterEach, describe, expect, it } from 'vitest';
import { tabbables, tabOutOfPanel } from './focus';

/** A header with a bell and a user menu, and the bell's panel rendered at the end of the page. */
function page() {
  document.body.innerHTML = `
    <header><button id="search">search</button><button id="bell">bell</button><button id="user">user</button></header>
    <main><a href="/x" id="link">x</a></main>
    <div id="panel"><button id="tab1">tab 1</button><button id="tab2" tabindex="-1">tab 2</button><button id="all">read all</button></div>`;
  const $ = (id: string) => document.getElementById(id) as HTMLElement;
  let closed = 0;
  const press = (shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true });
    const handled = tabOutOfPanel(event, $('panel'), $('bell'), () => closed++);
    return { handled, prevented: event.defaultPrevented, closed };
  };
  return { $, press };
}

describe('tabbing out of a floating panel', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the stops Tab visits, skipping tabindex -1 and disabled controls', () => {
    const { $ } = page();
    $('search').setAttribute('disabled', '');
    expect(tabbables(document).map((el) => el.id)).toEqual(['bell', 'user', 'link', 'tab1', 'all']);
  });

  it("moves on from the panel's last stop to the control after the opener, and closes the panel", () => {
    const { $, press } = page();
    $('all').focus();
    expect(press()).toEqual({ handled: true, prevented: true, closed: 1 });
    expect(document.activeElement?.id).toBe('user');
  });

  it("goes back to the opener from the panel's first stop with Shift+Tab", () => {
    const { $, press } = page();
    $('tab1').focus();
    expect(press(true)).toEqual({ handled: true, prevented: true, closed: 1 });
    expect(document.activeElement?.id).toBe('bell');
  });

  it('leaves Tab between the panel’s own stops to the browser', () => {
    const { $, press } = page();
    $('tab1').focus();
    expect(press()).toEqual({ handled: false, prevented: false, closed: 0 });
    expect(document.activeElement?.id).toBe('tab1');
  });
});
