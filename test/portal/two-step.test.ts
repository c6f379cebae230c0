import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { Browser, createPortalApp, PASSWORD, signedUpDeveloper } from './helpers.js';

// Sessions and two-step sign-in (issue 54, item 18): the account's active sessions with device, address
// and last seen, each signed out on its own; TOTP (RFC 6238) sign-in with recovery codes shown once,
// each code working once, kept hashed.

let t: TestApp;
let clock = new Date('2026-12-07T03:00:00Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await createPortalApp({ now: () => clock });
});
afterAll(() => t.close());

const codeAt = (secret: string, when = clock) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: when.getTime() });

/** Turns two-step on for a signed-in browser; its secret and recovery codes. */
async function turnOn(browser: Browser): Promise<{ secret: string; codes: string[] }> {
  const setup = await browser.post('/me/two-step/setup', { password: PASSWORD });
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect((await browser.post('/me/two-step/enable', { code: '000000' })).json().code).toBe('code_invalid');
  later(30_000);
  const enabled = await browser.post('/me/two-step/enable', { code: codeAt(secret) });
  expect(enabled.statusCode).toBe(200);
  return { secret, codes: enabled.json().recoveryCodes };
}

describe('sessions', () => {
  it('lists the active sessions with device, address and last seen, and signs out one of them', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const other = new Browser(t.app, '203.0.113.9');
    await other.session();
    await other.request('POST', '/signin', { email, password: PASSWORD }, { 'user-agent': 'Phone/1.0' });
    other.csrf = (await other.session()).csrfToken;
    const list = (await browser.get('/sessions')).json();
    expect(list).toHaveLength(2);
    const phone = list.find((s: { device: string | null }) => s.device === 'Phone/1.0');
    expect(phone).toMatchObject({ address: '203.0.113.9', current: false });
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/[0-9a-f]{64}/);

    expect((await browser.request('DELETE', `/sessions/${phone.id}`)).statusCode).toBe(204);
    expect((await other.get('/me')).statusCode).toBe(401);
    expect((await browser.get('/me')).statusCode).toBe(200);
    // Another developer's session id names nothing here.
    const stranger = await signedUpDeveloper(t);
    const mine = (await browser.get('/sessions')).json()[0].id;
    expect((await stranger.browser.request('DELETE', `/sessions/${mine}`)).statusCode).toBe(404);
    expect((await browser.get('/me')).statusCode).toBe(200);
  });
});

describe('two-step sign-in', () => {
  it('asks for a code after the password once on, takes each code once, and a recovery code once', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { secret, codes } = await turnOn(browser);
    expect(codes).toHaveLength(10);
    expect((await browser.get('/me')).json().twoStep).toBe(true);
    expect((await browser.get('/me/two-step')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Kept hashed: no code, and no secret in the clear beside it, in the codes' table.
    const stored = await t.store.db.selectFrom('recovery_codes').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));

    const fresh = new Browser(t.app, '198.51.100.77');
    const first = await fresh.signin(email, PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoStep: true });
    expect(first.json().developer).toBeUndefined();
    const { challenge } = first.json();
    expect((await fresh.get('/me')).statusCode).toBe(401);
    expect((await fresh.post('/signin/code', { challenge, code: '123456' })).json().code).toBe(
      'code_invalid',
    );
    later(30_000);
    const code = codeAt(secret);
    const signedIn = await fresh.post('/signin/code', { challenge, code });
    expect(signedIn.statusCode).toBe(200);
    fresh.csrf = signedIn.json().csrfToken;
    expect((await fresh.get('/me')).statusCode).toBe(200);
    // The challenge and the code are spent.
    expect((await fresh.post('/signin/code', { challenge, code })).json().code).toBe('token_invalid');
    const again = new Browser(t.app, '198.51.100.78');
    const second = (await again.signin(email, PASSWORD)).json().challenge;
    expect((await again.post('/signin/code', { challenge: second, code })).json().code).toBe('code_invalid');
    // A recovery code, any case, with or without its dash: once.
    const recovery = codes[0]!.toUpperCase().replace('-', '');
    expect((await again.post('/signin/code', { challenge: second, code: recovery })).statusCode).toBe(200);
    const third = new Browser(t.app, '198.51.100.79');
    const challenge3 = (await third.signin(email, PASSWORD)).json().challenge;
    expect((await third.post('/signin/code', { challenge: challenge3, code: codes[0] })).json().code).toBe(
      'code_invalid',
    );
    expect((await browser.get('/me/two-step')).json().recoveryCodesLeft).toBe(9);

    // A challenge lasts 5 minutes.
    later(5 * 60_000 + 1);
    expect(
      (await third.post('/signin/code', { challenge: challenge3, code: codeAt(secret) })).json().code,
    ).toBe('token_invalid');
  });

  it('turns off with the password and a code; sign-in is one step again', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { secret } = await turnOn(browser);
    later(30_000);
    const wrong = await browser.post('/me/two-step/disable', {
      password: 'not-the-password!',
      code: codeAt(secret),
    });
    expect(wrong.statusCode).toBe(403);
    const off = await browser.post('/me/two-step/disable', { password: PASSWORD, code: codeAt(secret) });
    expect(off.statusCode).toBe(200);
    const fresh = new Browser(t.app, '198.51.100.80');
    const res = await fresh.signin(email, PASSWORD);
    expect(res.json().developer.email).toBe(email);
  });

  it('refuses a guessed code after a few tries, for that developer only', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    await turnOn(browser);
    const fresh = new Browser(t.app, '198.51.100.81');
    const { challenge } = (await fresh.signin(email, PASSWORD)).json();
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push((await fresh.post('/signin/code', { challenge, code: String(100000 + i) })).statusCode);
    // Five wrong codes a minute (the wrong first code of turnOn among them), then 429.
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers.at(-1)).toBe(429);
  });
});
