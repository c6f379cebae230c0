import { addDays } from '../../domain/dates.js';
import { readProductNames, readRatesInForce } from '../../store/reference-reads.js';
import type { Connector, ConnectorContext, FetchedWindow, Window } from '../connector.js';
import { ConnectorError } from '../http.js';
import { botCredentials, botNumber, botRows, type BotRow } from './api.js';

type Kind = 'deposit' | 'loan';
interface Product {
  name_en: string;
  name_th: string;
  /** The BOT column of its rate (deposits: without `_max`/`_min`). */
  column: string;
}

// BOT's fixed set, in the names the service's own rate cards use (the demo's), English and Thai.
const DEPOSITS: readonly Product[] = [
  { name_en: 'Savings Account', name_th: 'บัญชีเงินฝากออมทรัพย์', column: 'saving' },
  { name_en: 'Fixed Deposit 3 Months', name_th: 'บัญชีเงินฝากประจำ 3 เดือน', column: 'fix_3_mths' },
  { name_en: 'Fixed Deposit 6 Months', name_th: 'บัญชีเงินฝากประจำ 6 เดือน', column: 'fix_6_mths' },
  { name_en: 'Fixed Deposit 12 Months', name_th: 'บัญชีเงินฝากประจำ 12 เดือน', column: 'fix_12_mths' },
  { name_en: 'Fixed Deposit 24 Months', name_th: 'บัญชีเงินฝากประจำ 24 เดือน', column: 'fix_24_mths' },
];
const LOANS: readonly Product[] = [
  {
    name_en: 'Minimum Loan Rate (MLR)',
    name_th: 'อัตราดอกเบี้ยเงินให้สินเชื่อลูกค้ารายใหญ่ชั้นดีประเภทเงินกู้แบบมีระยะเวลา (MLR)',
    column: 'mlr',
  },
  {
    name_en: 'Minimum Overdraft Rate (MOR)',
    name_th: 'อัตราดอกเบี้ยเงินให้สินเชื่อลูกค้ารายใหญ่ชั้นดีประเภทเงินเบิกเกินบัญชี (MOR)',
    column: 'mor',
  },
  { name_en: 'Minimum Retail Rate (MRR)', name_th: 'อัตราดอกเบี้ยเงินให้สินเชื่อลูกค้ารายย่อยชั้นดี (MRR)', column: 'mrr' },
];

/** Deposit and loan rates are out at 14:00 Bangkok time. */
const RELEASE = '14:00';

/** A bank as BOT names it, compared without case and extra spaces (names carry trailing ones). */
const bankKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** BOT's text of a percentage, without the zeros its 4-7 decimals pad it with. */
const rateText = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

class BotRatesRun {
  private readonly ids = { deposit: new Map<string, number>(), loan: new Map<string, number>() };
  private readonly next = { deposit: 1, loan: 1 };
  /** Each product's rate as last read (or stored), by product id: only a change is published. */
  private readonly last = { deposit: new Map<number, string>(), loan: new Map<number, string>() };
  private readonly bank: string;

  constructor(private readonly ctx: ConnectorContext) {
    this.bank = bankKey(ctx.settings.botBank);
  }

  async init(): Promise<this> {
    if (!this.bank)
      throw new ConnectorError(
        'credential',
        'Say which bank: --bank NAME (or BOT_BANK), as BOT names it in English.',
      );
    for (const kind of ['deposit', 'loan'] as const) {
      const stored = await readProductNames(this.ctx.store.db, kind);
      for (const p of stored) this.ids[kind].set(p.name_en, p.id);
      this.next[kind] = Math.max(0, ...stored.map((p) => p.id)) + 1;
    }
    return this;
  }

  async fetchWindow(window: Window): Promise<FetchedWindow> {
    const rows: FetchedWindow['rows'] = {};
    let fetched = 0;
    let latest: string | null = null;
    const column = this.ctx.settings.botDepositRate;
    for (const [kind, path, products, suffix] of [
      ['deposit', 'DepositRate/v2/deposit_rate/', DEPOSITS, `_${column}`],
      ['loan', 'LoanRate/v2/loan_rate/', LOANS, ''],
    ] as const) {
      const answer = await botRows(this.ctx, path, window, `BOT ${kind} rates`);
      fetched += answer.length;
      const mine = answer
        .filter((r) => bankKey(r.bank_name_eng ?? '') === this.bank)
        .sort((a, b) => ((a.period ?? '') < (b.period ?? '') ? -1 : 1));
      if (answer.length > 0 && mine.length === 0) {
        const banks = [...new Set(answer.map((r) => (r.bank_name_eng ?? '').trim()))].sort().join('; ');
        throw new ConnectorError(
          'refused',
          `BOT ${kind} rates ${window.from} to ${window.to} have no bank named '${this.ctx.settings.botBank}' (BOT_BANK, --bank); BOT names: ${banks}`,
        );
      }
      for (const r of mine) if (r.period && (latest === null || r.period > latest)) latest = r.period.trim();
      const made = await this.changes(kind, products, suffix, mine, window);
      rows[`${kind}-products`] = made.products;
      rows[`${kind}-rates`] = made.rates;
    }
    return { rows, fetched, latest };
  }

  /** The products new to the store, and each product's rate on the first period it had a new value. */
  private async changes(
    kind: Kind,
    products: readonly Product[],
    suffix: string,
    mine: BotRow[],
    window: Window,
  ) {
    const newProducts: Record<string, unknown>[] = [];
    const rates: Record<string, unknown>[] = [];
    const last = this.last[kind];
    let inForce: Map<number, string> | undefined;
    for (const [i, p] of products.entries()) {
      let id = this.ids[kind].get(p.name_en);
      if (id === undefined) {
        id = this.next[kind]++;
        this.ids[kind].set(p.name_en, id);
        newProducts.push({ id, name_en: p.name_en, name_th: p.name_th, display_order: i + 1 });
      }
      if (!last.has(id)) {
        // Not read yet in this run: what the store has in force the day before the window.
        inForce ??= await readRatesInForce(this.ctx.store.db, kind, addDays(window.from, -1));
        const stored = inForce.get(id);
        if (stored !== undefined) last.set(id, stored);
      }
      for (const r of mine) {
        const value = botNumber(r[`${p.column}${suffix}`]);
        if (value === null) continue;
        const rate = rateText(value);
        const before = last.get(id);
        if (before !== undefined && Number(before) === Number(rate)) continue;
        const period = (r.period ?? '').trim();
        rates.push({ product: id, effective_date: period, rate, submitted_at: `${period} ${RELEASE}:00` });
        last.set(id, rate);
      }
    }
    return { products: newProducts, rates };
  }
}

export const botRates: Connector = {
  name: 'bot-rates',
  description:
    'Bank of Thailand deposit and loan rates of one bank → deposit products and rates, MLR, MOR, MRR',
  source: 'Bank of Thailand',
  groups: ['InterestRatesService'],
  credentials: botCredentials,
  earliest: '2002-01-01',
  windowDays: 31,
  release: { time: RELEASE, businessDaysOnly: true },
  schedule: (s) => s.botRatesSchedule,
  identity: (s) => `${bankKey(s.botBank)}|${s.botDepositRate}`,
  open: (ctx) => new BotRatesRun(ctx).init(),
};
