import type { Connector, ConnectorContext, FetchedWindow, Window } from '../connector.js';
import { botCredentials, botNumber, botRows } from './api.js';

/** The families' labels in the service's style (description as the rate board shows it, name), by ISO code. */
// prettier-ignore
const KNOWN: Readonly<Record<string, [string, string]>> = {
  USD: ['USA', 'US Dollar'], GBP: ['England', 'Pound Sterling'], EUR: ['Euro Zone', 'Euro'],
  JPY: ['Japan', 'Japanese Yen'], HKD: ['Hong Kong', 'Hong Kong Dollar'], MYR: ['Malaysia', 'Malaysian Ringgit'],
  SGD: ['Singapore', 'Singapore Dollar'], BND: ['Brunei', 'Brunei Dollar'], PHP: ['Philippines', 'Philippine Peso'],
  IDR: ['Indonesia', 'Indonesian Rupiah'], INR: ['India', 'Indian Rupee'], CHF: ['Switzerland', 'Swiss Franc'],
  AUD: ['Australia', 'Australian Dollar'], NZD: ['New Zealand', 'New Zealand Dollar'], CAD: ['Canada', 'Canadian Dollar'],
  SEK: ['Sweden', 'Swedish Krona'], DKK: ['Denmark', 'Danish Krone'], NOK: ['Norway', 'Norwegian Krone'],
  CNY: ['China', 'Chinese Yuan'], MMK: ['Myanmar', 'Myanmar Kyat'], KRW: ['South Korea', 'Korean Won'],
  TWD: ['Taiwan', 'Taiwan Dollar'], VND: ['Vietnam', 'Vietnamese Dong'], LAK: ['Laos', 'Lao Kip'],
  KHR: ['Cambodia', 'Cambodian Riel'], SAR: ['Saudi Arabia', 'Saudi Riyal'], AED: ['UAE', 'UAE Dirham'],
  ZAR: ['South Africa', 'South African Rand'], RUB: ['Russia', 'Russian Rouble'], BHD: ['Bahrain', 'Bahraini Dinar'],
};
const ORDER = Object.keys(KNOWN);

/** Rates of one day are out at 18:00 Bangkok time, as one round. */
const ROUND_TIME = '18:00';

/**
 * The unit of a quote is only in BOT's name of the currency: `"JAPAN : YEN (100 YEN) (JPY) "`,
 * `"INDONESIA : RUPIAH (1,000 RUPIAH) (IDR)"`; no number there means per one.
 */
export function unitFromName(name: string): number {
  const match = /\((\d[\d,]*)\s+[^)]*\)/.exec(name);
  return match ? Number(match[1]!.replace(/,/g, '')) : 1;
}

/** `"JAPAN : YEN ..."` → `Japan`, for a currency not in the table (names carry spaces and typos). */
const country = (name: string) =>
  (name.split(':')[0] ?? name)
    .trim()
    .toLowerCase()
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());

function familyRow(code: string, name: string) {
  const unit = unitFromName(name);
  const [place, currency] = KNOWN[code] ?? [country(name) || code, code];
  const index = ORDER.indexOf(code);
  return {
    code,
    description: unit === 1 ? place : `${place} (:${unit})`,
    name: `${currency} (BOT average)`,
    unit,
    decimals: 4,
    display_order: index >= 0 ? index + 1 : 99,
  };
}

class BotFxRun {
  constructor(private readonly ctx: ConnectorContext) {}

  async fetchWindow(window: Window): Promise<FetchedWindow> {
    const rows = await botRows(
      this.ctx,
      'Stat-ExchangeRate/v2/DAILY_AVG_EXG_RATE/',
      window,
      'BOT average exchange rates',
    );
    const families = new Map<string, Record<string, unknown>>();
    const rates: Record<string, unknown>[] = [];
    let latest: string | null = null;
    for (const r of rows) {
      const code = (r.currency_id ?? '').trim().toUpperCase();
      const date = (r.period ?? '').trim();
      const rate = {
        family: code,
        date,
        round: 1,
        time: ROUND_TIME,
        // Banknote rates have no source: BOT averages transfers and bills only.
        buying_notes: null,
        selling_notes: null,
        buying_sight_bill: botNumber(r.buying_sight),
        selling_tt: botNumber(r.selling),
        buying_tt: botNumber(r.buying_transfer),
      };
      // A currency BOT lists without any rate that day has nothing to publish.
      if (rate.buying_sight_bill === null && rate.selling_tt === null && rate.buying_tt === null) continue;
      if (code && !families.has(code)) families.set(code, familyRow(code, r.currency_name_eng ?? ''));
      rates.push(rate);
      if (latest === null || date > latest) latest = date;
    }
    return {
      rows: { 'fx-families': [...families.values()], 'fx-rates': rates },
      fetched: rows.length,
      latest,
    };
  }
}

export const botFx: Connector = {
  name: 'bot-fx',
  description: 'Bank of Thailand average exchange rates of commercial banks → FX families and rates',
  source: 'Bank of Thailand, average of commercial banks',
  groups: ['ExchangeRateService'],
  credentials: botCredentials,
  earliest: '2002-01-02',
  windowDays: 31,
  release: { time: ROUND_TIME, businessDaysOnly: true },
  schedule: (s) => s.botFxSchedule,
  identity: () => '',
  open: async (ctx) => new BotFxRun(ctx),
};
