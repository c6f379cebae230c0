import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { INVALID_KEY } from '../helpers/operations.js';
import { act, subscribe } from '../helpers/subscriptions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ keyGuessLimit: 5 });
});
afterAll(async () => t.close());

const guess = () => randomBytes(16).toString('hex');
const call = (key: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    url: '/api/ExchangeRateService/Getfxfamily',
    headers: { 'ocp-apim-subscription-key': key },
    remoteAddress,
  });

describe('key guessing', () => {
  it('is slowed down with 429 per client address, without locking out others', async () => {
    // A key this process has seen working from the guessing address (a neighbour behind the same NAT).
    expect((await call(t.key)).statusCode).toBe(200);
    const unseen = await subscribe(t);

    for (let i = 0; i < 5; i++) expect((await call(guess())).json()).toEqual(INVALID_KEY);
    const slowed = await call(guess());
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({
      statusCode: 429,
      message: 'Rate limit is exceeded. Try again in 300 seconds.',
    });
    expect(slowed.headers['retry-after']).toBe('300');

    // While blocked, no key is even looked up for that address, so guesses learn nothing...
    expect((await call(guess())).statusCode).toBe(429);
    expect((await call(unseen.primaryKey)).statusCode).toBe(429);
    // ...but a key already known valid here still works, and other addresses are untouched.
    expect((await call(t.key)).statusCode).toBe(200);
    expect((await call(guess(), '198.51.100.9')).json()).toEqual(INVALID_KEY);
    expect((await call(unseen.primaryKey, '198.51.100.9')).statusCode).toBe(200);
  });

  it('does not count a missing key or a valid key of a suspended subscription as a guess', async () => {
    const address = '192.0.2.44';
    const suspended = await subscribe(t);
    await act(t, suspended.id, 'suspend');
    for (let i = 0; i < 10; i++) {
      const missing = await t.app.inject({
        url: '/api/ExchangeRateService/Getfxfamily',
        remoteAddress: address,
      });
      expect(missing.statusCode).toBe(401);
      expect((await call(suspended.primaryKey, address)).json()).toEqual(INVALID_KEY);
    }
    expect((await call(guess(), address)).json()).toEqual(INVALID_KEY);
  });
});
