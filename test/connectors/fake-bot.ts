import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dayNumber } from '../../src/domain/dates.js';
import { businessDays } from '../../src/domain/thai-calendar.js';

/**
 * A local fake of the Bank of Thailand API gateway (docs/connectors.md; spec: shared/spec/connectors.md,
 * Sources and Testing). No test reaches the internet. Where each piece comes from:
 * - The envelope `{"result": {"timestamp", "api", "data": {"data_header": {..., "last_updated"},
 *   "data_detail": [rows]}}}`, numbers as strings with 7 decimals, `""` for a missing value, rows newest
 *   first: BOT's published API description (the example bodies of its Statistics APIs), as the spec
 *   sums them up.
 * - FX rows (`period, currency_id, currency_name_th, currency_name_eng, buying_sight, buying_transfer,
 *   selling, mid_rate`) with the unit only in the name (`"JAPAN : YEN (100 YEN) (JPY) "`,
 *   `"INDONESIA : RUPIAH (1,000 RUPIAH) (IDR)"`), trailing spaces and a typo (`DOLLLAR`): the spec's
 *   quirks. Business days only, from the Thai calendar the service itself uses.
 * - Deposit and loan rows (`period, bank_type_name_*, bank_name_*, saving_min ... fix_24_mths_max` and
 *   `mor, mlr, mrr, ceiling_rate, default_rate, creditcard_*`): the spec's field lists; banks named,
 *   not coded, English names with trailing spaces.
 * - The rules it enforces: `Authorization: <token>` (401 for a wrong token or the retired gateway's
 *   `X-IBM-Client-Id` header), at most 31 days per request (400), and the faults a test asks for:
 *   one 5xx, a slow answer, a body that is not the envelope, an answer that never comes, a 429.
 * The values themselves are made up, deterministic from the day, so a test computes what must be
 * published from the same functions (`fxDetail`, `depositDetail`, `loanDetail`).
 */

export const FAKE_TOKEN = 'fake-bot-token-0123456789abcdef';

export interface Currency {
  id: string;
  th: string;
  eng: string;
  base: number;
}

// prettier-ignore
export const CURRENCIES: readonly Currency[] = [
  { id: 'USD', th: 'สหรัฐอเมริกา : ดอลลาร์ (USD)', eng: 'USA : DOLLAR (USD)', base: 34.5 },
  { id: 'GBP', th: 'สหราชอาณาจักร : ปอนด์สเตอร์ลิง (GBP) ', eng: 'UNITED KINGDOM : POUND STERLING (GBP) ', base: 43.2 },
  { id: 'EUR', th: 'ยูโรโซน : ยูโร (EUR)', eng: 'EURO ZONE : EURO (EUR)', base: 37.1 },
  { id: 'JPY', th: 'ญี่ปุ่น : เยน (100 เยน) (JPY) ', eng: 'JAPAN : YEN (100 YEN) (JPY) ', base: 23.4 },
  { id: 'IDR', th: 'อินโดนีเซีย : รูเปีย (1,000 รูเปีย) (IDR)', eng: 'INDONESIA : RUPIAH (1,000 RUPIAH) (IDR)', base: 2.21 },
  { id: 'SGD', th: 'สิงคโปร์ : ดอลลาร์ (SGD)', eng: 'SINGAPORE : DOLLLAR (SGD)', base: 25.6 },
];

const num = (x: number) => x.toFixed(7);

/** A currency's quote of a day; IDR has no sight-bill rate on some days (a missing value is ""). */
export function fxRow(day: string, c: Currency, i: number): Record<string, string> {
  const mid = c.base * (1 + (((dayNumber(day) * 7 + i * 13) % 97) - 48) / 2000);
  return {
    period: day,
    currency_id: c.id,
    currency_name_th: c.th,
    currency_name_eng: c.eng,
    buying_sight: c.id === 'IDR' && dayNumber(day) % 5 === 0 ? '' : num(mid * 0.991),
    buying_transfer: num(mid * 0.994),
    selling: num(mid * 1.006),
    mid_rate: num(mid),
  };
}

export interface FakeBank {
  eng: string;
  th: string;
  /** Values by the first day they hold: [day, saving_max, fix_12_mths_max, mlr] (min: max - 0.1). */
  steps: [string, number, number, number][];
}

export const BANKS: readonly FakeBank[] = [
  {
    eng: 'BANGKOK BANK PUBLIC COMPANY LIMITED ',
    th: 'ธนาคารกรุงเทพ จำกัด (มหาชน)',
    steps: [
      ['2000-01-01', 0.5, 1.5, 7.1],
      ['2026-07-15', 0.45, 1.6, 7.1],
      ['2026-08-20', 0.45, 1.6, 6.975],
    ],
  },
  {
    eng: 'KASIKORNBANK PUBLIC COMPANY LIMITED',
    th: 'ธนาคารกสิกรไทย จำกัด (มหาชน)',
    steps: [['2000-01-01', 0.25, 1.4, 7.3]],
  },
];

const stepOn = (bank: FakeBank, day: string) => bank.steps.filter(([from]) => from <= day).at(-1)!;
const percent = (x: number) => x.toFixed(7);

const bankColumns = (bank: FakeBank) => ({
  bank_type_name_th: 'ธนาคารพาณิชย์จดทะเบียนในประเทศ',
  bank_type_name_eng: 'Commercial Banks Registered in Thailand',
  bank_name_th: bank.th,
  bank_name_eng: bank.eng,
});

export function depositRow(day: string, bank: FakeBank): Record<string, string> {
  const [, saving, fix12] = stepOn(bank, day);
  const pair = (name: string, max: number) => ({
    [`${name}_min`]: percent(max - 0.1),
    [`${name}_max`]: percent(max),
  });
  return {
    period: day,
    ...bankColumns(bank),
    ...pair('saving', saving),
    ...pair('fix_3_mths', fix12 - 0.5),
    ...pair('fix_6_mths', fix12 - 0.25),
    ...pair('fix_12_mths', fix12),
    // Not every bank quotes 24 months: "".
    fix_24_mths_min: '',
    fix_24_mths_max: '',
  };
}

export function loanRow(day: string, bank: FakeBank): Record<string, string> {
  const [, , , mlr] = stepOn(bank, day);
  return {
    period: day,
    ...bankColumns(bank),
    mor: percent(mlr + 0.35),
    mlr: percent(mlr),
    mrr: percent(mlr + 0.15),
    ceiling_rate: percent(28),
    default_rate: percent(mlr + 3),
    creditcard_min: percent(16),
    creditcard_max: percent(16),
  };
}

export type Fault = 'server-error' | 'slow' | 'not-envelope' | 'hang' | 'too-many';

export interface FakeRequest {
  path: string;
  from: string;
  to: string;
  status: number;
}

export interface FakeBot {
  url: string;
  requests: FakeRequest[];
  /** Days of data the fake has (outside them: an empty data_detail). */
  data: { from: string; to: string };
  /** Values changed since first published: `${day}|${currency}` → fields. */
  corrections: Map<string, Record<string, string>>;
  /** The next request to `path` (or any) after `after` others gets this fault, once. */
  fail(fault: Fault, path?: string, after?: number): void;
  /** Called when a request hangs (the 'hang' fault). */
  onHang?: () => void;
  fxDetail(from: string, to: string): Record<string, string>[];
  depositDetail(from: string, to: string): Record<string, string>[];
  loanDetail(from: string, to: string): Record<string, string>[];
  close(): Promise<void>;
}

export const FX_PATH = '/Stat-ExchangeRate/v2/DAILY_AVG_EXG_RATE/';
export const DEPOSIT_PATH = '/DepositRate/v2/deposit_rate/';
export const LOAN_PATH = '/LoanRate/v2/loan_rate/';

/**
 * Starts the fake on 127.0.0.1 (a port of its own). `slowMs`: how long a slow answer takes;
 * `currencies`: BOT's 19 for a benchmark, a few for tests.
 */
export async function startFakeBot(
  data: { from: string; to: string },
  slowMs = 3000,
  currencies: readonly Currency[] = CURRENCIES,
): Promise<FakeBot> {
  const faults: { fault: Fault; path?: string; after: number }[] = [];
  const sockets = new Set<Socket>();
  const days = (from: string, to: string) => {
    const a = from > data.from ? from : data.from;
    const b = to < data.to ? to : data.to;
    return a <= b ? [...businessDays(a, b)].reverse() : []; // newest first
  };
  const fake: FakeBot = {
    url: '',
    requests: [],
    data,
    corrections: new Map(),
    fail: (fault, path, after = 0) => void faults.push({ fault, path, after }),
    fxDetail: (from, to) =>
      days(from, to).flatMap((d) =>
        currencies.map((c, i) => ({ ...fxRow(d, c, i), ...fake.corrections.get(`${d}|${c.id}`) })),
      ),
    depositDetail: (from, to) => days(from, to).flatMap((d) => BANKS.map((b) => depositRow(d, b))),
    loanDetail: (from, to) => days(from, to).flatMap((d) => BANKS.map((b) => loanRow(d, b))),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const detailOf: Record<string, (from: string, to: string) => Record<string, string>[]> = {
    [FX_PATH]: fake.fxDetail,
    [DEPOSIT_PATH]: fake.depositDetail,
    [LOAN_PATH]: fake.loanDetail,
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const from = url.searchParams.get('start_period') ?? '';
    const to = url.searchParams.get('end_period') ?? '';
    const record = (status: number) => fake.requests.push({ path: url.pathname, from, to, status });
    const send = (status: number, body: unknown) => {
      record(status);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    // The retired gateway's header, or a wrong token: what the gateway answers to an unknown client.
    if (req.headers['x-ibm-client-id'] !== undefined || req.headers.authorization !== FAKE_TOKEN)
      return send(401, { httpCode: '401', httpMessage: 'Unauthorized', moreInformation: 'Invalid client' });
    const detail = detailOf[url.pathname];
    if (!detail) return send(404, { httpCode: '404', httpMessage: 'Not Found' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from)
      return send(400, { error: 'start_period and end_period must be dates' });
    if (dayNumber(to) - dayNumber(from) + 1 > 31)
      return send(400, { error: 'The period must not exceed 31 days' });
    const i = faults.findIndex((f) => f.path === undefined || f.path === url.pathname);
    let fault: Fault | undefined;
    if (i >= 0 && faults[i]!.after-- === 0) fault = faults.splice(i, 1)[0]!.fault;
    if (fault === 'server-error') return send(503, { httpCode: '503', httpMessage: 'Service Unavailable' });
    if (fault === 'too-many') {
      record(429);
      return res.writeHead(429, { 'retry-after': '1' }).end();
    }
    if (fault === 'hang') {
      record(0);
      fake.onHang?.();
      return; // never answered
    }
    if (fault === 'not-envelope') {
      record(200);
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"maintenance"}');
    }
    const body = {
      result: {
        timestamp: `${data.to} 18:05:00`,
        api: url.pathname,
        data: {
          data_header: { report_name_eng: 'fake', last_updated: data.to },
          data_detail: detail(from, to),
        },
      },
    };
    if (fault === 'slow') {
      record(200);
      setTimeout(() => res.writeHead(200).end(JSON.stringify(body)), slowMs).unref();
      return;
    }
    send(200, body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** The days of the fake's data: its first and last business day. */
export const dataDays = (data: { from: string; to: string }) => [...businessDays(data.from, data.to)];
