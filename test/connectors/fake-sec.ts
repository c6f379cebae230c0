import type { IncomingMessage, ServerResponse } from 'node:http';
import { server } from '../sync/hostile.js';

// A local fake of SEC Thailand's open API for the connector's tests and bench (no test reaches the
// internet). Every shape and rule here comes from ../shared/spec/connectors.md (Sources, SEC
// Thailand), which gathered them from SEC's published API descriptions and public client code:
// - the products and their keys: Azure API Management, `Ocp-Apim-Subscription-Key`, one key per
//   product (FundFactsheet, FundDailyInfo); a wrong key answers 401 with APIM's error body;
// - `GET /FundFactsheet/fund/amc` -> [{unique_id, name_th, name_en, last_upd_date}];
// - `GET /FundFactsheet/fund/amc/{unique_id}` -> [{proj_id, regis_id, proj_name_th, proj_name_en,
//   proj_abbr_name, fund_status (SE/EX/RG/CA/LI), regis_date, cancel_date, unique_id, ...}];
// - `GET /FundFactsheet/fund/{proj_id}/policy` -> {policy_desc, investment_policy_desc,
//   management_style, last_upd_date}: not in the spec's list; the shape is public client code's
//   (a TypeScript client of this API declares FundPolicy with these fields);
// - `GET /FundDailyInfo/{proj_id}/dailynav/{YYYY-MM-DD}` -> 204 when there is no NAV that day, else
//   one of the two shapes in use (objectNav, arrayNav below);
// - about 3,000 calls per 300 s per subscription; over it, 429 (or 421) with Retry-After;
// - a fund's facts, `GET /FundFactsheet/fund/{proj_id}/{risk,fee,benchmark,dividend,URLs,IPO}`, 204
//   when not published, each with its own last_upd_date; the fields are those the spec's "SEC fund
//   facts" section names (risk_spectrum RS1-RS8 and RS81, risk_spectrum_desc and
//   investment_policy_desc in base64, fee rows with the prospectus rate and the actual_value per
//   class, benchmark, dividend_policy, dividend_policy_remark, dividend_details{book_closing_date,
//   payment_date, dividend_per_share}, the URLs, the IPO's inception); the fund list's last_upd_date
//   moves when SEC updates a fund. The bodies the tests give (sec-facts.test.ts, secFacts) are built
//   from those field lists; the fee descriptions are SEC's Thai and English names of the fees.
// The faults the spec's Testing section asks for are set per path: one 5xx, a slow answer, a body
// that is not JSON.

export interface FakeAmc {
  unique_id: string;
  name_th: string;
  name_en: string;
}

export interface FakeFund {
  proj_id: string;
  proj_abbr_name: string;
  proj_name_en: string;
  proj_name_th: string;
  fund_status: 'SE' | 'EX' | 'RG' | 'CA' | 'LI';
  regis_date: string;
  cancel_date: string; // '-' when not cancelled, as SEC writes it
  unique_id: string;
  policy_desc: string;
  /** The fund list's last_upd_date (default 2024-01-01T00:00:00): moved when SEC updates the fund. */
  last_upd_date?: string;
  /** The per-fund facts' answers by part (risk, policy, fee, benchmark, dividend, URLs, IPO); absent: 204. */
  facts?: Partial<Record<FactPart, unknown>>;
}

export type FactPart = 'risk' | 'policy' | 'fee' | 'benchmark' | 'dividend' | 'URLs' | 'IPO';

/** One class's (or a classless fund's: name null) values of a day, from which a body is made. */
export interface FakeClassNav {
  name: string | null;
  nav: number;
  offer?: number;
  redemption?: number;
  netAsset?: number;
}

/**
 * The older shape: one object; a fund with classes has last_val 0 and its class NAVs only in
 * remark_en text (`"Fund-A= 10.3393/Fund-D= 10.3516"`).
 */
export function objectNav(fund: FakeFund, date: string, classes: FakeClassNav[], netAsset: number): object {
  const single = classes.length === 1 && classes[0]!.name === null ? classes[0]! : null;
  const remark = single ? '' : classes.map((c) => `${c.name}= ${c.nav.toFixed(4)}`).join('/');
  return {
    last_upd_date: `${date}T18:30:00`,
    nav_date: date,
    net_asset: netAsset,
    last_val: single ? single.nav : 0,
    previous_val: 0,
    amc_info: [
      {
        unique_id: fund.unique_id,
        sell_price: single?.offer ?? 0,
        buy_price: single?.redemption ?? 0,
        sell_swap_price: 0,
        buy_swap_price: 0,
        remark_th: remark,
        remark_en: remark,
      },
    ],
  };
}

/** The newer shape: an array with one row per class, `class_abbr_name` "-" for a fund without one. */
export function arrayNav(date: string, classes: FakeClassNav[]): object[] {
  return classes.map((c) => ({
    nav_date: date,
    class_abbr_name: c.name ?? '-',
    net_asset: c.netAsset ?? 0,
    last_val: c.nav,
    previous_val: 0,
    sell_price: c.offer ?? 0,
    buy_price: c.redemption ?? 0,
    sell_swap_price: 0,
    buy_swap_price: 0,
    last_upd_date: `${date}T18:30:00`,
  }));
}

export interface FakeSecOptions {
  factsheetKey: string;
  dailyinfoKey: string;
  /** SEC's limit: calls per window per subscription key. */
  callsPerWindow?: number;
  windowMs?: number;
  /** Seconds the over-limit answers name in Retry-After. */
  retryAfterSeconds?: number;
}

export interface FakeSec {
  url: string;
  amcs: FakeAmc[];
  funds: FakeFund[];
  /** Bodies by `proj_id|date`: what the daily NAV call answers (absent: 204). */
  navs: Map<string, unknown>;
  /** Paths asked, in order (no keys). */
  asked: string[];
  /** Answers by status. */
  statuses: Map<number, number>;
  /** Over-limit answers to give now, whatever the window (each one 429 or 421). */
  overLimitNext: (421 | 429)[];
  /** Per path: answered once with this status, then normally. */
  failOnce: Map<string, number>;
  /** Per path: answered after this many ms. */
  slow: Map<string, number>;
  /** Per path: a body that is not JSON, every time. */
  broken: Set<string>;
  /** Every key header value received (to check no other header carried one). */
  keysSeen: Set<string>;
  /** Answers immediately to every path: no window (the bench's instant source). */
  unlimited: boolean;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

export async function startFakeSec(options: FakeSecOptions): Promise<FakeSec> {
  const callsPerWindow = options.callsPerWindow ?? 3000;
  const windowMs = options.windowMs ?? 300_000;
  const calls = new Map<string, number[]>();
  const fake: Omit<FakeSec, 'url' | 'close'> = {
    amcs: [],
    funds: [],
    navs: new Map(),
    asked: [],
    statuses: new Map(),
    overLimitNext: [],
    failOnce: new Map(),
    slow: new Map(),
    broken: new Set(),
    keysSeen: new Set(),
    unlimited: false,
  };
  const answer = (res: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>) => {
    fake.statuses.set(status, (fake.statuses.get(status) ?? 0) + 1);
    if (body === undefined) {
      res.writeHead(status, headers);
      res.end();
    } else json(res, status, body, headers);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0]!;
    fake.asked.push(path);
    const product = path.startsWith('/FundFactsheet/')
      ? 'FundFactsheet'
      : path.startsWith('/FundDailyInfo/')
        ? 'FundDailyInfo'
        : null;
    if (!product) return answer(res, 404, { statusCode: 404, message: 'Resource not found' });
    const key = req.headers['ocp-apim-subscription-key'];
    if (typeof key === 'string') fake.keysSeen.add(key);
    const expected = product === 'FundFactsheet' ? options.factsheetKey : options.dailyinfoKey;
    if (key !== expected)
      return answer(res, 401, {
        statusCode: 401,
        message:
          'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
      });
    // The window, per key (a subscription), counted as calls arrive.
    const over = fake.overLimitNext.shift();
    const retryAfter = String(options.retryAfterSeconds ?? 1);
    if (over)
      return answer(
        res,
        over,
        { statusCode: over, message: 'Rate limit is exceeded.' },
        { 'retry-after': retryAfter },
      );
    if (!fake.unlimited) {
      const now = Date.now();
      const times = (calls.get(key) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= callsPerWindow) {
        calls.set(key, times);
        return answer(
          res,
          429,
          { statusCode: 429, message: 'Rate limit is exceeded.' },
          { 'retry-after': retryAfter },
        );
      }
      times.push(now);
      calls.set(key, times);
    }
    const failure = fake.failOnce.get(path);
    if (failure) {
      fake.failOnce.delete(path);
      return answer(res, failure, { statusCode: failure, message: 'Internal server error' });
    }
    const delay = fake.slow.get(path);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (fake.broken.has(path)) {
      fake.statuses.set(200, (fake.statuses.get(200) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    let m: RegExpExecArray | null;
    if (path === '/FundFactsheet/fund/amc')
      return answer(
        res,
        200,
        fake.amcs.map((a) => ({ ...a, last_upd_date: '2024-01-01T00:00:00' })),
      );
    if ((m = /^\/FundFactsheet\/fund\/amc\/([^/]+)$/.exec(path))) {
      const funds = fake.funds.filter((f) => f.unique_id === decodeURIComponent(m![1]!));
      if (funds.length === 0) return answer(res, 204);
      return answer(
        res,
        200,
        funds.map(({ policy_desc: _policy, facts: _facts, ...f }) => ({
          ...f,
          regis_id: `${f.proj_id}-R`,
          permit_us_investment: 'N',
          invest_country_flag: '1',
          last_upd_date: f.last_upd_date ?? '2024-01-01T00:00:00',
        })),
      );
    }
    if ((m = /^\/FundFactsheet\/fund\/([^/]+)\/(risk|fee|benchmark|dividend|URLs|IPO)$/.exec(path))) {
      const fund = fake.funds.find((f) => f.proj_id === decodeURIComponent(m![1]!));
      const body = fund?.facts?.[m[2] as FactPart];
      return body === undefined ? answer(res, 204) : answer(res, 200, body);
    }
    if ((m = /^\/FundFactsheet\/fund\/([^/]+)\/policy$/.exec(path))) {
      const fund = fake.funds.find((f) => f.proj_id === decodeURIComponent(m![1]!));
      if (!fund) return answer(res, 204);
      if (fund.facts?.policy) return answer(res, 200, fund.facts.policy);
      return answer(res, 200, {
        policy_desc: fund.policy_desc,
        investment_policy_desc: '',
        management_style: 'AM',
        last_upd_date: '2024-01-01T00:00:00',
      });
    }
    if ((m = /^\/FundDailyInfo\/([^/]+)\/dailynav\/(\d{4}-\d{2}-\d{2})$/.exec(path))) {
      const body = fake.navs.get(`${decodeURIComponent(m[1]!)}|${m[2]}`);
      return body === undefined ? answer(res, 204) : answer(res, 200, body);
    }
    return answer(res, 404, { statusCode: 404, message: 'Resource not found' });
  };
  const s = await server(handle);
  return Object.assign(fake, { url: s.url, close: s.close });
}
