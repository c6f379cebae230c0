import { RatesApiError, type FxBannerRow, type FxFamily } from '../../src/client/index.js';
import { day, text, type Context } from './context.js';
import { fromDayFirst } from './dates.js';
import { explain } from './api.js';
import { foldable, h } from './dom.js';
import { currencyName } from './currencies.js';
import { formatNumber, type Key } from './i18n.js';
import { decimalsFor } from './numbers.js';

const formatRate = (rate: number) => formatNumber(rate, decimalsFor([rate], 4, 2));

/**
 * Baht, and the ISO codes of the families the bank quotes both transfer rates for in the latest rates
 * (USD1, USD5 and USD50 are all USD): Convert buys at the one and sells at the other, and refuses a
 * currency quoted for notes only (LAK, MMK), so those are not offered.
 */
function currencies(latest: FxBannerRow[]): string[] {
  const codes = latest
    .filter((r) => r.TT !== '' && r.Bill_DD_TT !== '')
    .map((r) => r.Family.replace(/\d+$/, ''));
  return ['THB', ...new Set(codes.filter((c) => c !== 'THB'))];
}

const DEFAULT_PAIR = { from: 'USD', to: 'THB' };
const DEFAULT_PAIR_TEXT = `${DEFAULT_PAIR.from}-${DEFAULT_PAIR.to}`;
const DEFAULT_AMOUNT = '100';
let last = { amount: DEFAULT_AMOUNT, ...DEFAULT_PAIR };

/** The largest amount Convert takes (10^12). */
const MAX_AMOUNT = 1e12;

/**
 * What is wrong with an amount as typed (grouping commas and spaces left out), in the reader's words,
 * before the service is asked: it would refuse the same amounts in its own.
 */
function amountProblem(amount: string): Key | undefined {
  if (amount === '') return 'amountMissing';
  if (!/^(\d{1,13}(\.\d{0,10})?|\.\d{1,10})$/.test(amount) || Number(amount) <= 0) return 'amountInvalid';
  return Number(amount) > MAX_AMOUNT ? 'amountTooLarge' : undefined;
}

/** The converter's amount and pair as a link writes them: amount=100&pair=USD-THB. */
export const conversionParams = () => ({ amount: last.amount, pair: `${last.from}-${last.to}` });

/**
 * The amount and pair a link asks for; anything else leaves them as they were. True when the link asks
 * for other than the usual 100 USD to THB.
 */
export function readConversion(params: URLSearchParams): boolean {
  const amount = params.get('amount') ?? '';
  if (/^\d{1,13}(\.\d{1,6})?$/.test(amount)) last.amount = amount;
  const pair = /^([A-Z]{3})-([A-Z]{3})$/.exec(params.get('pair') ?? '');
  if (pair) last = { ...last, from: pair[1]!, to: pair[2]! };
  return (amount !== '' && amount !== DEFAULT_AMOUNT) || (pair !== null && pair[0] !== DEFAULT_PAIR_TEXT);
}

/** How long typing may pause before the amount is converted: a call per pause, not per key. */
const TYPING_MS = 300;

/**
 * Which of the bank's rates Convert used (contract notes: the website): its buying transfer rate into
 * baht, its selling transfer rate out of it, both through baht between two foreign currencies; for
 * US dollars the 50-100 notes' family, the one quoted for transfers.
 */
function rateUsed(ctx: Context, families: FxFamily[], from: string, to: string): string {
  const family = (code: string) => {
    const f = families.find((x) => x.Family === code) ?? families.find((x) => x.Family.startsWith(code));
    return f ? `${f.Family} – ${currencyName(f.Family, f.Description, ctx.lang)}` : code;
  };
  const parts = [
    ...(from === 'THB'
      ? []
      : [text(ctx, 'rateUsedBuying', { family: family(from === 'USD' ? 'USD50' : from) })]),
    ...(to === 'THB' ? [] : [text(ctx, 'rateUsedSelling', { family: family(to === 'USD' ? 'USD50' : to) })]),
  ];
  return text(ctx, 'rateUsed', { rates: parts.join(ctx.lang === 'th' ? ' และ ' : ' and ') });
}

/**
 * The currency converter: the service's Convert (the bank's buying TT rate to baht, selling from baht),
 * between the currencies `latest` (the latest rates) lets it convert.
 */
export function converter(
  ctx: Context,
  families: FxFamily[],
  latest: FxBannerRow[],
  onChange?: () => void,
): HTMLElement {
  const codes = currencies(latest);
  // A link's pair that cannot be converted gives way to the usual one.
  if (!codes.includes(last.from) || !codes.includes(last.to)) last = { ...last, ...DEFAULT_PAIR };
  const select = (id: string, label: string, value: string) =>
    h(
      'select',
      { id, 'aria-label': label },
      ...codes.map((c) => h('option', { value: c, selected: c === value }, c)),
    );
  const amount = h('input', {
    id: 'convert-amount',
    type: 'text',
    inputmode: 'decimal',
    value: last.amount,
    'aria-label': text(ctx, 'amount'),
    size: 12,
  });
  const from = select('convert-from', text(ctx, 'from'), last.from);
  const to = select('convert-to', text(ctx, 'to'), last.to);
  const result = h('p', { id: 'convert-result', class: 'figure', 'aria-live': 'polite' });
  const details = h('p', { id: 'convert-details', class: 'meta' });
  let asked = 0;
  let typing: ReturnType<typeof setTimeout> | undefined;
  // The question whose answer is shown or on its way: a click after typing asks nothing new.
  let settled = '';
  const convert = async () => {
    clearTimeout(typing);
    const question = { amount: amount.value.replace(/[,\s]/g, ''), from: from.value, to: to.value };
    const key = `${question.amount} ${question.from} ${question.to}`;
    if (key === settled) return;
    settled = key;
    last = question;
    onChange?.();
    const mine = ++asked;
    const refuse = (said: string) => {
      details.textContent = '';
      result.className = 'message error';
      result.textContent = said;
    };
    const problem = amountProblem(last.amount);
    if (problem) return refuse(text(ctx, problem));
    try {
      const answer = await ctx.api.client.convert(last.amount, last.from, last.to);
      // An answer to an amount since typed over is dropped: the latest typed shows.
      if (mine !== asked) return;
      details.textContent = [
        answer.rate > 0
          ? text(ctx, 'inverseRate', { from: answer.to, to: answer.from, rate: formatRate(1 / answer.rate) })
          : '',
        rateUsed(ctx, families, answer.from, answer.to),
      ].join(' ');
      result.className = 'figure';
      result.textContent = text(ctx, 'converted', {
        amount: formatNumber(Number(last.amount), 2),
        from: answer.from,
        result: formatNumber(answer.convertedAmount, 2),
        to: answer.to,
        rate: String(answer.rate),
        date: day(ctx, fromDayFirst(answer.Ddate)),
        time: answer.DTime,
      });
    } catch (error) {
      // Only a refusal of the question itself is final; anything else may be asked again.
      const refused = error instanceof RatesApiError && error.status === 400;
      if (!refused) settled = '';
      if (mine !== asked) return;
      // The service's own words ("Invalid amount: expected ...") are for developers, not said here.
      if (!refused) return refuse(explain(error, ctx.lang, ctx.api.keyless).text);
      const aboutAmount = /amount/i.test((error as RatesApiError).message);
      refuse(text(ctx, aboutAmount ? 'amountInvalid' : 'cannotConvert'));
    }
  };
  // Converted as the reader types (after a short pause) and as they pick currencies.
  amount.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => ctx.current() && void convert(), TYPING_MS);
  });
  from.addEventListener('change', () => void convert());
  to.addEventListener('change', () => void convert());
  const swap = h(
    'button',
    {
      type: 'button',
      id: 'convert-swap',
      'aria-label': text(ctx, 'swap'),
      title: text(ctx, 'swap'),
      onclick: () => {
        [from.value, to.value] = [to.value, from.value];
        void convert();
      },
    },
    '⇄',
  );
  if (ctx.current()) queueMicrotask(() => ctx.current() && void convert());
  return foldable(
    'converter',
    'converter',
    text(ctx, 'converterTitle'),
    h('p', { class: 'meta' }, text(ctx, 'converterHint')),
    h(
      'form',
      { class: 'range', onsubmit: (e: Event) => (e.preventDefault(), void convert()) },
      amount,
      from,
      swap,
      to,
      h('button', { type: 'submit', id: 'convert' }, text(ctx, 'convert')),
    ),
    result,
    details,
  );
}
