import { describe, expect, it } from 'vitest';
import { bangkokToday } from '../../src/domain/dates.js';
import { sync, syncFrom } from './services.js';
import { firstFundPrices, fundOf, hostileSuite, stream, type Hostile } from './hostile.js';

// Issue 45, item 1: an upstream that streams an endless, valid-looking array. The sync reads no more
// than its limit of an answer, stops reading there, and fails the batch saying which operation, for
// which days, and the limit; it publishes nothing of that batch.

const UNTIL = '2014-03-31';
/** The test's own guard: an upstream that no client stops sends this much, then ends its array. */
const CAP = 64 * 1024 * 1024;
const LIMIT = 1_000_000;
const suite = hostileSuite(UNTIL);
const { upstream, mirror } = suite;

describe('sync from a hostile upstream', () => {
  it('reads no more of an endless answer than its limit, and fails the batch naming the operation, days and limit', async () => {
    const endless = firstFundPrices();
    let sent: Promise<number> | undefined;
    const hostile: Hostile = await upstream(async (req, res, real) => {
      if (!endless.is(req)) return false;
      // The fund's own first price, again and again: every piece of it is of the interface.
      const first = JSON.stringify((JSON.parse((await real()).text) as unknown[])[0]);
      sent = stream(res, `[${first}`, `,${first}`, ']', CAP);
      return true;
    });
    const b = await mirror();

    const summary = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url, maxAnswerBytes: LIMIT });
    const fund = fundOf(endless.url!);
    expect(summary.result).toBe('failed');
    expect(summary.error).toBe(
      `FundPrice_ByFundCode (fund ${fund}, 1900-01-01 to ${bangkokToday()}): ` +
        `the answer is larger than the limit of 1,000,000 bytes (SYNC_MAX_ANSWER_BYTES)`,
    );
    // It stopped reading at the limit: the upstream could send little more than what the sockets
    // between them hold.
    expect(await sent).toBeLessThan(LIMIT + 16 * 1024 * 1024);
    // Nothing of the fund's batch was published.
    const prices = await b.store.db
      .selectFrom('fund_prices')
      .select('fund_id')
      .where('fund_id', '=', Number(fund))
      .execute();
    expect(prices).toEqual([]);
  }, 120_000);
});
