import type { Key } from './i18n.js';
import { KINDS, type RateKind } from './fx-conversion.js';

// What the converter is asked (amount, pair, day and kind of rate), kept while the page is open and
// written into the link.

export const DEFAULT_PAIR = { from: 'USD', to: 'THB' };
const DEFAULT_PAIR_TEXT = `${DEFAULT_PAIR.from}-${DEFAULT_PAIR.to}`;
const DEFAULT_AMOUNT = '100';

export interface Question {
  amount: string;
  from: string;
  to: string;
  /** The day whose rates it converts at; none: the latest. */
  rates?: string;
  /** The kind of rate: transfers (as Convert) by default. */
  kind: RateKind;
}

/** What the converter was last asked. */
export const last: Question = { amount: DEFAULT_AMOUNT, ...DEFAULT_PAIR, kind: 'transfer' };

/** The largest amount Convert takes (10^12). */
const MAX_AMOUNT = 1e12;

/**
 * What is wrong with an amount as typed (grouping commas and spaces left out), in the reader's words,
 * before the service is asked: it would refuse the same amounts in its own.
 */
export function amountProblem(amount: string): Key | undefined {
  if (amount === '') return 'amountMissing';
  if (!/^(\d{1,13}(\.\d{0,10})?|\.\d{1,10})$/.test(amount) || Number(amount) <= 0) return 'amountInvalid';
  return Number(amount) > MAX_AMOUNT ? 'amountTooLarge' : undefined;
}

/** The converter's settings as a link writes them: amount=100&pair=USD-THB&rates=2026-03-02&kind=notes. */
export const conversionParams = () => ({
  amount: last.amount,
  pair: `${last.from}-${last.to}`,
  rates: last.rates,
  kind: last.kind === 'transfer' ? undefined : last.kind,
});

/**
 * The amount, pair, day and kind a link asks for; an amount or pair it leaves out stays as it was.
 * True when the link asks for other than the usual 100 USD to THB at the latest transfer rates.
 */
export function readConversion(params: URLSearchParams): boolean {
  const amount = params.get('amount') ?? '';
  if (/^\d{1,13}(\.\d{1,6})?$/.test(amount)) last.amount = amount;
  const pair = /^([A-Z]{3})-([A-Z]{3})$/.exec(params.get('pair') ?? '');
  if (pair) Object.assign(last, { from: pair[1]!, to: pair[2]! });
  const rates = params.get('rates') ?? '';
  last.rates = /^\d{4}-\d{2}-\d{2}$/.test(rates) ? rates : undefined;
  const kind = KINDS.find((k) => k === params.get('kind'));
  last.kind = kind ?? 'transfer';
  return (
    (amount !== '' && amount !== DEFAULT_AMOUNT) ||
    (pair !== null && pair[0] !== DEFAULT_PAIR_TEXT) ||
    last.rates !== undefined ||
    kind !== undefined
  );
}
