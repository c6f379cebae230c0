import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { Browser, createPortalApp, PASSWORD, signedUpDeveloper } from './helpers.js';

// Password guessing is throttled per client address and per address and account, never per account
// alone: others' wrong passwords never keep the owner out (issue 54, break 3).

let t: TestApp;
beforeAll(async () => {
  t = await createPortalApp();
});
afterAll(() => t.close());

let guessers = 0;
/** `count` wrong passwords for `email` from each of `addresses` new addresses; the statuses answered. */
async function guess(email: string, addresses: number, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let a = 0; a < addresses; a++) {
    const browser = new Browser(t.app, `203.0.113.${++guessers}`);
    for (let i = 0; i < count; i++)
      statuses.push((await browser.signin(email, `wrong guess ${i}`)).statusCode);
  }
  return statuses;
}

describe('sign-in throttling', () => {
  it('stops a guesser at one address and account after 5 failures, with Retry-After, the right password too', async () => {
    const { email } = await signedUpDeveloper(t);
    expect(await guess(email, 1, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    const guesser = new Browser(t.app, `203.0.113.${guessers}`);
    const limited = await guesser.signin(email, PASSWORD);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops one address guessing across accounts', async () => {
    const browser = new Browser(t.app, '203.0.113.250');
    const statuses = new Set<number>();
    for (let i = 0; i < 21; i++)
      statuses.add((await browser.signin(`nobody${i}@example.com`, 'wrong guess')).statusCode);
    expect([...statuses]).toEqual([401, 429]);
  });

  it('lets the owner in with the right password after many failures from other addresses', async () => {
    const { email } = await signedUpDeveloper(t);
    const statuses = await guess(email, 6, 6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect((await new Browser(t.app, '198.51.100.240').signin(email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('a signed-in owner', () => {
  it('changes the password and closes the account whatever others tried', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    await guess(email, 6, 6);
    const changed = await browser.post('/me/password', { current: PASSWORD, password: 'a fresh passphrase' });
    expect(changed.statusCode).toBe(200);
    browser.csrf = changed.json().csrfToken;
    expect((await browser.post('/me/close', { password: 'a fresh passphrase' })).statusCode).toBe(204);
  });

  it('is throttled by their own wrong passwords only', async () => {
    const { browser } = await signedUpDeveloper(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await browser.post('/me/close', { password: `not it ${i}` })).statusCode);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });
});
