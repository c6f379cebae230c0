import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { createPortalApp, signedUpDeveloper, type Browser } from './helpers.js';

// Keys with an end (issue 54, item 17): an end the developer chooses, which stops the key at that time;
// a regenerate with a grace period, during which the old key still works, and not after it.

const LATEST = '/api/FundPriceService/LatestDate';
const HOUR = 3_600_000;
let t: TestApp;
let clock = new Date('2026-12-07T03:00:00Z');
let productId: number;

const call = async (key: string) =>
  (await t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } })).statusCode;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function subscribed(browser: Browser) {
  const res = await browser.post('/subscriptions', { productId, name: 'app', acceptTerms: true });
  expect(res.statusCode).toBe(201);
  return { id: res.json().subscription.id as number, primary: res.json().primaryKey as string };
}

beforeAll(async () => {
  t = await createPortalApp({ now: () => clock });
  const admin = { authorization: `Bearer ${t.adminToken}` };
  productId = (
    await t.app.inject({
      method: 'POST',
      url: '/admin/products',
      headers: admin,
      payload: { name: 'open', perDeveloper: 9, rateLimit: null },
    })
  ).json().id;
  await t.app.inject({ method: 'POST', url: `/admin/products/${productId}/publish`, headers: admin });
});
afterAll(() => t.close());

describe('keys with an end', () => {
  it('an end the developer gives a key stops it at that time, and not before', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, primary } = await subscribed(browser);
    expect(await call(primary)).toBe(200);
    const end = new Date(clock.getTime() + HOUR).toISOString();
    const set = await browser.request('PUT', `/subscriptions/${id}/keys/primary/expiry`, { expiresAt: end });
    expect(set.statusCode).toBe(200);
    expect(set.json().primaryExpiresAt).toBe(end);
    expect(set.json().secondaryExpiresAt).toBeNull();
    later(HOUR - 1);
    expect(await call(primary)).toBe(200);
    later(1);
    expect(await call(primary)).toBe(401);

    // A time passed is refused; null takes the end away, and the key works again.
    const past = await browser.request('PUT', `/subscriptions/${id}/keys/primary/expiry`, {
      expiresAt: new Date(clock.getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('expiry_invalid');
    const none = await browser.request('PUT', `/subscriptions/${id}/keys/primary/expiry`, {
      expiresAt: null,
    });
    expect(none.json().primaryExpiresAt).toBeNull();
    expect(await call(primary)).toBe(200);
  });

  it('a regenerate with a grace period keeps the old key working until its end, and not after', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, primary } = await subscribed(browser);
    expect(await call(primary)).toBe(200); // read into the key cache before the regenerate
    const regenerated = await browser.post(`/subscriptions/${id}/regenerate`, {
      which: 'primary',
      grace: 3600,
    });
    expect(regenerated.statusCode).toBe(200);
    const { key, oldKeyUntil } = regenerated.json();
    expect(oldKeyUntil).toBe(new Date(clock.getTime() + HOUR).toISOString());
    const shown = (await browser.get(`/subscriptions/${id}`)).json();
    expect(shown.primaryLast4).toBe(key.slice(-4));
    expect(shown.previousPrimary).toEqual({ last4: primary.slice(-4), endsAt: oldKeyUntil });

    expect(await call(primary)).toBe(200);
    expect(await call(key)).toBe(200);
    later(HOUR - 1);
    expect(await call(primary)).toBe(200);
    later(1);
    expect(await call(primary)).toBe(401);
    expect(await call(key)).toBe(200);
    expect((await browser.get(`/subscriptions/${id}`)).json().previousPrimary).toBeNull();
  });

  it('without a grace period the old key stops at once; a second regenerate ends the key kept in grace', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, primary } = await subscribed(browser);
    const first = (
      await browser.post(`/subscriptions/${id}/regenerate`, { which: 'primary', grace: 86_400 })
    ).json();
    expect(await call(primary)).toBe(200);
    const second = (
      await browser.post(`/subscriptions/${id}/regenerate`, { which: 'primary', grace: 0 })
    ).json();
    expect(second.oldKeyUntil).toBeNull();
    expect(await call(primary)).toBe(401);
    expect(await call(first.key)).toBe(401);
    expect(await call(second.key)).toBe(200);

    // The new key may have an end of its own from the start.
    const end = new Date(clock.getTime() + 2 * HOUR).toISOString();
    const third = (
      await browser.post(`/subscriptions/${id}/regenerate`, {
        which: 'secondary',
        grace: 604_800,
        expiresAt: end,
      })
    ).json();
    expect(third.expiresAt).toBe(end);
    expect((await browser.get(`/subscriptions/${id}`)).json().secondaryExpiresAt).toBe(end);
    // Other grace periods than the offered ones are refused.
    expect(
      (await browser.post(`/subscriptions/${id}/regenerate`, { which: 'primary', grace: 60 })).statusCode,
    ).toBe(400);
    later(2 * HOUR);
    expect(await call(third.key)).toBe(401);
    expect(await call(second.key)).toBe(200);
  });

  it("the old key's grace ends with its own earlier end", async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, primary } = await subscribed(browser);
    const end = new Date(clock.getTime() + HOUR).toISOString();
    await browser.request('PUT', `/subscriptions/${id}/keys/primary/expiry`, { expiresAt: end });
    const { oldKeyUntil } = (
      await browser.post(`/subscriptions/${id}/regenerate`, { which: 'primary', grace: 604_800 })
    ).json();
    expect((await browser.get(`/subscriptions/${id}`)).json().previousPrimary.endsAt).toBe(end);
    expect(oldKeyUntil).toBe(end);
    later(HOUR);
    expect(await call(primary)).toBe(401);
  });
});
