import type { FxBannerRow } from '../../src/client/index.js';
import { conversionRate, decimalFraction, integer, rounded, times } from '../../src/domain/convert.js';

// The converter's own arithmetic, for the rates of a past day or a kind of rate other than Convert's
// (Convert answers at the latest transfer rates only): on a day's rows (Getfxrates), with the same exact
// fractions and the same last rounding as the service's Convert (src/domain/convert.ts).

/** The kinds of rate the bank quotes: transfers (Convert's), sight bills, bank notes. */
export const KINDS = ['transfer', 'sight', 'notes'] as const;
export type RateKind = (typeof KINDS)[number];

type Buying = 'TT' | 'SightBill' | 'BuyingRates';
type Selling = 'Bill_DD_TT' | 'SellingRates';

/**
 * The rate the bank buys a currency at (converting it into baht) and sells it at (out of baht), for
 * each kind: a sight bill (a draft the bank buys) is sold back as a draft or transfer, at Bill_DD_TT.
 */
export const SIDES: Record<RateKind, { buying: Buying; selling: Selling }> = {
  transfer: { buying: 'TT', selling: 'Bill_DD_TT' },
  sight: { buying: 'SightBill', selling: 'Bill_DD_TT' },
  notes: { buying: 'BuyingRates', selling: 'SellingRates' },
};

export const BAHT = 'THB';

/** The ISO code of a family: USD1, USD5 and USD50 are all USD. */
const currencyOf = (family: string) => family.replace(/\d+$/, '');
/** The notes a family is of (50 for USD50), 0 for a family of a whole currency. */
const denomination = (family: string) => Number(/\d+$/.exec(family)?.[0] ?? 0);
/** Units a rate is quoted for: the bank writes it in the name, 'Japan (:100)', 'Vietnam (:1000)'. */
const unitOf = (row: FxBannerRow) => Number(/\(:(\d+)\)/.exec(row.Description)?.[1] ?? 1);

/**
 * The row a currency is converted at for a kind: of its families quoting both rates of the kind, the
 * largest notes (USD 50-100, the family Convert takes too and the one the bank buys at its best rate).
 */
export function familyRow(rows: FxBannerRow[], currency: string, kind: RateKind): FxBannerRow | undefined {
  const { buying, selling } = SIDES[kind];
  return rows
    .filter((r) => currencyOf(r.Family) === currency && r[buying] !== '' && r[selling] !== '')
    .sort((a, b) => denomination(b.Family) - denomination(a.Family))[0];
}

/** Baht and the currencies the rows quote both rates of the kind for, in the rows' order. */
export function currenciesFor(rows: FxBannerRow[], kind: RateKind): string[] {
  const codes = rows.map((r) => currencyOf(r.Family)).filter((c) => familyRow(rows, c, kind) !== undefined);
  return [BAHT, ...new Set(codes.filter((c) => c !== BAHT))];
}

export interface Conversion {
  convertedAmount: number;
  /** The value of 1 `from` in `to`. */
  rate: number;
  /** The rows used: none for baht. */
  fromRow?: FxBannerRow;
  toRow?: FxBannerRow;
  /** The day ('d/MM/yyyy') and time of the later of the rows used. */
  Ddate: string;
  DTime: string;
}

/**
 * `amount` (digits with an optional point) of `from` in `to` at the rows' rates of the kind: foreign
 * currency bought at the buying rate, baht sold for foreign currency at the selling rate, two foreign
 * currencies through baht. Undefined when a currency has no rate of the kind in the rows.
 */
export function convertAt(
  rows: FxBannerRow[],
  kind: RateKind,
  amount: string,
  from: string,
  to: string,
): Conversion | undefined {
  const fromRow = from === BAHT ? undefined : familyRow(rows, from, kind);
  const toRow = to === BAHT ? undefined : familyRow(rows, to, kind);
  if ((from !== BAHT && !fromRow) || (to !== BAHT && !toRow)) return undefined;
  const used = [fromRow, toRow].filter((r) => r !== undefined);
  const round = used.sort((a, b) => Number(b.Update) - Number(a.Update))[0] ?? rows[0];
  if (!round) return undefined;
  const { buying, selling } = SIDES[kind];
  const rate =
    from === to
      ? integer(1)
      : conversionRate(
          fromRow && { rate: fromRow[buying], unit: unitOf(fromRow) },
          toRow && { rate: toRow[selling], unit: unitOf(toRow) },
        );
  return {
    convertedAmount: rounded(times(decimalFraction(amount), rate), 2),
    rate: rounded(rate, 8),
    ...(fromRow ? { fromRow } : {}),
    ...(toRow ? { toRow } : {}),
    Ddate: round.Ddate,
    DTime: round.DTime,
  };
}
