import './style.css';
import { RatesApiError } from '../../src/client/index.js';
import { Api, explain } from './api.js';
import type { Context, View } from './context.js';
import { depositsView } from './deposits.js';
import { h, message } from './dom.js';
import { fundsView } from './funds.js';
import { fxView } from './fx.js';
import { marketView } from './market.js';
import { pricesView } from './prices.js';
import { t, type Key, type Lang } from './i18n.js';

// The key stays in this browser's local storage and goes only to this service, in a header.
const KEY_STORE = 'rates-explorer.key';
const LANG_STORE = 'rates-explorer.lang';
const VIEWS: Record<string, View> = {
  funds: fundsView,
  prices: pricesView,
  fx: fxView,
  deposits: depositsView,
  market: marketView,
};

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const view = $('#view');
const notice = $('#notice');
const keyInput = $<HTMLInputElement>('#key');

const storedKey = localStorage.getItem(KEY_STORE) ?? '';
const state = {
  lang: (localStorage.getItem(LANG_STORE) === 'th' ? 'th' : 'en') as Lang,
  // Without a key the explorer still tries: the operator may have opened the data to calls without one.
  api: new Api(storedKey),
  key: storedKey,
  generation: 0,
  /** What to focus after the next render: a selector asked for, or the focused element's own key. */
  focus: undefined as string | undefined,
};
keyInput.value = storedKey;

function notify(text: string, kind: 'info' | 'error' = 'info', detail?: string) {
  notice.hidden = false;
  notice.className = `notice ${kind}`;
  notice.replaceChildren(h('span', {}, text), detail ? h('small', {}, detail) : '');
}

function translatePage() {
  document.documentElement.lang = state.lang;
  document.title = t(state.lang, 'title');
  document.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => {
    el.textContent = t(state.lang, el.dataset.i18n as Key);
  });
  document.querySelectorAll<HTMLElement>('[data-lang]').forEach((el) => {
    el.setAttribute('aria-pressed', String(el.dataset.lang === state.lang));
  });
}

/** A selector that finds the focused element again once the view is drawn anew. */
function focusKey(): string | undefined {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !view.contains(el)) return undefined;
  if (el.dataset.focus) return `[data-focus="${el.dataset.focus}"]`;
  return el.id ? `#${CSS.escape(el.id)}` : undefined;
}

/** Puts the focus back where the user was (or where a pick sent them), never on <body>. */
function restoreFocus(selector: string | undefined) {
  if (!selector || (document.activeElement && document.activeElement !== document.body)) return;
  const target = view.querySelector<HTMLElement>(selector);
  if (!target) return;
  if (!target.matches('a, button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
  target.focus();
}

async function render() {
  const generation = ++state.generation;
  const focus = state.focus ?? focusKey();
  state.focus = undefined;
  const [name = '', ...route] = location.hash.slice(1).split('/').map(decodeURIComponent);
  const viewName = name in VIEWS ? name : 'funds';
  document.querySelectorAll<HTMLElement>('[data-view]').forEach((el) => {
    if (el.dataset.view === viewName) el.setAttribute('aria-current', 'page');
    else el.removeAttribute('aria-current');
  });
  notice.hidden = true;
  const ctx: Context = {
    lang: state.lang,
    api: state.api,
    el: view,
    route,
    current: () => generation === state.generation,
    rerender: () => void render(),
    navigate: (hash) => (location.hash = hash),
    focusAfter: (selector) => (state.focus = selector),
    notify: (text, kind, detail) => ctx.current() && notify(text, kind, detail),
    fail: (error) => {
      // No key, and this data is not open without one: ask for a key, as for any first visit.
      if (!state.key && error instanceof RatesApiError && error.status === 401) {
        return ctx.notify(t(state.lang, 'noKey'));
      }
      const { text, detail } = explain(error, state.lang);
      ctx.notify(text, 'error', detail);
    },
  };
  if (view.childElementCount === 0) view.replaceChildren(message(t(state.lang, 'loading')));
  view.setAttribute('aria-busy', 'true');
  try {
    await VIEWS[viewName]!(ctx);
    // Shown without a key: say so, and what a key adds.
    if (!state.key && ctx.current() && notice.hidden) ctx.notify(t(state.lang, 'keyless'));
  } catch (error) {
    if (ctx.current()) {
      view.replaceChildren();
      ctx.fail(error);
    }
  } finally {
    if (ctx.current()) {
      view.removeAttribute('aria-busy');
      restoreFocus(focus);
    }
  }
}

$('#key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = keyInput.value.trim();
  if (key) localStorage.setItem(KEY_STORE, key);
  else localStorage.removeItem(KEY_STORE);
  state.api = new Api(key);
  state.key = key;
  view.replaceChildren();
  // Said once the first answer came with it; a refused key shows its error instead.
  void render().then(() => {
    if (key && notice.hidden) notify(t(state.lang, 'keySaved'));
  });
});

document.querySelectorAll<HTMLButtonElement>('[data-lang]').forEach((button) =>
  button.addEventListener('click', () => {
    state.lang = button.dataset.lang === 'th' ? 'th' : 'en';
    localStorage.setItem(LANG_STORE, state.lang);
    translatePage();
    void render();
  }),
);

window.addEventListener('hashchange', () => void render());
translatePage();
void render();
