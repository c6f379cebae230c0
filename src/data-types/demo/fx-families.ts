/** A family as the bank quotes it, with what its generated rates need. */
export interface FxFamilySpec {
  code: string;
  name: string;
  description: string;
  unit: number; // 1, 100 (JPY) or 1,000 (IDR, VND) units per quote
  decimals: number;
  /** all: bank notes and transfers; notes: bank notes only; transfers: no bank notes. */
  quotes: 'all' | 'notes' | 'transfers';
  /** Half-spread of transfers around the mid, and the discount at which the bank buys notes. */
  tt: number;
  notes: number;
  /** The mid rate is this driver's times `ratio`. */
  driver: string;
  ratio: number;
}

type Row = [string, string, string, number, number, FxFamilySpec['quotes'], number, number];

// The bank's list, in its display order, with the bank's exact names (contract notes: FX families): clients match
// families by these names, so they are the bank's wording, not the ISO 4217 names. Spreads widen from the majors to the
// currencies a Thai bank rarely trades; USD 1-2 and 5-20 notes are bought at a discount to 50-100.
// prettier-ignore
const ROWS: readonly Row[] = [
  ['USD1', 'US Dollar 1-2', 'USD: 1-2', 1, 4, 'notes', 0.005, 0.035],
  ['USD5', 'US Dollar 5-20', 'USD: 5-20', 1, 4, 'notes', 0.005, 0.02],
  ['USD50', 'US Dollar 50-100', 'USD: 50-100', 1, 4, 'all', 0.005, 0.008],
  ['GBP', 'Pound Sterling', 'England', 1, 4, 'all', 0.006, 0.012],
  ['EUR', 'Euro', 'Euro Zone', 1, 4, 'all', 0.006, 0.012],
  ['JPY', 'Japanese Yen', 'Japan (:100)', 100, 4, 'all', 0.006, 0.013],
  ['HKD', 'Hong Kong Dollar', 'Hong Kong', 1, 4, 'all', 0.007, 0.02],
  ['MYR', 'Malaysian Ringgit', 'Malaysia', 1, 4, 'all', 0.01, 0.03],
  ['SGD', 'Singapore Dollar', 'Singapore', 1, 4, 'all', 0.006, 0.013],
  ['BND', 'Brunei Dollar', 'Brunei', 1, 4, 'transfers', 0.012, 0.04],
  ['CNY', 'Chinese Yuan', 'China', 1, 4, 'all', 0.008, 0.025],
  ['IDR', 'Indonesian Rupiah', 'Indonesia (:1000)', 1000, 4, 'all', 0.012, 0.05],
  ['MMK', 'Myanmar Kyat', 'Myanmar', 1, 6, 'notes', 0.02, 0.08],
  ['INR', 'Indian Rupee', 'India', 1, 4, 'all', 0.012, 0.05],
  ['KRW', 'Korean Won', 'South Korea', 1, 6, 'all', 0.01, 0.04],
  ['LAK', 'Laos Kip', 'Laos', 1, 6, 'notes', 0.02, 0.08],
  ['PHP', 'Philippine Peso', 'Philippines', 1, 4, 'all', 0.012, 0.04],
  ['TWD', 'Taiwan Dollar', 'Taiwan', 1, 4, 'all', 0.01, 0.04],
  ['AUD', 'Australian Dollar', 'Australia', 1, 4, 'all', 0.006, 0.013],
  ['NZD', 'New Zealand Dollar', 'New Zealand', 1, 4, 'all', 0.007, 0.018],
  ['CHF', 'Swiss Franc', 'Switzerland', 1, 4, 'all', 0.006, 0.015],
  ['DKK', 'Danish Krone', 'Denmark', 1, 4, 'transfers', 0.008, 0.03],
  ['NOK', 'Norwegian Krone', 'Norway', 1, 4, 'all', 0.008, 0.03],
  ['SEK', 'Swedish Krona', 'Sweden', 1, 4, 'all', 0.008, 0.03],
  ['CAD', 'Canadian Dollar', 'Canada', 1, 4, 'all', 0.006, 0.015],
  ['RUB', 'Russia Ruble', 'Russia', 1, 4, 'transfers', 0.02, 0.08],
  ['VND', 'Vietnam Dong', 'Vietnam (:1000)', 1000, 4, 'all', 0.015, 0.06],
  ['ZAR', 'South Africa Rand', 'South Africa', 1, 4, 'transfers', 0.015, 0.05],
  ['AED', 'UAE Dirham', 'UAE', 1, 4, 'all', 0.008, 0.03],
  ['BHD', 'Bahraini Dinar', 'Bahrain', 1, 4, 'transfers', 0.01, 0.04],
  ['OMR', 'Rial Omani', 'Oman', 1, 4, 'transfers', 0.01, 0.04],
  ['QAR', 'Qatari Riyal', 'Qatar', 1, 4, 'transfers', 0.01, 0.04],
  ['SAR', 'Saudi Riyal', 'Saudi Arabia', 1, 4, 'all', 0.008, 0.03],
];

/**
 * What moves the mid rates: the baht per US dollar, and each free-floating currency's rate against the
 * dollar, so cross rates stay plausible while the baht moves. `level` is a plausible 2026 mid in baht
 * per quoted unit; `vol` the annual volatility (of USD/THB, or of the currency against the dollar).
 */
// prettier-ignore
export const FX_DRIVERS: Readonly<Record<string, { level: number; vol: number }>> = {
  USD: { level: 32.5, vol: 0.06 }, GBP: { level: 43.5, vol: 0.09 }, EUR: { level: 37.6, vol: 0.08 },
  JPY: { level: 21.5, vol: 0.1 }, MYR: { level: 7.7, vol: 0.06 }, SGD: { level: 25.2, vol: 0.05 },
  CNY: { level: 4.55, vol: 0.04 }, IDR: { level: 2.0, vol: 0.08 }, MMK: { level: 0.0155, vol: 0.14 },
  INR: { level: 0.37, vol: 0.06 }, KRW: { level: 0.0232, vol: 0.09 }, LAK: { level: 0.0015, vol: 0.12 },
  PHP: { level: 0.56, vol: 0.06 }, TWD: { level: 1.0, vol: 0.05 }, AUD: { level: 21.2, vol: 0.11 },
  NZD: { level: 19.0, vol: 0.11 }, CHF: { level: 40.5, vol: 0.08 }, NOK: { level: 3.15, vol: 0.11 },
  SEK: { level: 3.35, vol: 0.1 }, CAD: { level: 23.5, vol: 0.07 }, RUB: { level: 0.4, vol: 0.2 },
  VND: { level: 1.25, vol: 0.03 }, ZAR: { level: 1.8, vol: 0.15 },
};

/** Families that follow another driver: USD notes of every size, the pegs (DKK to the euro). */
const PEGS: Readonly<Record<string, { driver: string; ratio: number }>> = {
  USD1: { driver: 'USD', ratio: 1 },
  USD5: { driver: 'USD', ratio: 1 },
  USD50: { driver: 'USD', ratio: 1 },
  HKD: { driver: 'USD', ratio: 1 / 7.8 },
  BND: { driver: 'SGD', ratio: 1 },
  DKK: { driver: 'EUR', ratio: 1 / 7.46 },
  AED: { driver: 'USD', ratio: 1 / 3.6725 },
  BHD: { driver: 'USD', ratio: 1 / 0.376 },
  OMR: { driver: 'USD', ratio: 1 / 0.3845 },
  QAR: { driver: 'USD', ratio: 1 / 3.64 },
  SAR: { driver: 'USD', ratio: 1 / 3.75 },
};

export const FX_FAMILIES: readonly FxFamilySpec[] = ROWS.map(
  ([code, name, description, unit, decimals, quotes, tt, notes]) => ({
    code,
    name,
    description,
    unit,
    decimals,
    quotes,
    tt,
    notes,
    driver: PEGS[code]?.driver ?? code,
    ratio: PEGS[code]?.ratio ?? 1,
  }),
);

export function fxFamilyRows() {
  return FX_FAMILIES.map((f, i) => ({
    code: f.code,
    description: f.description,
    name: f.name,
    unit: f.unit,
    decimals: f.decimals,
    display_order: i + 1,
  }));
}
