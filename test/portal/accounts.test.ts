import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { Browser, createPortalApp, linkFor, outbox, PASSWORD, signedUpDeveloper } from './helpers.js';

// The developer portal's accounts through the real app (docs/portal.md): each security
// rule of issue 43 is a test here.

const clock = new TestClock(Date.parse('2026-11-20T03:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createPortalApp({ now: clock.now, config: { trustProxy: '127.0.0.1' } });
});
afterAll(() => t.close());

let n = 0;
const fresh = () => `person${++n}-${process.pid}@example.com`;

describe('sign-up, confirmation and sign-in', () => {
  it('walks the journey: sign up, open the emailed link, sign in, read the account', async () => {
    const browser = new Browser(t.app, '198.51.100.200');
    const session = await browser.session();
    expect(session).toMatchObject({ developer: null, portal: 'open' });
    const email = fresh();
    const signup = await browser.post('/signup', {
      name: 'Somchai',
      email: email.toUpperCase(),
      password: PASSWORD,
      lang: 'th',
    });
    expect(signup.statusCode).toBe(202);
    expect(signup.json()).toEqual({});
    // Thai for a developer who chose Thai; the link is built from PUBLIC_URL, never the Host header.
    const token = await linkFor(t, email, 'confirm');
    expect(outbox(t).find((m) => m.includes(`To: ${email}`))).toContain(
      'https://portal.example/portal#confirm/',
    );
    expect(outbox(t).find((m) => m.includes(`To: ${email}`))).toContain('โปรดยืนยันอีเมลของคุณ');
    // Signed in before confirming: allowed, but the account says it is not confirmed.
    expect((await browser.signin(email, PASSWORD)).json().developer.confirmed).toBe(false);
    expect((await browser.post('/confirm', { token })).statusCode).toBe(200);
    const me = await browser.get('/me');
    expect(me.json()).toMatchObject({
      email,
      name: 'Somchai',
      lang: 'th',
      confirmed: true,
      pendingEmail: null,
    });
    // The link works once.
    expect((await browser.post('/confirm', { token })).json().code).toBe('token_invalid');
  });

  it('answers a known email as an unknown one, and tells the owner by email instead', async () => {
    const { email } = await signedUpDeveloper(t);
    const browser = new Browser(t.app, '198.51.100.201');
    await browser.session();
    const body = (e: string) => ({ name: 'Other', email: e, password: PASSWORD, lang: 'en' });
    const known = await browser.post('/signup', body(email));
    const unknown = await browser.post('/signup', body(fresh()));
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    await linkFor(t, email, 'reset');
    // The account is unchanged: its password still works.
    expect((await new Browser(t.app, '198.51.100.202').signin(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const { email } = await signedUpDeveloper(t);
    const browser = new Browser(t.app, '198.51.100.203');
    const wrong = await browser.signin(email, 'not-the-password-1');
    const unknown = await browser.signin(fresh(), PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect([wrong.statusCode, wrong.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(wrong.json().code).toBe('signin_failed');
  });

  it('refuses short and common passwords', async () => {
    const browser = new Browser(t.app, '198.51.100.204');
    await browser.session();
    const signup = (password: string) =>
      browser.post('/signup', { name: 'A', email: fresh(), password, lang: 'en' });
    expect((await signup('short-pw1')).json().code).toBe('password_short');
    expect((await signup('qwertyuiop')).json().code).toBe('password_common');
    expect((await signup('Password123')).json().code).toBe('password_common');
    expect((await signup('ten chars!')).statusCode).toBe(202);
  });

  it('keeps passwords out of the store and the answers: argon2id hashes only', async () => {
    const { email } = await signedUpDeveloper(t);
    const row = await t.store.db
      .selectFrom('developers')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax cookie on /portal, Secure only over HTTPS from a trusted proxy', async () => {
    const { email } = await signedUpDeveloper(t);
    const plain = await new Browser(t.app, '198.51.100.205').signin(email, PASSWORD);
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(
      /^rates_portal=[A-Za-z0-9_-]{43}; Path=\/portal; HttpOnly; SameSite=Lax; Max-Age=604800$/,
    );
    const proxied = new Browser(t.app, '127.0.0.1');
    await proxied.session();
    const https = await proxied.request(
      'POST',
      '/signin',
      { email, password: PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure$/);
    // From an address that is not a trusted proxy, the header is not believed.
    const spoofed = new Browser(t.app, '198.51.100.206');
    await spoofed.session();
    const res = await spoofed.request(
      'POST',
      '/signin',
      { email, password: PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('gives a new session id at every sign-in; the old id opens nothing', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const before = browser.cookies.get('rates_portal');
    expect((await browser.signin(email, PASSWORD)).statusCode).toBe(200);
    const after = browser.cookies.get('rates_portal');
    expect(after).not.toBe(before);
    const old = await t.app.inject({ url: '/portal/api/me', cookies: { rates_portal: before! } });
    expect(old.statusCode).toBe(401);
    expect((await browser.get('/me')).statusCode).toBe(200);
  });

  it('stores only a hash of the session id', async () => {
    const { browser } = await signedUpDeveloper(t);
    const id = browser.cookies.get('rates_portal')!;
    const rows = await t.store.db.selectFrom('portal_sessions').select('id_hash').execute();
    expect(rows.some((r) => r.id_hash === id)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('ends after 2 hours idle and 7 days after sign-in', async () => {
    const { browser } = await signedUpDeveloper(t);
    clock.advance(2 * 3_600_000 - 1000);
    expect((await browser.get('/me')).statusCode).toBe(200);
    clock.advance(2 * 3_600_000 - 1000);
    expect((await browser.get('/me')).statusCode).toBe(200);
    clock.advance(2 * 3_600_000);
    expect((await browser.get('/me')).statusCode).toBe(401);

    const other = await signedUpDeveloper(t);
    for (let hours = 0; hours < 7 * 24; hours += 1.5) {
      clock.advance(1.5 * 3_600_000);
      if ((await other.browser.get('/me')).statusCode !== 200) break;
    }
    expect((await other.browser.get('/me')).statusCode).toBe(401);
  });

  it('signing out ends the session', async () => {
    const { browser } = await signedUpDeveloper(t);
    const id = browser.cookies.get('rates_portal')!;
    expect((await browser.post('/signout')).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/portal/api/me', cookies: { rates_portal: id } })).statusCode).toBe(
      401,
    );
  });

  it('changing the password ends every other session and gives this one a new id', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const other = new Browser(t.app, '198.51.100.207');
    expect((await other.signin(email, PASSWORD)).statusCode).toBe(200);
    const before = browser.cookies.get('rates_portal');
    const changed = await browser.post('/me/password', {
      current: PASSWORD,
      password: 'a new long passphrase',
    });
    expect(changed.statusCode).toBe(200);
    browser.csrf = changed.json().csrfToken;
    expect(browser.cookies.get('rates_portal')).not.toBe(before);
    expect((await browser.get('/me')).statusCode).toBe(200);
    expect((await other.get('/me')).statusCode).toBe(401);
    const wrong = await browser.post('/me/password', { current: PASSWORD, password: 'another passphrase' });
    expect(wrong.json().code).toBe('password_wrong');
  });
});

describe('CSRF', () => {
  it('refuses a change without the token, with a wrong one, and with another session’s', async () => {
    const { browser } = await signedUpDeveloper(t);
    const other = await signedUpDeveloper(t);
    const cases = [undefined, 'wrong', other.browser.csrf];
    for (const token of cases) {
      browser.csrf = '';
      const res = await browser.request(
        'PATCH',
        '/me',
        { name: 'Mallory' },
        token ? { 'x-csrf-token': token } : {},
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('csrf');
    }
    browser.csrf = (await browser.session()).csrfToken;
    expect((await browser.patch('/me', { name: 'Alice' })).json().name).toBe('Alice');
  });

  it('binds the token before sign-in to the rates_csrf cookie', async () => {
    const browser = new Browser(t.app, '198.51.100.208');
    const { csrfToken } = await browser.session();
    const stranger = new Browser(t.app, '198.51.100.208');
    const res = await stranger.request(
      'POST',
      '/password/forgot',
      { email: fresh() },
      { 'x-csrf-token': csrfToken },
    );
    expect(res.json().code).toBe('csrf');
    expect((await browser.post('/password/forgot', { email: fresh() })).statusCode).toBe(202);
  });
});

describe('password reset', () => {
  it('mails a single-use link that works for an hour and ends every session', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const anonymous = new Browser(t.app, '198.51.100.209');
    await anonymous.session();
    const known = await anonymous.post('/password/forgot', { email });
    const unknown = await anonymous.post('/password/forgot', { email: fresh() });
    expect([known.statusCode, known.body]).toEqual([202, '{}']);
    expect([unknown.statusCode, unknown.body]).toEqual([202, '{}']);
    const token = await linkFor(t, email, 'reset');
    expect((await anonymous.post('/password/reset', { token, password: 'short' })).json().code).toBe(
      'password_short',
    );
    expect(
      (await anonymous.post('/password/reset', { token, password: 'brand new passphrase' })).statusCode,
    ).toBe(200);
    expect((await browser.get('/me')).statusCode).toBe(401);
    expect(
      (await anonymous.post('/password/reset', { token, password: 'yet another phrase' })).json().code,
    ).toBe('token_invalid');
    expect(
      (await new Browser(t.app, '198.51.100.210').signin(email, 'brand new passphrase')).statusCode,
    ).toBe(200);

    const mailed = outbox(t).length;
    await anonymous.post('/password/forgot', { email });
    const late = await linkFor(t, email, 'reset', mailed);
    clock.advance(3_600_000 + 1000);
    expect(
      (await anonymous.post('/password/reset', { token: late, password: 'too late passphrase' })).json().code,
    ).toBe('token_invalid');
  });
});

// Sign-in's limits: throttle.test.ts.
describe('limits on sign-up and reset', () => {
  it('limits one address across accounts, for sign-up and reset too', async () => {
    for (const [path, body] of [
      ['/password/forgot', () => ({ email: fresh() })],
      ['/signup', () => ({ name: 'x', email: fresh(), password: 'short', lang: 'en' })],
    ] as const) {
      const browser = new Browser(t.app, `203.0.113.${100 + path.length}`);
      await browser.session();
      const statuses = new Set<number>();
      for (let i = 0; i < 21; i++) statuses.add((await browser.post(path, body())).statusCode);
      expect([path, statuses.has(429)]).toEqual([path, true]);
    }
  });
});

describe('the portal and the admin API keep apart', () => {
  it('the admin token opens nothing of the portal', async () => {
    const res = await t.app.inject({
      url: '/portal/api/me',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('a portal session opens nothing of the admin API', async () => {
    const { browser } = await signedUpDeveloper(t);
    const res = await browser.app.inject({
      url: '/admin/subscriptions',
      cookies: { rates_portal: browser.cookies.get('rates_portal')! },
      headers: { 'x-csrf-token': browser.csrf },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('bodies and email content', () => {
  it('refuses a body over 16 kB', async () => {
    const browser = new Browser(t.app, '198.51.100.211');
    await browser.session();
    const res = await browser.post('/signup', {
      name: 'x'.repeat(20_000),
      email: fresh(),
      password: PASSWORD,
      lang: 'en',
    });
    expect(res.statusCode).toBe(413);
  });

  it('escapes names in the HTML of an email', async () => {
    const browser = new Browser(t.app, '198.51.100.212');
    await browser.session();
    const email = fresh();
    await browser.post('/signup', {
      name: '<img src=x onerror=alert(1)>',
      email,
      password: PASSWORD,
      lang: 'en',
    });
    await linkFor(t, email, 'confirm');
    const html = outbox(t)
      .find((m) => m.includes(`To: ${email}`))!
      .split('Content-Type: text/html')[1]!;
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<p>Hello &#60;img src=x onerror=alert(1)&#62;,</p>');
  });

  it('refuses a name with a line break', async () => {
    const browser = new Browser(t.app, '198.51.100.213');
    await browser.session();
    const res = await browser.post('/signup', {
      name: 'a\r\nBcc: x@example.com',
      email: fresh(),
      password: PASSWORD,
      lang: 'en',
    });
    expect(res.json().code).toBe('bad_request');
  });
});

describe('changing the email address', () => {
  it('moves the account to the new address once its link is opened', async () => {
    const { browser } = await signedUpDeveloper(t);
    const next = fresh();
    expect((await browser.post('/me/email', { email: next, password: 'wrong password!' })).json().code).toBe(
      'password_wrong',
    );
    expect((await browser.post('/me/email', { email: next, password: PASSWORD })).statusCode).toBe(202);
    expect((await browser.get('/me')).json().pendingEmail).toBe(next);
    const token = await linkFor(t, next, 'email');
    expect((await browser.post('/confirm', { token })).statusCode).toBe(200);
    expect((await browser.get('/me')).json()).toMatchObject({
      email: next,
      pendingEmail: null,
      confirmed: true,
    });
  });
});
