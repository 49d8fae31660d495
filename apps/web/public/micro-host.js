// A minimal host page for the console as a micro-frontend (qiankun-style lifecycle). It loads
// the console's entry from the console's own index page, then calls bootstrap, mount and
// unmount; the console, mounted, hides its tab bar, header and left menu. Served at
// /micro-host; the console's pages live under /micro-host/console/….
const BASE_PATH = '/micro-host/console';

const TEXT = {
  zh: {
    title: '宿主页面（微前端示例）',
    token: '宿主令牌（可选）',
    mount: '挂载控制台',
    unmount: '卸载控制台',
    mounted: '已挂载',
    unmounted: '未挂载',
    failed: '控制台加载失败',
    empty: '控制台尚未挂载。点击“挂载控制台”把它放进本页面。',
  },
  en: {
    title: 'Host page (micro-frontend example)',
    token: 'Host token (optional)',
    mount: 'Mount the console',
    unmount: 'Unmount the console',
    mounted: 'Mounted',
    unmounted: 'Not mounted',
    failed: 'The console could not be loaded',
    empty: 'The console is not mounted. Click “Mount the console” to place it in this page.',
  },
  ja: {
    title: 'ホストページ（マイクロフロントエンドの例）',
    token: 'ホストのトークン（任意）',
    mount: 'コンソールをマウント',
    unmount: 'コンソールをアンマウント',
    mounted: 'マウント済み',
    unmounted: '未マウント',
    failed: 'コンソールを読み込めませんでした',
    empty: 'コンソールはマウントされていません。「コンソールをマウント」をクリックするとこのページに表示されます。',
  },
};
const params = new URLSearchParams(window.location.search);
const wanted = (params.get('lang') || navigator.language || 'zh').slice(0, 2).toLowerCase();
const lang = wanted in TEXT ? wanted : 'zh';
const text = TEXT[lang];
document.documentElement.lang = lang;
for (const el of document.querySelectorAll('[data-text]')) el.textContent = text[el.dataset.text];

const slot = document.getElementById('host-slot');
const empty = document.getElementById('host-empty');
const state = document.getElementById('host-state');
const mountButton = document.getElementById('host-mount');
const unmountButton = document.getElementById('host-unmount');
const tokenInput = document.getElementById('host-token');
tokenInput.value = params.get('token') || '';

// What qiankun sets before it loads a micro application: the console then waits for mount.
window.__POWERED_BY_QIANKUN__ = true;

let loading = null;
/** The console's entry, stylesheets and server-given meta tags, read from its index page. */
function loadConsole() {
  loading ??= (async () => {
    const html = await (await fetch('/', { credentials: 'same-origin' })).text();
    const page = new DOMParser().parseFromString(html, 'text/html');
    for (const meta of page.querySelectorAll('meta[name^="macro-"]')) document.head.append(document.importNode(meta, true));
    await Promise.all(
      [...page.querySelectorAll('link[rel="stylesheet"]')].map(
        (link) =>
          new Promise((resolve) => {
            const copy = document.createElement('link');
            copy.rel = 'stylesheet';
            copy.href = link.getAttribute('href');
            copy.onload = copy.onerror = resolve;
            document.head.append(copy);
          }),
      ),
    );
    await import(page.querySelector('script[type="module"][src]').getAttribute('src'));
    const app = window['macro-console'];
    await app.bootstrap();
    return app;
  })();
  return loading;
}

function show(mounted) {
  state.dataset.state = mounted ? 'mounted' : 'unmounted';
  state.textContent = mounted ? text.mounted : text.unmounted;
  mountButton.disabled = mounted;
  unmountButton.disabled = !mounted;
  empty.hidden = mounted;
}

let container = null;
async function mount() {
  mountButton.disabled = true;
  try {
    const app = await loadConsole();
    if (!window.location.pathname.startsWith(`${BASE_PATH}/`)) window.history.pushState(null, '', `${BASE_PATH}/`);
    container = document.createElement('div');
    container.id = 'macro-console-container';
    slot.append(container);
    await app.mount({ container, token: tokenInput.value.trim() || undefined, basePath: BASE_PATH });
    show(true);
  } catch (error) {
    console.error(error);
    state.textContent = text.failed;
    mountButton.disabled = false;
  }
}

async function unmount() {
  const app = await loadConsole();
  await app.unmount({ container });
  container?.remove();
  container = null;
  window.history.pushState(null, '', '/micro-host');
  show(false);
}

mountButton.addEventListener('click', () => void mount());
unmountButton.addEventListener('click', () => void unmount());
show(false);
// Opened at one of the console's pages (a reload, a link): mount at once.
if (window.location.pathname.startsWith(`${BASE_PATH}/`)) void mount();
