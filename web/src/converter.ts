import { RatesApiError, type FxBannerRow, type FxFamily } from '../../src/client/index.js';
import { asOfText, day as dayText, text, type Context } from './context.js';
import { fromDayFirst } from './dates.js';
import { explain } from './api.js';
import { dateField } from './date-field.js';
import { foldable, h } from './dom.js';
import { currencyName } from './currencies.js';
import { closingRates } from './fx-days.js';
import { amountProblem, DEFAULT_PAIR, last, type Question } from './converter-question.js';
import { BAHT, convertAt, currenciesFor, KINDS, type RateKind } from './fx-conversion.js';
import { formatNumber } from './i18n.js';
import { decimalsFor } from './numbers.js';

const formatRate = (rate: number) => formatNumber(rate, decimalsFor([rate], 4, 2));

/** How long typing may pause before the amount is converted: a call per pause, not per key. */
const TYPING_MS = 300;

/** A family's abbreviation and name, as the rate used is told: 'USD50 – US Dollar 50-100'. */
function familyName(ctx: Context, families: FxFamily[], code: string): string {
  const f = families.find((x) => x.Family === code) ?? families.find((x) => x.Family.startsWith(code));
  return f ? `${f.Family} – ${currencyName(f.Family, f.Description, ctx.lang)}` : code;
}

/**
 * Which of the bank's rates a conversion used: its buying rate of the kind into baht, its selling rate
 * out of it, both through baht between two foreign currencies. `from` and `to` are the families used
 * (none for baht).
 */
function rateUsed(ctx: Context, families: FxFamily[], kind: RateKind, from?: string, to?: string): string {
  const buying = kind === 'transfer' ? 'rateUsedBuying' : (`rateUsedBuying_${kind}` as const);
  const selling = kind === 'notes' ? 'rateUsedSelling_notes' : 'rateUsedSelling';
  const parts = [
    ...(from ? [text(ctx, buying, { family: familyName(ctx, families, from) })] : []),
    ...(to ? [text(ctx, selling, { family: familyName(ctx, families, to) })] : []),
  ];
  return text(ctx, 'rateUsed', { rates: parts.join(ctx.lang === 'th' ? ' และ ' : ' and ') });
}

/** What a conversion says: the figures, the day and round of the rates, and which rates. */
interface Answer {
  convertedAmount: number;
  rate: number;
  from: string;
  to: string;
  Ddate: string;
  DTime: string;
  /** The families whose rates were used (none for baht). */
  fromFamily?: string;
  toFamily?: string;
}

/** Convert's family for a currency (contract notes: the website): US dollars at the 50-100 notes' rates. */
const convertFamily = (code: string) => (code === BAHT ? undefined : code === 'USD' ? 'USD50' : code);

/**
 * The currency converter: at the latest transfer rates the service's Convert (the bank's buying TT
 * rate to baht, selling from baht); at a past day's rates or another kind of rate (sight bills, bank
 * notes) the same arithmetic on that day's closing rates (Getfxrates), as xe.com and Frankfurter
 * convert at a past day's rates. `latest`: the latest rates, every family.
 */
export function converter(
  ctx: Context,
  families: FxFamily[],
  latest: FxBannerRow[],
  onChange?: () => void,
): HTMLElement {
  const lastDay = latest[0] ? fromDayFirst(latest[0].Ddate) : undefined;
  // A day on or after the latest with rates converts at the latest.
  const pastDay = (iso: string | undefined) => (iso && lastDay && iso < lastDay ? iso : undefined);
  last.rates = pastDay(last.rates);
  const select = (id: string, label: string) => h('select', { id, 'aria-label': label });
  const amount = h('input', {
    id: 'convert-amount',
    type: 'text',
    inputmode: 'decimal',
    value: last.amount,
    'aria-label': text(ctx, 'amount'),
    size: 12,
  });
  const from = select('convert-from', text(ctx, 'from'));
  const to = select('convert-to', text(ctx, 'to'));
  /**
   * Offers the currencies `codes`; a pair not among them (a link's, or one of another kind of rate)
   * gives way to the usual pair. True when it gave way to a pair offered.
   */
  const offer = (codes: string[], pick: { from: string; to: string }) => {
    const kept = codes.includes(pick.from) && codes.includes(pick.to);
    const pair = kept ? pick : DEFAULT_PAIR;
    for (const [el, value] of [
      [from, pair.from],
      [to, pair.to],
    ] as const) {
      el.replaceChildren(...codes.map((c) => h('option', { value: c, selected: c === value }, c)));
      el.value = value;
    }
    // Asked anew only with a pair offered: a day without the usual pair is told it cannot convert.
    return !kept && codes.includes(pair.from) && codes.includes(pair.to);
  };
  offer(currenciesFor(latest, last.kind), last);
  const kind = h(
    'select',
    { id: 'convert-kind', 'aria-label': text(ctx, 'convertKind') },
    ...KINDS.map((k) => h('option', { value: k, selected: k === last.kind }, text(ctx, `kind_${k}`))),
  );
  const day = dateField(ctx.lang, {
    id: 'convert-day',
    label: text(ctx, 'convertDay'),
    value: last.rates ?? lastDay ?? '2026-01-01',
  });
  const result = h('p', { id: 'convert-result', class: 'figure', 'aria-live': 'polite' });
  const details = h('p', { id: 'convert-details', class: 'meta' });
  let asked = 0;
  let typing: ReturnType<typeof setTimeout> | undefined;
  // The question whose answer is shown or on its way: a click after typing asks nothing new.
  let settled = '';
  const refuse = (said: string) => {
    details.textContent = '';
    result.className = 'message error';
    result.textContent = said;
  };
  const show = (question: Question, answer: Answer, notes: string[]) => {
    details.textContent = [
      answer.rate > 0
        ? text(ctx, 'inverseRate', { from: answer.to, to: answer.from, rate: formatRate(1 / answer.rate) })
        : '',
      rateUsed(ctx, families, question.kind, answer.fromFamily, answer.toFamily),
      ...notes,
    ].join(' ');
    result.className = 'figure';
    result.textContent = text(ctx, 'converted', {
      amount: formatNumber(Number(question.amount), 2),
      from: answer.from,
      result: formatNumber(answer.convertedAmount, 2),
      to: answer.to,
      rate: String(answer.rate),
      date: dayText(ctx, fromDayFirst(answer.Ddate)),
      time: answer.DTime,
    });
  };
  const convert = async (): Promise<void> => {
    clearTimeout(typing);
    // An emptied day field: the latest rates.
    const picked = day.input.value.trim() === '' ? lastDay : day.value();
    const question: Question = {
      amount: amount.value.replace(/[,\s]/g, ''),
      from: from.value,
      to: to.value,
      rates: pastDay(picked),
      kind: kind.value as RateKind,
    };
    const key = JSON.stringify(question);
    if (key === settled) return;
    settled = key;
    Object.assign(last, question);
    onChange?.();
    const mine = ++asked;
    if (!picked)
      return refuse(text(ctx, 'badDay', { example: ctx.lang === 'th' ? '1/1/2569' : '1 Jan 2026' }));
    const problem = amountProblem(question.amount);
    if (problem) return refuse(text(ctx, problem));
    const atLatest = question.rates === undefined;
    try {
      const { day: ratesDay, rows } = atLatest
        ? { day: lastDay, rows: latest }
        : await closingRates(ctx, question.rates!);
      if (mine !== asked) return;
      if (rows.length === 0) return refuse(text(ctx, 'noRates'));
      // The currencies of the day and kind; a pick they do not have gives way, and is asked anew.
      if (offer(currenciesFor(rows, question.kind), question)) {
        settled = '';
        return await convert();
      }
      const nearest =
        ratesDay && ratesDay !== question.rates && !atLatest
          ? [
              text(ctx, 'convertNearestDay', {
                asked: dayText(ctx, question.rates!),
                shown: dayText(ctx, ratesDay),
              }),
            ]
          : [];
      if (atLatest && question.kind === 'transfer') {
        const answer = await ctx.api.client.convert(question.amount, question.from, question.to);
        // An answer to an amount since typed over is dropped: the latest typed shows.
        if (mine !== asked) return;
        return show(
          question,
          { ...answer, fromFamily: convertFamily(answer.from), toFamily: convertFamily(answer.to) },
          nearest,
        );
      }
      const conversion = convertAt(rows, question.kind, question.amount, question.from, question.to);
      if (!conversion)
        return refuse(
          text(ctx, 'cannotConvertKind', {
            kind: text(ctx, `kind_${question.kind}`).toLowerCase(),
            date: ratesDay ? dayText(ctx, ratesDay) : '–',
          }),
        );
      show(
        question,
        {
          ...conversion,
          from: question.from,
          to: question.to,
          fromFamily: conversion.fromRow?.Family,
          toFamily: conversion.toRow?.Family,
        },
        nearest,
      );
    } catch (error) {
      // Only a refusal of the question itself is final; anything else may be asked again.
      const refused = error instanceof RatesApiError && error.status === 400;
      if (!refused) settled = '';
      if (mine !== asked) return;
      // The service's own words ("Invalid amount: expected ...") are for developers, not said here.
      if (!refused) return refuse(explain(error, ctx.lang, ctx.api.keyless).text);
      const aboutAmount = /amount/i.test((error as RatesApiError).message);
      refuse(aboutAmount ? text(ctx, 'amountInvalid') : asOfText(ctx, 'cannotConvert', 'asOfCannotConvert'));
    }
  };
  // Converted as the reader types (after a short pause) and as they pick currencies, kind or day.
  amount.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => ctx.current() && void convert(), TYPING_MS);
  });
  for (const picker of [from, to, kind, day.input]) picker.addEventListener('change', () => void convert());
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
    h('p', { class: 'meta' }, asOfText(ctx, 'converterHint', 'asOfConverterHint')),
    h(
      'form',
      { class: 'convert-form', onsubmit: (e: Event) => (e.preventDefault(), void convert()) },
      h('div', { class: 'range' }, amount, from, swap, to),
      h(
        'div',
        { class: 'range' },
        h('label', { for: 'convert-day' }, text(ctx, 'convertDay')),
        day.element,
        h('label', { for: 'convert-kind' }, text(ctx, 'convertKind')),
        kind,
        h('button', { type: 'submit', id: 'convert' }, text(ctx, 'convert')),
      ),
    ),
    result,
    details,
  );
}
