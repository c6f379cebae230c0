import type { FundPriceListItem } from '../../src/client/index.js';
import { text, type Context } from './context.js';
import { h } from './dom.js';

const MAX_RESULTS = 12;
let query = '';

/** Funds whose number starts with, or whose English or Thai name contains, what was typed. */
function matches(funds: FundPriceListItem[], typed: string): FundPriceListItem[] {
  const q = typed.trim().toLowerCase();
  if (q === '') return [];
  return funds.filter(
    (f) => f.mf_iNumber.startsWith(q) || f.mf_sEng.toLowerCase().includes(q) || f.mf_sTha.includes(q),
  );
}

/**
 * The search box: pick from the matches, or press Enter to open the first one, or anything typed
 * when nothing matches (a short code such as B-TREASURY, which the API accepts as well).
 */
export function fundSearch(ctx: Context, funds: FundPriceListItem[]): HTMLElement {
  const open = (code: string) => {
    query = '';
    ctx.navigate(`#funds/${encodeURIComponent(code)}`);
  };
  const input = h('input', {
    id: 'fund-search',
    type: 'search',
    value: query,
    placeholder: text(ctx, 'searchHint'),
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const list = h('ul', { class: 'results', id: 'fund-results' });
  const update = () => {
    query = input.value;
    const found = matches(funds, query).slice(0, MAX_RESULTS);
    const name = (f: FundPriceListItem) => (ctx.lang === 'th' ? f.mf_sTha : f.mf_sEng);
    list.replaceChildren(
      ...found.map((f) =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', onclick: () => open(f.mf_iNumber) },
            h('span', { class: 'code' }, f.mf_iNumber),
            ' ',
            name(f),
          ),
        ),
      ),
    );
    if (query.trim() !== '' && found.length === 0) {
      list.append(h('li', { class: 'none' }, text(ctx, 'noMatch', { q: query.trim() })));
    }
  };
  input.addEventListener('input', update);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || input.value.trim() === '') return;
    event.preventDefault();
    open(matches(funds, input.value)[0]?.mf_iNumber ?? input.value.trim());
  });
  update();
  return h(
    'div',
    { class: 'search' },
    h('label', { for: 'fund-search' }, text(ctx, 'searchLabel')),
    input,
    list,
  );
}
