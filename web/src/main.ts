import './style.css';
import './features.css';
import './phone.css';
import { RatesApiError } from '../../src/client/index.js';
import { Api, explain } from './api.js';
import { addressAsOf, asOfInAddress, drawAsOf } from './as-of.js';
import type { Context, View } from './context.js';
import { depositsView } from './deposits.js';
import { h, message } from './dom.js';
import { keyAlive } from './key-check.js';
import { fundsView } from './funds.js';
import { fxView } from './fx.js';
import { marketView } from './market.js';
import { pricesView } from './prices.js';
import { ProblemBox } from './problem.js';
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
  // Loaded when first opened: the first view stays light.
  compare: async (ctx) => (await import('./compare.js')).compareView(ctx),
};

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const view = $('#view');
const notice = $('#notice');
const keyInput = $<HTMLInputElement>('#key');
/** A refused key is said beside the key field, whatever the view shows. */
const keyProblem = h('p', { id: 'key-problem', class: 'message error key-problem', role: 'alert' });
$('#key-form').after(keyProblem);
const problem = new ProblemBox(view);

const asOfBar = $('#as-of');

/**
 * The API for `key`, as of `asOf` (undefined: the latest), whose waits after a 429 are told beside the
 * part of the view concerned.
 */
function apiFor(key: string, asOf: Date | undefined): Api {
  const api = new Api(key, asOf);
  api.onWait = (seconds) => {
    problem.tell('waiting', problem.acting() ?? state.part, t(state.lang, 'retrying', { s: seconds }));
    return () => problem.clear('waiting');
  };
  return api;
}

const storedKey = localStorage.getItem(KEY_STORE) ?? '';
const linkedAsOf = asOfInAddress();
const state = {
  lang: (localStorage.getItem(LANG_STORE) === 'th' ? 'th' : 'en') as Lang,
  /** The instant the page shows data as of (the address's ?asOf=); undefined: the latest. */
  asOf: linkedAsOf,
  // Without a key the explorer still tries: the operator may have opened the data to calls without one.
  api: apiFor(storedKey, linkedAsOf),
  key: storedKey,
  /**
   * The key was kept in this browser before this page opened (by the portal, or saved here earlier),
   * not entered on it since: refused, it stopped working (regenerated, ended, its subscription ended).
   */
  keyKept: storedKey !== '',
  generation: 0,
  /** What to focus after the next render: a selector asked for, or the focused element's own key. */
  focus: undefined as string | undefined,
  /** The view whose data the page shows: a failed render of the same view keeps it. */
  shown: undefined as string | undefined,
  /** The part of the view the reader acted in when the latest render began: its failure is told there. */
  part: undefined as HTMLElement | undefined,
};
keyInput.value = storedKey;

/** The "as of" bar in the page's language, for the instant shown. */
const drawAsOfBar = () =>
  drawAsOf(asOfBar, state.lang, state.asOf, (at) => {
    // A step of the Back button: the address before showed the data as of another instant.
    history.pushState(history.state, '', addressAsOf(at));
    showAsOf();
    asOfBar.querySelector<HTMLElement>(at ? '#as-of-shown' : '#as-of-pick > summary')?.focus();
  });

/** Shows every view as of the address's instant: a new API (no answer kept for another), drawn anew. */
function showAsOf() {
  state.asOf = asOfInAddress();
  state.api = apiFor(state.key, state.asOf);
  drawAsOfBar();
  void render();
}

function notify(text: string, kind: 'info' | 'error' = 'info', detail?: string) {
  notice.hidden = false;
  notice.className = `notice ${kind}`;
  notice.replaceChildren(h('span', {}, text), detail ? serviceWords(detail) : '');
}

/** The service's own words beside the page's (for support): English, marked so on a Thai page too. */
const serviceWords = (words: string) => h('small', { lang: 'en' }, words);

/** The text of `key` with the developer portal, linked at `href`, in place of its {portal}. */
function withPortalLink(key: 'noKey' | 'keptKeyStopped' | 'keptKeyNotHere', href: string): HTMLElement {
  const [before, after] = t(state.lang, key, { portal: '\0' }).split('\0') as [string, string?];
  return h('span', {}, before, h('a', { href }, t(state.lang, 'portalName')), after ?? '');
}

/** The first view without a key: where to get one, the developer portal as a link, said what it is. */
function askForKey() {
  notice.hidden = false;
  notice.className = 'notice info';
  notice.replaceChildren(withPortalLink('noKey', '/portal'));
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
  // The status page is in the explorer's language (it has no script to read the choice kept here).
  $<HTMLAnchorElement>('#status-link').href = `/status?lang=${state.lang}`;
}

/**
 * Tells a failed call beside `part` (a refused key beside the key field); `retry`: after a failed
 * render, with a Try again button and a word that the figures shown are from before.
 */
function fail(error: unknown, part: HTMLElement | undefined, retry?: { kept: boolean; focus?: string }) {
  if (error instanceof RatesApiError && error.status === 401) {
    // No key, and this data is not open without one: ask for a key, as for any first visit.
    if (!state.key) return askForKey();
    const words = serviceWords(error.message);
    if (!state.keyKept) return keyProblem.replaceChildren(h('span', {}, t(state.lang, 'badKey')), ' ', words);
    // A kept key refused: the portal's key check tells one that stopped working (where to get another:
    // the portal's subscriptions) from a live one whose subscription does not open this data (the same 401).
    const { key, generation } = state;
    void keyAlive(key).then((alive) => {
      // Drawn anew since, or another key: that render says what it found.
      if (generation !== state.generation || key !== state.key || !state.keyKept) return;
      const said = withPortalLink(alive ? 'keptKeyNotHere' : 'keptKeyStopped', '/portal#profile');
      keyProblem.replaceChildren(said, ' ', words);
    });
    return;
  }
  const { text, detail } = explain(error, state.lang, !state.key);
  const again = () => {
    state.focus = retry?.focus;
    void render();
  };
  problem.tell(
    'error',
    part,
    h('span', {}, text),
    retry?.kept ? h('span', {}, ` ${t(state.lang, 'shownKept')}`) : '',
    detail ? serviceWords(detail) : '',
    retry ? h('button', { type: 'button', id: 'view-retry', onclick: again }, t(state.lang, 'retry')) : '',
  );
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

/**
 * The view, its path and its settings from the location hash: '#fx?currency=EUR&period=1Y' or
 * '#funds/101?period=3Y'. Every view writes what it shows there (ctx.keep), so a reload or a shared
 * link opens the same view.
 */
function readHash() {
  const [path = '', query = ''] = location.hash.slice(1).split('?');
  const [name = '', ...route] = path.split('/').map(decodeURIComponent);
  return { name, route, params: new URLSearchParams(query) };
}

/**
 * `linked`: drawn from a link (a load, a link followed, back or forward), not from a change in the view.
 * True once the view is drawn; on a failure, what was shown of the same view stays.
 */
async function render(linked = false): Promise<boolean> {
  const generation = ++state.generation;
  const focus = state.focus ?? focusKey();
  state.focus = undefined;
  state.part = problem.acting();
  const part = state.part;
  const { name, route, params } = readHash();
  const viewName = name in VIEWS ? name : 'funds';
  document.querySelectorAll<HTMLElement>('[data-view]').forEach((el) => {
    if (el.dataset.view !== viewName) return el.removeAttribute('aria-current');
    el.setAttribute('aria-current', 'page');
    // A phone's tabs scroll sideways: the current one in sight (sideways only: the page stays put).
    const tabs = el.parentElement!.getBoundingClientRect();
    const tab = el.getBoundingClientRect();
    if (tab.left < tabs.left || tab.right > tabs.right) el.parentElement!.scrollLeft += tab.left - tabs.left;
  });
  notice.hidden = true;
  const ctx: Context = {
    lang: state.lang,
    api: state.api,
    el: view,
    route,
    params,
    linked,
    keep: (path, settings) => {
      if (!ctx.current()) return;
      const query = new URLSearchParams(
        Object.entries(settings).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
      ).toString();
      const hash = `#${[viewName, ...path].map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`;
      // Replaced, not pushed: each change in a view is not a step of the Back button.
      if (hash !== location.hash) history.replaceState(history.state, '', hash);
    },
    current: () => generation === state.generation,
    rerender: () => void render(),
    navigate: (hash) => (location.hash = hash),
    focusAfter: (selector) => (state.focus = selector),
    notify: (text, kind, detail) => ctx.current() && notify(text, kind, detail),
    // A part's own call (a download, a month of the day picker): told where the reader is.
    fail: (error, near) => ctx.current() && fail(error, near ?? problem.acting() ?? part),
  };
  if (view.childElementCount === 0) view.replaceChildren(message(t(state.lang, 'loading')));
  view.setAttribute('aria-busy', 'true');
  try {
    await VIEWS[viewName]!(ctx);
    if (!ctx.current()) return false;
    state.shown = viewName;
    keyProblem.replaceChildren();
    // Shown without a key: say so, and what a key adds.
    if (!state.key && notice.hidden) ctx.notify(t(state.lang, 'keyless'));
    return true;
  } catch (error) {
    if (!ctx.current()) return false;
    // What this view showed stays (another view's would mislead); the failure is said beside the
    // part the reader acted in, with a way to ask again.
    problem.clear();
    const kept = state.shown === viewName && view.childElementCount > 0;
    if (!kept) {
      view.replaceChildren();
      state.shown = undefined;
    }
    fail(error, part, { kept, focus });
    return false;
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
  state.api = apiFor(key, state.asOf);
  state.key = key;
  state.keyKept = false;
  // The view stays: drawn anew with the new key, or kept if the key is refused (said beside it).
  // Said once the first answer came with it.
  void render().then((drawn) => {
    if (drawn && key && notice.hidden) notify(t(state.lang, 'keySaved'));
  });
});

document.querySelectorAll<HTMLButtonElement>('[data-lang]').forEach((button) =>
  button.addEventListener('click', () => {
    state.lang = button.dataset.lang === 'th' ? 'th' : 'en';
    localStorage.setItem(LANG_STORE, state.lang);
    translatePage();
    drawAsOfBar();
    void render();
  }),
);

window.addEventListener('hashchange', () => void render(true));
// Back or forward to an address as of another instant (a change of view alone is a hashchange).
window.addEventListener('popstate', () => {
  if (asOfInAddress()?.getTime() !== state.asOf?.getTime()) showAsOf();
});
translatePage();
drawAsOfBar();
void render(true);
