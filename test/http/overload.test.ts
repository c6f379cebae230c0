import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
// The lowest threshold: a blocked event loop in this very process trips it.
beforeAll(async () => (t = await createTestApp({ config: { maxEventLoopDelayMs: 1 } })));
afterAll(() => t.close());

/** Blocks this process's event loop, as a burst of CPU-bound work would. */
function busyWait(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // spin
  }
}

describe('overload', () => {
  it('answers 503 with Retry-After in the gateway shape while the event loop lags', async () => {
    // The delay is sampled once a second: keep the loop blocked until a sample sees it.
    let res = await t.app.inject({
      url: '/api/FundPriceService/LatestDate',
      headers: { 'Ocp-Apim-Subscription-Key': t.key },
    });
    for (let i = 0; i < 40 && res.statusCode !== 503; i++) {
      busyWait(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await t.app.inject({
        url: '/api/FundPriceService/LatestDate',
        headers: { 'Ocp-Apim-Subscription-Key': t.key },
      });
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      statusCode: 503,
      message: 'The service is overloaded. Try again in a few seconds.',
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }, 20_000);
});
