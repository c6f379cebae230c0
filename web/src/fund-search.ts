import type { FundNameItem } from '../../src/client/index.js';
import { text, type Context } from './context.js';
import { h } from './dom.js';

const MAX_RESULTS = 12;
let query = '';

/** The fund's short code as its page link ends with it (…/fund/B-TREASURY), lower-cased; '' if none. */
export function shortCode(fund: FundNameItem): string {
  const last =
    fund.mf_linkEng
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  return /^[A-Za-z][\w&+.()-]*$/.test(last) ? last.toLowerCase() : '';
}

const squeezed = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a short code, or its part after a dash, starts with what was typed, case and dashes
 * ignored: 'B-GOLD', 'bgold' and 'gold' find B-GOLD and B-GOLD-H; 'B-GOLD' does not find SCB-GOLD.
 */
export function codeMatches(code: string, typed: string): boolean {
  const q = squeezed(typed);
  const parts = code.split('-');
  return q !== '' && parts.some((_, i) => squeezed(parts.slice(i).join('')).startsWith(q));
}

/** Funds whose number or short code starts with, or whose English or Thai name contains, what was typed. */
export function matches(funds: FundNameItem[], typed: string): FundNameItem[] {
  const q = typed.trim().toLowerCase();
  if (q === '') return [];
  return funds.filter(
    (f) =>
      f.mf_iNumber.startsWith(q) ||
      codeMatches(shortCode(f), q) ||
      f.mf_sEng.toLowerCase().includes(q) ||
      f.mf_sTha.includes(q),
  );
}

/**
 * The search box, a combobox (WAI-ARIA): type, move through the matches with the arrow keys, Enter
 * opens the active one (the first by default). When nothing matches, the one option opens what was
 * typed, since the API also knows funds by codes this list cannot show.
 */
export function fundSearch(ctx: Context, funds: FundNameItem[]): HTMLElement {
  const open = (code: string) => {
    query = '';
    ctx.focusAfter('#fund-name');
    ctx.navigate(`#funds/${encodeURIComponent(code)}`);
  };
  const input = h('input', {
    id: 'fund-search',
    type: 'text',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': 'fund-results',
    'aria-describedby': 'fund-results-count',
    value: query,
    placeholder: text(ctx, 'searchHint'),
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const list = h('ul', {
    class: 'results',
    id: 'fund-results',
    role: 'listbox',
    'aria-label': text(ctx, 'searchLabel'),
  });
  const count = h('span', { id: 'fund-results-count', class: 'visually-hidden', 'aria-live': 'polite' });
  let codes: string[] = [];
  let active = -1;

  const setActive = (index: number) => {
    active = index;
    list
      .querySelectorAll('[role=option]')
      .forEach((li, i) => li.setAttribute('aria-selected', String(i === index)));
    if (index >= 0) {
      input.setAttribute('aria-activedescendant', `fund-option-${index}`);
      list.children[index]?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const option = (index: number, code: string, ...content: (Node | string)[]) =>
    h(
      'li',
      { role: 'option', id: `fund-option-${index}`, 'aria-selected': 'false', onclick: () => open(code) },
      ...content,
    );

  const update = () => {
    query = input.value;
    const typed = query.trim();
    const found = matches(funds, query).slice(0, MAX_RESULTS);
    const name = (f: FundNameItem) => (ctx.lang === 'th' ? f.mf_sTha : f.mf_sEng);
    codes = found.map((f) => f.mf_iNumber);
    const options = found.map((f, i) =>
      option(i, f.mf_iNumber, h('span', { class: 'code' }, f.mf_iNumber), ' ', name(f)),
    );
    if (typed !== '' && found.length === 0) {
      codes = [typed];
      options.push(option(0, typed, text(ctx, 'openCode', { q: typed })));
    }
    list.replaceChildren(...options);
    input.setAttribute('aria-expanded', String(options.length > 0));
    count.textContent = typed === '' ? '' : text(ctx, 'resultsCount', { n: found.length });
    setActive(-1);
  };
  input.addEventListener('input', update);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (codes.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 && step < 0 ? codes.length - 1 : (active + step + codes.length) % codes.length);
    } else if (event.key === 'Enter' && codes.length > 0) {
      event.preventDefault();
      open(codes[Math.max(active, 0)]!);
    } else if (event.key === 'Escape') {
      input.value = '';
      update();
    }
  });
  update();
  return h(
    'div',
    { class: 'search' },
    h('label', { for: 'fund-search' }, text(ctx, 'searchLabel')),
    input,
    count,
    list,
  );
}
