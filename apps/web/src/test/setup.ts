import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Each test starts from an empty document (vitest runs without globals, so RTL cannot do this itself).
afterEach(cleanup);
// Preact (bpmn-js's menus) ends its effects on a 100 ms timer that calls cancelAnimationFrame:
// the jsdom files (the modeler's) keep their window until such timers have fired.
if (navigator.userAgent.includes('jsdom')) afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
// antd renders slowly in a test DOM, more so while other test files run beside it.
configure({ asyncUtilTimeout: 5000 });

/** Whether a width query (`(min-width: 768px)`, `(max-width: 575px)`, both) holds for the window's width. */
function widthMatches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

// antd's responsive helpers call matchMedia, which a test DOM may lack: width queries are
// answered for its window (1024 px wide, a desktop), the rest do not match.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's tables and text areas watch their size; a test DOM may have no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd 6 writes its theme as some thousand CSS custom properties. A test DOM resolves every one of
// them, inherited through each ancestor, whenever testing-library reads an element's style for
// a role query: a single getByRole in a table took 35 s. Tests drop the custom properties from
// antd's style elements as they are written. No rule that hides an element depends on them.
const CUSTOM_PROPERTY = /--[\w-]+:[^;}]*;?/g;
function stripCustomProperties(node: Node | null) {
  if (!(node instanceof HTMLStyleElement) || !node.textContent?.includes('--')) return;
  const stripped = node.textContent.replace(CUSTOM_PROPERTY, '');
  if (stripped !== node.textContent) node.textContent = stripped;
}
new MutationObserver((records) => {
  for (const record of records) {
    stripCustomProperties(record.target instanceof Text ? record.target.parentElement : record.target);
    record.addedNodes.forEach(stripCustomProperties);
  }
}).observe(document.head, { childList: true, subtree: true, characterData: true });

// The test wrapper (render.tsx) renders antd without writing its styles at run time (zeroRuntime),
// which cost more than half of a screen test's time. What a test reads of antd's styles is only
// whether an element shows: the document gets the `display` and `visibility` declarations of
// antd's own stylesheet (a rule that shows what another hides included), those outside media
// queries (a test window matches none of antd's).
const SHOWING = /(?:^|;)\s*((?:display|visibility)\s*:[^;]*)/g;
function showingRules(css: string): string {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '{') {
      if (depth === 0) {
        const close = css.indexOf('}', i);
        const selector = css.slice(start, i).trim();
        const nested = css.indexOf('{', i + 1);
        if (!selector.startsWith('@') && (nested === -1 || nested > close)) {
          const showing = [...css.slice(i + 1, close).matchAll(SHOWING)].map((match) => match[1].trim());
          if (showing.length) rules.push(`${selector}{${showing.join(';')}}`);
          i = close;
          start = close + 1;
          continue;
        }
      }
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) start = i + 1;
    }
  }
  return rules.join('\n');
}
if (!document.head.querySelector('style[data-test="antd-showing-rules"]')) {
  const antdShowing = document.createElement('style');
  antdShowing.dataset.test = 'antd-showing-rules';
  antdShowing.textContent = showingRules(readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'));
  document.head.append(antdShowing);
}
