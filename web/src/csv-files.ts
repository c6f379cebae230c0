// The CSV files of the views (see csv.ts): their columns, in the page's language.
import type {
  DepositRate,
  FundNameItem,
  FundPriceListItem,
  FundPriceRecord,
  LoanRate,
} from '../../src/client/index.js';
import { text, type Context } from './context.js';
import { csvButton, csvDay, csvText, dateHeading } from './csv.js';
import { fromDateTime, fromDayFirst } from './dates.js';
import { returnTitle, type ReturnWindow } from './returns.js';

/** One fund's prices over the period shown, oldest first. */
export const fundPricesCsv = (
  ctx: Context,
  code: string,
  from: string,
  to: string,
  prices: FundPriceRecord[],
) =>
  csvButton(ctx, 'fund-csv', () => ({
    file: `fund-${code}-${from}-${to}.csv`,
    csv: csvText(
      [dateHeading(ctx, text(ctx, 'date')), text(ctx, 'nav'), text(ctx, 'offer'), text(ctx, 'redemption')],
      prices.map((p) => [csvDay(ctx, fromDateTime(p.mfr_dDataDate)), p.mfr_fNav, p.mfr_fSel, p.mfr_fBuy]),
    ),
  }));

/** Every fund's price on a day, in the order shown; a back-dated price says the day it is of. */
export const dayPricesCsv = (ctx: Context, date: string, prices: FundPriceListItem[]) =>
  csvButton(ctx, 'prices-csv', () => {
    const th = ctx.lang === 'th';
    return {
      file: `fund-prices-${date}.csv`,
      csv: csvText(
        [
          text(ctx, 'csvFundNo'),
          text(ctx, 'fund'),
          text(ctx, 'csvCategory'),
          text(ctx, 'nav'),
          text(ctx, 'offer'),
          text(ctx, 'redemption'),
          text(ctx, 'netAssets'),
          dateHeading(ctx, text(ctx, 'priceDate')),
        ],
        prices.map((p) => [
          p.mf_iNumber,
          th ? p.mf_sTha : p.mf_sEng,
          th ? p.mf_cateTha : p.mf_cateEng,
          p.mfr_fNav,
          p.mfr_fSel,
          p.mfr_fBuy,
          p.mfr_sAUM,
          csvDay(ctx, fromDateTime(p.mfr_dDataDate)),
        ]),
      ),
    };
  });

/** The deposit and loan rates in force on a day (today when `on` is today). */
export const ratesCsv = (ctx: Context, on: string, deposits: DepositRate[], loans: LoanRate[]) =>
  csvButton(ctx, 'rates-csv', () => {
    const th = ctx.lang === 'th';
    const row = (kind: string, name: string, rate: string, effective: string) => [
      kind,
      name,
      rate,
      csvDay(ctx, fromDayFirst(effective)),
    ];
    return {
      file: `rates-${on}.csv`,
      csv: csvText(
        [
          text(ctx, 'csvKind'),
          // Deposits and loans alike: the Thai word for a deposit's product would name loans wrongly.
          text(ctx, 'csvProduct'),
          text(ctx, 'rate'),
          dateHeading(ctx, text(ctx, 'effective')),
        ],
        [
          ...deposits.map((r) =>
            row(
              text(ctx, 'csvDeposit'),
              th ? r.DepositNameTh : r.DepositNameEn,
              r.DepositRates,
              r.EffectiveDate,
            ),
          ),
          ...loans.map((r) =>
            row(text(ctx, 'csvLoan'), th ? r.LoanNameTh : r.LoanNameEn, r.LoanRates, r.EffectiveDate),
          ),
        ],
      ),
    };
  });

/**
 * A category's returns as the table shows them (returns.ts: the same figures, to two decimals, in
 * percent), each window's heading saying which are yearly rates; then each fund's risk level and TER.
 */
export const returnsCsv = (
  ctx: Context,
  latest: string,
  rows: {
    fund: FundNameItem;
    returns: Record<ReturnWindow, number | undefined>;
    risk?: string;
    ter?: number;
  }[],
  windows: ReturnWindow[],
) =>
  csvButton(ctx, 'returns-csv', () => ({
    file: `fund-returns-${latest}.csv`,
    csv: csvText(
      [
        text(ctx, 'csvFundNo'),
        text(ctx, 'fund'),
        ...windows.map((w) => `${returnTitle(ctx, w)} (%)`),
        text(ctx, 'riskShort'),
        `${text(ctx, 'terShort')} (%)`,
      ],
      rows.map((r) => [
        r.fund.mf_iNumber,
        ctx.lang === 'th' ? r.fund.mf_sTha : r.fund.mf_sEng,
        ...windows.map((w) => {
          const value = r.returns[w];
          return value === undefined || !Number.isFinite(value) ? '' : value.toFixed(2);
        }),
        r.risk ?? '',
        r.ter === undefined ? '' : r.ter.toFixed(2),
      ]),
    ),
  }));
