import { ConnectorError } from '../http.js';
import {
  FundBenchmark,
  FundDividendFacts,
  FundFees,
  FundIpo,
  FundPolicyText,
  FundRisk,
  FundUrls,
  shapeProblem,
  type SecFund,
} from './answers.js';
import type { SecApi } from './api.js';

// A fund's facts and dividends from SEC's per-fund FundFactsheet answers (connectors.md, "SEC fund
// facts"), as the rows of fund-facts and fund-dividends imports: one per class, as the NAVs map them.

type Row = Record<string, unknown>;
type Many<T> = T | T[];
const first = <T>(answer: Many<T> | undefined): T | undefined => (Array.isArray(answer) ? answer[0] : answer);
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const amount = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** SEC's base64 text, decoded; a text that is not base64 stays as it is. */
export function decodeText(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return value;
  const text = Buffer.from(value, 'base64').toString('utf8');
  return text.includes('\uFFFD') ? value : text.trim();
}

/** RS1-RS8 as 1-8, RS81 (above 8: complex) as 8+. */
export const riskLevel = (code: string | null | undefined): string | null => {
  const m = /^RS([1-8])(1?)$/.exec(code ?? '');
  return m ? (m[2] ? '8+' : m[1]!) : null;
};

/** A fee row's column, by its description in English or Thai. */
const FEE_KINDS: [RegExp, string][] = [
  [/front|การขาย/i, 'front_end'],
  [/back|รับซื้อคืน/i, 'back_end'],
  [/switching.?in|สับเปลี่ยน.*เข้า/i, 'switching_in'],
  [/switching.?out|สับเปลี่ยน.*ออก/i, 'switching_out'],
  [/total|ค่าใช้จ่ายรวม/i, 'ter'],
  [/management|การจัดการ/i, 'management'],
];

/** One call's answer of the documented shape, undefined for 204; the batch stops on any other. */
async function read<T>(api: SecApi, fund: SecFund, part: string, schema: Parameters<typeof shapeProblem>[0]) {
  const what = `${part} of ${fund.proj_id}`;
  const answer = await api.get(
    'FundFactsheet',
    `/FundFactsheet/fund/${encodeURIComponent(fund.proj_id)}/${part}`,
    what,
  );
  if (answer === undefined) return undefined;
  const problem = shapeProblem(schema, answer);
  if (problem)
    throw new ConnectorError(
      'not-source',
      `${what}: SEC's answer is not of the documented shape (${problem})`,
    );
  return answer as T;
}

const isLatin = (text: string) => /^[\x20-\x7E]*$/.test(text);

/**
 * The facts and dividends of a fund's classes (`classes`: each class name, '' for a fund without
 * classes, with its fund number), from seven calls; a part SEC has not published (204) is null.
 */
export async function readFacts(
  api: SecApi,
  fund: SecFund,
  classes: readonly { className: string; id: number }[],
  house: { en: string | null; th: string | null } | undefined,
): Promise<{ facts: Row[]; dividends: Row[] }> {
  type Of<S> = S extends { static: infer T } ? T : never;
  const risk = first(await read<Of<typeof FundRisk>>(api, fund, 'risk', FundRisk));
  const policy = first(await read<Of<typeof FundPolicyText>>(api, fund, 'policy', FundPolicyText));
  const fees = (await read<Of<typeof FundFees>>(api, fund, 'fee', FundFees)) ?? [];
  const benchmarks = await read<Of<typeof FundBenchmark>>(api, fund, 'benchmark', FundBenchmark);
  const dividendAnswer = await read<Of<typeof FundDividendFacts>>(api, fund, 'dividend', FundDividendFacts);
  const urls = first(await read<Of<typeof FundUrls>>(api, fund, 'URLs', FundUrls));
  const ipo = first(await read<Of<typeof FundIpo>>(api, fund, 'IPO', FundIpo));

  const benchmarkRows = benchmarks === undefined ? [] : Array.isArray(benchmarks) ? benchmarks : [benchmarks];
  const benchmark =
    benchmarkRows
      .map((b) => b.benchmark ?? '')
      .filter(Boolean)
      .join(', ') || null;
  const dividendRows =
    dividendAnswer === undefined ? [] : Array.isArray(dividendAnswer) ? dividendAnswer : [dividendAnswer];
  const policyText = decodeText(policy?.investment_policy_desc);
  const facts: Row[] = [];
  const dividends: Row[] = [];
  for (const { className, id } of classes) {
    // A class's own rows where SEC gives them per class, else the fund's.
    const ofClass = <T extends { class_abbr_name?: string | null }>(rows: T[]) => {
      const own = rows.filter((r) => (r.class_abbr_name ?? '-') === (className || '-'));
      return own.length > 0 ? own : rows.filter((r) => !r.class_abbr_name || r.class_abbr_name === '-');
    };
    const row: Row = {
      fund: String(id),
      fund_house_en: house?.en ?? null,
      fund_house_th: house?.th ?? null,
      fund_type_th: policy?.policy_desc ?? null,
      policy_th: policyText,
      policy_updated: day(policy?.last_upd_date),
      risk_level: riskLevel(risk?.risk_spectrum),
      risk_updated: day(risk?.last_upd_date),
      benchmark_en: benchmark && isLatin(benchmark) ? benchmark : null,
      benchmark_th: benchmark && !isLatin(benchmark) ? benchmark : null,
      benchmark_updated: day(first(benchmarkRows)?.last_upd_date),
      factsheet_url: urls?.url_factsheet || null,
      prospectus_url: urls?.url_prospectus || null,
      links_updated: day(urls?.last_upd_date),
      inception_date: day(ipo?.inception_date),
    };
    const classFees = ofClass(fees);
    for (const fee of classFees) {
      const kind = FEE_KINDS.find(([re]) => re.test(fee.fee_type_desc ?? ''))?.[1];
      if (!kind) continue;
      row[`${kind}_max`] = amount(fee.rate);
      row[`${kind}_actual`] = amount(fee.actual_value);
    }
    row.fees_updated = day(classFees[0]?.last_upd_date);
    const dividend = ofClass(dividendRows)[0];
    if (dividend) {
      const pays = /^(y|yes|จ่าย)/i.test(dividend.dividend_policy ?? '');
      row.dividend_policy = dividend.dividend_policy ? (pays ? 'Y' : 'N') : null;
      row.dividend_policy_th = decodeText(dividend.dividend_policy_remark);
      row.dividend_updated = day(dividend.last_upd_date);
      for (const d of dividend.dividend_details ?? [])
        dividends.push({
          fund: String(id),
          book_closing: day(d.book_closing_date),
          payment: day(d.payment_date),
          per_unit: amount(d.dividend_per_share),
        });
    }
    facts.push(row);
  }
  return { facts, dividends };
}
