import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  isoDay,
  RatesApiError,
  RatesClient,
  type DateInput,
  type DepositRate,
  type FundNavRange,
  type FundNavStatistics,
  type FundPriceListItem,
  type FundPriceRecord,
  type FxBannerRow,
  type FxConversion,
  type FxDay,
  type FxFamily,
  type FxLastUpdate,
  type FxRateRow,
  type FxRound,
  type LatestDateRecord,
  type NavFund,
  type FundDividend,
  type FundFacts,
  type ListedFundFacts,
  type NavFundPrice,
  type NavLatestDate,
  type NavMaxMin,
  type NavPriceRecord,
  type NavUpdateDay,
  type UpdateDay,
} from '../../src/client/index.js';
import { publishBatch } from '../../src/store/publisher.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { answerOf, Conformance, operationsOf } from '../helpers/openapi.js';
import { INVALID_KEY, MISSING_KEY, operations } from '../helpers/operations.js';

// The client against the real app over real HTTP. Its fetch also checks every answer against the
// served OpenAPI document, as createTestApp's inject does.
let t: TestApp;
let base: string;
let conformance: Conformance;
let client: RatesClient;
const checkedFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(String(input));
  const problems = conformance.problems(
    init?.method ?? 'GET',
    url.pathname + url.search,
    await answerOf(res.clone()),
  );
  if (problems.length > 0) throw new Error(`Answer to ${url.pathname} is not in /openapi.json: ${problems}`);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  conformance = await Conformance.of(t.app);
  client = new RatesClient({ baseUrl: base, key: t.key, fetch: checkedFetch });
});
afterAll(async () => t.close());

const bangkokMidnight = (iso: string) => new Date(`${iso}T00:00:00+07:00`);

describe('RatesClient against a running server', () => {
  it('calls every operation and gets what the API answers', async () => {
    const f = t.fixture;
    const from = `${f.latest.slice(0, 4)}-01-01` as DateInput;
    const to = bangkokMidnight(f.latest);
    const [year, month] = [Number(f.latest.slice(0, 4)), Number(f.latest.slice(5, 7))];
    const calls: Record<string, () => Promise<unknown>> = {
      MutualFundApi_GetFundCode: () => client.getNavByFundCode(101, from, to),
      FundPriceWebApi_Fund_Nav_FundCode: () => client.fundNavByFundCode('101', from, to),
      FundPriceWebApi_FundPrice_Fundcode: () => client.fundPriceByFundCode(101, from, to),
      AllFundPrices: () => client.allFundPrices(to),
      GetDownloadfxrates: () => client.getDownloadFxRates('USD50', from, to, 'en'),
      GetfxbannerAPI: () => client.getFxBanner(['USD50', 'GBP']),
      InterestRates_GetDepositRate: () => client.getDepositRate(),
      Getfxfamily: () => client.getFxFamily(),
      FundPriceWebApi_GetUpdateInMonth: () => client.getUpdateInMonth(year, month, 101),
      LatestDate: () => client.latestDate(),
      AllFundsName: () => client.allFundsName(),
      Fund_Nav: () => client.fundNav('101', from, to),
      FundPrice: () => client.fundPrice(101, from, to),
      InterestRates_GetLoanRate: () => client.getLoanRate(),
      InterestRates_GetDepositRateOn: () => client.getDepositRateOn(f.latest as DateInput),
      InterestRates_GetLoanRateOn: () => client.getLoanRateOn(f.latest as DateInput),
      // The website's ExchangeRateService operations, as test/helpers/operations.ts calls them.
      GetLatestfxrates: () => client.getLatestFxRates(),
      Getfxrates: () => client.getFxRates(to, 2, 'en'),
      GetfxratesLastUpdate: () => client.getFxRatesLastUpdate(),
      GetDateTimeLastUpdate: () => client.getDateTimeLastUpdate(),
      GetDayInMonth: () => client.getFxDayInMonth(year, month),
      ExchangeRate_GetUpdateInMonth: () => client.getFxUpdateInMonth(to),
      GetChartfxrates: () => client.getChartFxRates('USD50', to, f.latest as DateInput, 'th'),
      Convert: () => client.convert(100, 'usd', 'JPY'),
      FxCal: () => client.fxCal(100, 'usd', 'THB'),
      // The nav group (contract notes: the newer website).
      nav_LatestDate: () => client.navLatestDate(),
      nav_AllFundNames: () => client.navAllFundNames(),
      nav_GetUpdateInMonth: () => client.navGetUpdateInMonth(year, month, 0),
      nav_AllFundPrices: () => client.navAllFundPrices(to),
      nav_FundMaxMinNav: () => client.navFundMaxMinNav(101, from, to),
      nav_NavHistory: () => client.navHistory('101', from, to),
      GetMarketsum: () => client.getMarketSummary(),
      FundFacts: () => client.fundFacts(101),
      AllFundFacts: () => client.allFundFacts(),
      FundDividends: () => client.fundDividends(202, '2020-01-01', to),
    };
    const documented = operationsOf(conformance.doc).map((o) => o.operation.operationId);
    expect(Object.keys(calls).sort()).toEqual(documented.sort());

    for (const op of operations(f)) {
      const direct = await t.app.inject({
        method: op.method,
        url: op.url,
        headers: { 'ocp-apim-subscription-key': t.key },
      });
      const result = await calls[op.id]!();
      expect(result, op.id).toEqual(direct.json());
      const rows = Array.isArray(result) ? result : ((result as Partial<FundNavRange>).NAVList ?? [result]);
      expect(rows.length, op.id).toBeGreaterThan(0);
    }
  });

  it('downloads the FX rates as CSV, in Thai format on request', async () => {
    const csv = await client.getDownloadFxRatesCsv(
      'USD50',
      bangkokMidnight(t.fixture.latest),
      t.fixture.latest as DateInput,
      'th',
    );
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Family,BuyingRates,SellingRates,SightBill,Bill_DD_TT,TT,Ddate,DTime');
    expect(row).toMatch(new RegExp(`^USD50,.*/${Number(t.fixture.latest.slice(0, 4)) + 543},15:30$`));
  });

  it('takes a Date as its Bangkok day and refuses a day that does not exist before calling', async () => {
    expect(isoDay(new Date('2026-01-04T17:00:00Z'))).toBe('2026-01-05');
    expect(isoDay(new Date('2026-01-05T16:59:59Z'))).toBe('2026-01-05');
    expect(isoDay('2024-02-29')).toBe('2024-02-29');
    await expect(client.allFundPrices('2026-02-30')).rejects.toThrow(RangeError);
    await expect(client.allFundPrices(new Date(Number.NaN))).rejects.toThrow(RangeError);
  });

  it('asks for answers as of an instant (asOf: Accept-Datetime), for the client or for one call', async () => {
    const then = new Date();
    // Accept-Datetime names seconds: the rename commits in a later one.
    await new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));
    const {
      batch_id: _b,
      code_key: _k,
      ...fund
    } = await t.store.db.selectFrom('funds').selectAll().where('id', '=', 999).executeTakeFirstOrThrow();
    await publishBatch(t.store, { kind: 'funds', source: 'client test' }, (w) =>
      w.write('funds', [{ ...fund, name_en: 'Renamed Empty Fund' }]),
    );
    const nameOf = (funds: { mf_iNumber: string; mf_sEng: string }[]) =>
      funds.find((f) => f.mf_iNumber === '999')?.mf_sEng;
    expect(nameOf(await client.allFundsName())).toBe('Renamed Empty Fund');
    expect(nameOf(await client.allFundsName({ asOf: then }))).toBe(fund.name_en);
    const past = new RatesClient({ baseUrl: base, key: t.key, fetch: checkedFetch, asOf: then });
    expect(nameOf(await past.allFundsName())).toBe(fund.name_en);
  });
});

describe('RatesClient errors', () => {
  it('rejects a wrong key with a RatesApiError carrying status 401 and the gateway message', async () => {
    const wrong = new RatesClient({ baseUrl: base, key: '0'.repeat(32), fetch: checkedFetch });
    const error = await wrong.latestDate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RatesApiError);
    expect(error).toMatchObject({ status: 401, message: INVALID_KEY.message, operationId: 'LatestDate' });
    expect((error as RatesApiError).details.requestId).toMatch(/^[\w-]{8,}$/);
    const none = new RatesClient({ baseUrl: base, key: '', fetch: checkedFetch });
    await expect(none.getFxFamily()).rejects.toMatchObject({ status: 401, message: MISSING_KEY.message });
  });

  it('tells a malformed parameter by the message of the gateway body or of the envelope', async () => {
    await expect(client.getDownloadFxRates('USD50', '2026-01-01', '2025-01-01')).rejects.toMatchObject({
      status: 400,
      message:
        "Invalid period: expected a start date on or before the end date, got '2026-01-01 to 2025-01-01'",
    });
    await expect(client.getNavByFundCode('!!', '2026-01-01', '2026-01-31')).rejects.toMatchObject({
      status: 400,
      message: "Invalid fundCode: expected a fund number or short code, got '!!'",
      operationId: 'MutualFundApi_GetFundCode',
    });
  });

  it('converts a decimal string amount exactly, and tells an unknown currency by its 400', async () => {
    // Round 3 of the fixture: USD50 TT 32.43; 1234.56 x 32.43 = 40036.7808.
    expect(await client.convert('1234.56', 'USD', 'THB')).toMatchObject({
      convertedAmount: 40036.78,
      rate: 32.43,
    });
    expect(await client.fxCal('1234.56', 'USD', 'THB')).toBe('40036.7808');
    await expect(client.convert(100, 'XYZ', 'THB')).rejects.toMatchObject({
      status: 400,
      message:
        "Invalid from: expected THB or a currency with a buying TT rate, such as USD or JPY, got 'XYZ'",
      operationId: 'Convert',
    });
  });

  it('rejects with status 0 when the service cannot be reached', async () => {
    const closed = await listen((_req, res) => res.end());
    await new Promise((resolve) => closed.server.close(resolve));
    const away = new RatesClient({ baseUrl: closed.url, key: t.key });
    await expect(away.latestDate()).rejects.toMatchObject({ status: 0, name: 'RatesApiError' });
  });
});

describe('RatesClient retries', () => {
  /** A local stand-in for a limit: answers `plan` in turn, then passes requests on to the real server. */
  async function limiter(plan: { status: number; retryAfter?: string }[]) {
    const seen: number[] = [];
    const stub = await listen(async (req, res) => {
      seen.push(Date.now());
      const step = plan.shift();
      if (step) {
        const headers = {
          'content-type': 'application/json',
          ...(step.retryAfter ? { 'retry-after': step.retryAfter } : {}),
        };
        res
          .writeHead(step.status, headers)
          .end(JSON.stringify({ statusCode: step.status, message: `limit ${step.status}` }));
        return;
      }
      const upstream = await fetch(`${base}${req.url}`, {
        headers: { 'ocp-apim-subscription-key': String(req.headers['ocp-apim-subscription-key']) },
      });
      res
        .writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' })
        .end(await upstream.text());
    });
    return { seen, url: stub.url, close: () => new Promise((resolve) => stub.server.close(resolve)) };
  }

  it('waits the Retry-After of a 429, then succeeds', async () => {
    const stub = await limiter([{ status: 429, retryAfter: '1' }]);
    try {
      const limited = new RatesClient({ baseUrl: stub.url, key: t.key });
      expect(await limited.latestDate()).toEqual([{ mDate: `${t.fixture.latest}T00:00:00` }]);
      expect(stub.seen).toHaveLength(2);
      expect(stub.seen[1]! - stub.seen[0]!).toBeGreaterThanOrEqual(950);
    } finally {
      await stub.close();
    }
  });

  it('tells onRetryWait of each wait before it, and when it is over (a page tells its reader)', async () => {
    const stub = await limiter([{ status: 429, retryAfter: '1' }]);
    const told: string[] = [];
    try {
      const limited = new RatesClient({
        baseUrl: stub.url,
        key: t.key,
        onRetryWait: (ms, status) => {
          told.push(`wait ${ms} after ${status}, ${stub.seen.length} asked`);
          return () => told.push(`over, ${stub.seen.length} asked`);
        },
      });
      await limited.latestDate();
      expect(told).toEqual(['wait 1000 after 429, 1 asked', 'over, 1 asked']);
    } finally {
      await stub.close();
    }
  });

  it('backs off on a 503 without Retry-After, and gives up after the retries it is allowed', async () => {
    const stub = await limiter([
      { status: 503 },
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
    ]);
    try {
      const limited = new RatesClient({ baseUrl: stub.url, key: t.key, retries: 2 });
      await expect(limited.getFxFamily()).rejects.toMatchObject({ status: 429, message: 'limit 429' });
      expect(stub.seen).toHaveLength(3);
    } finally {
      await stub.close();
    }
  });

  it('does not wait longer than allowed, nor retry a quota (403)', async () => {
    const stub = await limiter([{ status: 429, retryAfter: '30' }, { status: 403 }]);
    try {
      const limited = new RatesClient({ baseUrl: stub.url, key: t.key, maxRetryWaitMs: 5000 });
      await expect(limited.latestDate()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
      await expect(limited.latestDate()).rejects.toMatchObject({ status: 403 });
      expect(stub.seen).toHaveLength(2);
    } finally {
      await stub.close();
    }
  });
});

describe('RatesClient types', () => {
  it('types every result with the schemas of the service and checks parameters at compile time', () => {
    const c = new RatesClient({ key: 'k' });
    expectTypeOf(c.getNavByFundCode).returns.resolves.toEqualTypeOf<FundNavRange>();
    expectTypeOf(c.fundNavByFundCode).returns.resolves.toEqualTypeOf<FundNavStatistics[]>();
    expectTypeOf(c.fundPriceByFundCode).returns.resolves.toEqualTypeOf<FundPriceRecord[]>();
    expectTypeOf(c.allFundPrices).returns.resolves.toEqualTypeOf<FundPriceListItem[]>();
    expectTypeOf(c.getDownloadFxRates).returns.resolves.toEqualTypeOf<FxRateRow[]>();
    expectTypeOf(c.getDownloadFxRatesCsv).returns.resolves.toEqualTypeOf<string>();
    expectTypeOf(c.getFxBanner).returns.resolves.toEqualTypeOf<FxBannerRow[]>();
    expectTypeOf(c.getDepositRate).returns.resolves.toEqualTypeOf<DepositRate[]>();
    expectTypeOf(c.getFxFamily).returns.resolves.toEqualTypeOf<FxFamily[]>();
    expectTypeOf(c.getUpdateInMonth).returns.resolves.toEqualTypeOf<UpdateDay[]>();
    expectTypeOf(c.latestDate).returns.resolves.toEqualTypeOf<LatestDateRecord[]>();
    expectTypeOf(c.getLatestFxRates).returns.resolves.toEqualTypeOf<FxBannerRow[]>();
    expectTypeOf(c.getFxRates).returns.resolves.toEqualTypeOf<FxBannerRow[]>();
    expectTypeOf(c.getFxRatesLastUpdate).returns.resolves.toEqualTypeOf<FxLastUpdate[]>();
    expectTypeOf(c.getDateTimeLastUpdate).returns.resolves.toEqualTypeOf<FxLastUpdate[]>();
    expectTypeOf(c.getFxDayInMonth).returns.resolves.toEqualTypeOf<FxDay[]>();
    expectTypeOf(c.getFxUpdateInMonth).returns.resolves.toEqualTypeOf<FxRound[]>();
    expectTypeOf(c.getChartFxRates).returns.resolves.toEqualTypeOf<FxRateRow[]>();
    expectTypeOf(c.convert).returns.resolves.toEqualTypeOf<FxConversion>();
    expectTypeOf(c.navLatestDate).returns.resolves.toEqualTypeOf<NavLatestDate>();
    expectTypeOf(c.navAllFundNames).returns.resolves.toEqualTypeOf<NavFund[]>();
    expectTypeOf(c.navGetUpdateInMonth).returns.resolves.toEqualTypeOf<NavUpdateDay[]>();
    expectTypeOf(c.navAllFundPrices).returns.resolves.toEqualTypeOf<NavFundPrice[]>();
    expectTypeOf(c.navFundMaxMinNav).returns.resolves.toEqualTypeOf<NavMaxMin>();
    expectTypeOf(c.navHistory).returns.resolves.toEqualTypeOf<NavPriceRecord[]>();
    expectTypeOf(c.fundFacts).returns.resolves.toEqualTypeOf<FundFacts | null>();
    expectTypeOf(c.allFundFacts).returns.resolves.toEqualTypeOf<ListedFundFacts[]>();
    expectTypeOf(c.fundDividends).returns.resolves.toEqualTypeOf<FundDividend[]>();
    expectTypeOf<NonNullable<FundFacts['risk']>['level']>().toEqualTypeOf<number>();
    expectTypeOf<NavLatestDate['mdate']>().toEqualTypeOf<string | null>();
    expectTypeOf<NavFund['mfr_fNav']>().toEqualTypeOf<number | null>();
    expectTypeOf<FundPriceRecord['mfr_fNav']>().toEqualTypeOf<number>();
    expectTypeOf<FundNavStatistics['MaxYear_mfr_fNav']>().toEqualTypeOf<number | null>();
    expectTypeOf<RatesApiError['status']>().toEqualTypeOf<number>();
    expectTypeOf(c.allFundPrices).parameter(0).toEqualTypeOf<DateInput>();
    // @ts-expect-error a day is a Date or 'YYYY-MM-DD', not d/m/yyyy
    void (() => c.allFundPrices('05/01/2026'));
    // @ts-expect-error lang is 'en' or 'th'
    void (() => c.getDownloadFxRates('USD50', '2026-01-01', '2026-01-31', 'de'));
  });

  it('is usable in browsers: no Node-only imports, only its own modules and types', () => {
    const dir = join(import.meta.dirname, '..', '..', 'src', 'client');
    for (const file of readdirSync(dir)) {
      const source = readFileSync(join(dir, file), 'utf8');
      // Runtime imports stay inside the client; the result types come from src/schemas as types only.
      for (const [, , typeOnly, from] of source.matchAll(
        /^(import|export)(\s+type)?\s[^;]*?from '([^']+)'/gm,
      )) {
        expect(from!.startsWith('./') || typeOnly !== undefined, `${file}: ${from}`).toBe(true);
      }
      expect(source).not.toMatch(/node:|process\.|Buffer/);
    }
  });
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
