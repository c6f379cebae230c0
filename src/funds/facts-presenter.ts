import type { FundDividendRow } from '../data-types/fund-dividends.js';
import type { FundFactsRow } from '../data-types/fund-facts.js';
import type { Fund } from '../store/schema.js';
import type { FundDividend, FundFacts, ListedFundFacts } from './facts-schemas.js';
import type { ListedFacts } from './repository.js';

/** A block is null when SEC published none of its values. */
const block = <T extends Record<string, unknown>>(values: T): T | null =>
  Object.values(values).some((v) => v !== null) ? values : null;

const fee = (max: number | null, actual: number | null) => ({ prospectusMax: max, actual });

/** SEC's risk level as a number 1-8 and as SEC labels it ('8+' for RS81). */
const riskOf = (label: string) => ({ level: Number(label.slice(0, 1)), label });

/** FundFacts' answer: the fund, then its facts block by block (every block null before any are published). */
export function factsOf(
  fund: Fund,
  facts: FundFactsRow | undefined,
  netAssets: { date: string; value: number } | null,
): FundFacts {
  const f = facts;
  const head = { fund: { id: fund.id, code: fund.code, nameEn: fund.name_en, nameTh: fund.name_th } };
  if (!f)
    return {
      ...head,
      fundHouse: null,
      fundType: null,
      policy: null,
      risk: null,
      fees: null,
      benchmark: null,
      dividendPolicy: null,
      inception: null,
      netAssets,
      links: null,
    };
  const anyFee = [
    f.front_end_max,
    f.front_end_actual,
    f.back_end_max,
    f.back_end_actual,
    f.switching_in_max,
    f.switching_in_actual,
    f.switching_out_max,
    f.switching_out_actual,
    f.management_max,
    f.management_actual,
    f.ter_max,
    f.ter_actual,
  ].some((v) => v !== null);
  return {
    ...head,
    fundHouse: block({ en: f.fund_house_en, th: f.fund_house_th }),
    fundType: block({ en: f.fund_type_en, th: f.fund_type_th }),
    policy:
      (f.policy_en ?? f.policy_th) ? { en: f.policy_en, th: f.policy_th, updated: f.policy_updated } : null,
    risk: f.risk_level === null ? null : { ...riskOf(f.risk_level), updated: f.risk_updated },
    fees: anyFee
      ? {
          frontEnd: fee(f.front_end_max, f.front_end_actual),
          backEnd: fee(f.back_end_max, f.back_end_actual),
          switchingIn: fee(f.switching_in_max, f.switching_in_actual),
          switchingOut: fee(f.switching_out_max, f.switching_out_actual),
          management: fee(f.management_max, f.management_actual),
          totalExpenseRatio: fee(f.ter_max, f.ter_actual),
          updated: f.fees_updated,
        }
      : null,
    benchmark:
      (f.benchmark_en ?? f.benchmark_th)
        ? { en: f.benchmark_en, th: f.benchmark_th, updated: f.benchmark_updated }
        : null,
    dividendPolicy:
      (f.dividend_policy ?? f.dividend_policy_en ?? f.dividend_policy_th)
        ? {
            pays: f.dividend_policy === null ? null : f.dividend_policy === 'Y',
            en: f.dividend_policy_en,
            th: f.dividend_policy_th,
            updated: f.dividend_updated,
          }
        : null,
    inception: block({ date: f.inception_date, registeredAssets: f.registered_assets }),
    netAssets,
    links:
      (f.factsheet_url ?? f.prospectus_url)
        ? { factsheet: f.factsheet_url, prospectus: f.prospectus_url, updated: f.links_updated }
        : null,
  };
}

/** AllFundFacts' rows: each fund's house and risk level, as its FundFacts gives them. */
export const factsListOf = (rows: readonly ListedFacts[]): ListedFundFacts[] =>
  rows.map((r) => ({
    fund: { id: r.id, code: r.code },
    fundHouse: block({ en: r.fund_house_en, th: r.fund_house_th }),
    risk: r.risk_level === null ? null : riskOf(r.risk_level),
  }));

/** FundDividends' rows. */
export const dividendsOf = (rows: readonly FundDividendRow[]): FundDividend[] =>
  rows.map((r) => ({
    bookClosingDate: r.book_closing_date,
    paymentDate: r.payment_date,
    perUnit: r.per_unit,
  }));

/**
 * A facts answer back into the table's row (a sync copies an upstream's facts through it): the
 * inverse of factsOf, but for the net assets, which come with the fund's prices.
 */
export function factsRowOf(a: FundFacts): FundFactsRow {
  const fees = a.fees;
  const fee = (f: keyof Omit<NonNullable<FundFacts['fees']>, 'updated'>) => [
    fees?.[f].prospectusMax ?? null,
    fees?.[f].actual ?? null,
  ];
  const [front_end_max, front_end_actual] = fee('frontEnd');
  const [back_end_max, back_end_actual] = fee('backEnd');
  const [switching_in_max, switching_in_actual] = fee('switchingIn');
  const [switching_out_max, switching_out_actual] = fee('switchingOut');
  const [management_max, management_actual] = fee('management');
  const [ter_max, ter_actual] = fee('totalExpenseRatio');
  const pays = a.dividendPolicy?.pays;
  return {
    fund_id: a.fund.id,
    fund_house_en: a.fundHouse?.en ?? null,
    fund_house_th: a.fundHouse?.th ?? null,
    fund_type_en: a.fundType?.en ?? null,
    fund_type_th: a.fundType?.th ?? null,
    policy_en: a.policy?.en ?? null,
    policy_th: a.policy?.th ?? null,
    policy_updated: a.policy?.updated ?? null,
    risk_level: a.risk?.label ?? null,
    risk_updated: a.risk?.updated ?? null,
    front_end_max: front_end_max!,
    front_end_actual: front_end_actual!,
    back_end_max: back_end_max!,
    back_end_actual: back_end_actual!,
    switching_in_max: switching_in_max!,
    switching_in_actual: switching_in_actual!,
    switching_out_max: switching_out_max!,
    switching_out_actual: switching_out_actual!,
    management_max: management_max!,
    management_actual: management_actual!,
    ter_max: ter_max!,
    ter_actual: ter_actual!,
    fees_updated: fees?.updated ?? null,
    benchmark_en: a.benchmark?.en ?? null,
    benchmark_th: a.benchmark?.th ?? null,
    benchmark_updated: a.benchmark?.updated ?? null,
    dividend_policy: pays === undefined || pays === null ? null : pays ? 'Y' : 'N',
    dividend_policy_en: a.dividendPolicy?.en ?? null,
    dividend_policy_th: a.dividendPolicy?.th ?? null,
    dividend_updated: a.dividendPolicy?.updated ?? null,
    inception_date: a.inception?.date ?? null,
    registered_assets: a.inception?.registeredAssets ?? null,
    factsheet_url: a.links?.factsheet ?? null,
    prospectus_url: a.links?.prospectus ?? null,
    links_updated: a.links?.updated ?? null,
  };
}
