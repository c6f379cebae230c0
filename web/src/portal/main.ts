import '../style.css';
import './portal.css';
import { h } from '../dom.js';
import type { Lang } from '../i18n.js';
import { accountView } from './account.js';
import { PortalApi, PortalError, type Session } from './api.js';
import { confirmView, forgotView, resetView, signinView, signupView } from './auth.js';
import { changesView } from './changes.js';
import type { PortalContext, PortalView, Revealed } from './context.js';
import { productsView } from './products.js';
import { profileView } from './profile.js';
import { requestsView } from './requests.js';
import { securityView } from './security.js';
import { isPortalKey, pt, type PortalKey } from './texts.js';
import { usageView } from './usage.js';

// The explorer's language choice, shared: a reader who picked Thai there reads the portal in Thai.
const LANG_STORE = 'rates-explorer.lang';

const VIEWS: Record<string, { view: PortalView; signedIn?: boolean }> = {
  signup: { view: signupView },
  signin: { view: signinView },
  forgot: { view: forgotView },
  reset: { view: resetView },
  confirm: { view: (ctx) => confirmView(ctx, 'confirm') },
  email: { view: (ctx) => confirmView(ctx, 'email') },
  products: { view: productsView },
  changes: { view: changesView },
  profile: { view: profileView, signedIn: true },
  usage: { view: usageView, signedIn: true },
  account: { view: accountView, signedIn: true },
  requests: { view: requestsView, signedIn: true },
  security: { view: securityView, signedIn: true },
};
/** Pages a signed-in developer has no use for: they go to their subscriptions instead. */
const SIGNED_OUT_ONLY = ['signin', 'signup', 'forgot'];

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const view = $('#view');
const notice = $('#notice');
const alertBox = $('#alert');
const nav = $('#portal-nav');
const who = $('#who');

const state = {
  lang: (localStorage.getItem(LANG_STORE) === 'th' ? 'th' : 'en') as Lang,
  api: new PortalApi(),
  session: undefined as Session | undefined,
  generation: 0,
  revealed: undefined as Revealed | undefined,
};
const t = (key: PortalKey, vars?: Record<string, string | number>) => pt(state.lang, key, vars);

function notify(text: string, kind: 'info' | 'error' = 'info') {
  const [shown, other] = kind === 'error' ? [alertBox, notice] : [notice, alertBox];
  other.hidden = true;
  other.textContent = '';
  shown.hidden = false;
  shown.textContent = text;
}

function clearNotices() {
  for (const box of [notice, alertBox]) {
    box.hidden = true;
    box.textContent = '';
  }
}

/** A failed call in the reader's language, by its code; an expired session or token is asked anew. */
function explain(error: unknown): string {
  if (!(error instanceof PortalError)) return t('err_other', { status: '?' });
  const key = `err_${error.code}`;
  if (error.code === 'rate_limited') return t('err_rate_limited', { s: error.retryAfterSeconds ?? 60 });
  return isPortalKey(key) ? t(key) : t('err_other', { status: error.status });
}

function fail(error: unknown) {
  notify(explain(error), 'error');
  if (error instanceof PortalError && ['csrf', 'unauthorized'].includes(error.code)) {
    // The session ended (elsewhere, or idle): ask it anew so the next try carries a valid token.
    void loadSession().then(() => drawHeader());
  }
}

async function loadSession() {
  state.session = await state.api.session();
}

function drawHeader() {
  document.documentElement.lang = state.lang;
  document.title = t('title');
  document.querySelectorAll<HTMLElement>('[data-t]').forEach((el) => {
    el.textContent = t(el.dataset.t as PortalKey);
  });
  document.querySelectorAll<HTMLElement>('[data-lang]').forEach((el) => {
    el.setAttribute('aria-pressed', String(el.dataset.lang === state.lang));
  });
  const developer = state.session?.developer;
  const link = (hash: string, key: PortalKey) => h('a', { href: `#${hash}`, 'data-view': hash }, t(key));
  nav.replaceChildren(
    link('products', 'navProducts'),
    ...(developer
      ? [link('profile', 'navProfile'), link('account', 'navAccount'), link('security', 'navSecurity')]
      : []),
    link('changes', 'navChanges'),
    ...(developer
      ? []
      : [
          link('signin', 'navSignIn'),
          ...(state.session?.portal === 'off' ? [] : [link('signup', 'navSignUp')]),
        ]),
    h('a', { href: '/', class: 'docs' }, t('explorer')),
    h('a', { href: '/docs' }, t('docs')),
    // The status page is in the portal's language (it has no script to read the choice kept here).
    h('a', { href: `/status?lang=${state.lang}`, id: 'status-link' }, t('statusPage')),
  );
  who.replaceChildren(
    ...(developer
      ? [
          h('span', { id: 'signed-in-as' }, t('signedInAs', { name: developer.name })),
          h('button', { type: 'button', id: 'signout', onclick: () => void signOut() }, t('signOut')),
        ]
      : []),
  );
}

async function signOut() {
  try {
    await state.api.signout();
    await refresh('signin', t('signedOut'));
  } catch (error) {
    fail(error);
  }
}

/** Asks the session anew, then draws `hash` (in place of the one in the address bar) or the same page. */
async function refresh(hash?: string, message?: string) {
  await loadSession();
  // replaceState: a used link's token does not stay in the history.
  if (hash !== undefined) history.replaceState(null, '', `#${hash}`);
  await render();
  if (message) notify(message);
}

async function render() {
  const generation = ++state.generation;
  if (!state.session) await loadSession();
  // Another page was asked for meanwhile: it is drawn by its own call, not over by this late one.
  if (generation !== state.generation) return;
  const session = state.session!;
  drawHeader();
  let [name = '', ...route] = location.hash.slice(1).split('/');
  route = route.map((part) => decodeURIComponent(part));
  if (!(name in VIEWS)) name = session.developer ? 'profile' : 'products';
  if (session.developer && SIGNED_OUT_ONLY.includes(name)) name = 'profile';
  let entry = VIEWS[name]!;
  if (entry.signedIn && !session.developer) {
    // Sign in first, then come back here.
    route = [location.hash.slice(1) || name];
    name = 'signin';
    entry = VIEWS.signin!;
  }
  nav.querySelectorAll<HTMLElement>('[data-view]').forEach((el) => {
    if (el.dataset.view === name) el.setAttribute('aria-current', 'page');
    else el.removeAttribute('aria-current');
  });
  // Keys shown once: gone when the reader goes anywhere but their subscriptions.
  if (name !== 'profile') state.revealed = undefined;
  const ctx: PortalContext = {
    lang: state.lang,
    api: state.api,
    session,
    el: view,
    route,
    t,
    current: () => generation === state.generation,
    navigate: async (hash, message) => {
      // pushState fires no hashchange: the page is drawn here, then the message told.
      history.pushState(null, '', `#${hash}`);
      clearNotices();
      await render();
      if (message) notify(message);
    },
    refresh,
    notify: (text, kind) => ctx.current() && notify(text, kind),
    fail: (error) => ctx.current() && fail(error),
    reveal: (revealed) => (state.revealed = revealed),
    takeRevealed: () => {
      const revealed = state.revealed;
      state.revealed = undefined;
      return revealed;
    },
  };
  if (view.childElementCount === 0) view.replaceChildren(h('p', { class: 'message' }, t('loading')));
  view.setAttribute('aria-busy', 'true');
  try {
    await entry.view(ctx);
  } catch (error) {
    if (ctx.current()) {
      view.replaceChildren();
      fail(error);
    }
  } finally {
    if (ctx.current()) {
      view.removeAttribute('aria-busy');
      // A new page: the focus goes to its heading (the new keys' when there are), as a screen reader expects.
      const focusable =
        view.querySelector<HTMLElement>('#keys-title') ?? view.querySelector<HTMLElement>('#view-title');
      if (!view.contains(document.activeElement)) focusable?.focus();
    }
  }
}

document.querySelectorAll<HTMLButtonElement>('[data-lang]').forEach((button) =>
  button.addEventListener('click', () => {
    state.lang = button.dataset.lang === 'th' ? 'th' : 'en';
    localStorage.setItem(LANG_STORE, state.lang);
    void render();
  }),
);

window.addEventListener('hashchange', () => {
  clearNotices();
  void render();
});
void render().catch((error: unknown) => fail(error));
