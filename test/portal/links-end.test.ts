import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { Browser, createPortalApp, linkFor, PASSWORD, signedUpDeveloper } from './helpers.js';

// A new password ends every reset and email-change link mailed before it: a pending change of address
// to someone else's mailbox must not outlive the password the owner changed (issue 54, break 4).

let t: TestApp;
beforeAll(async () => {
  t = await createPortalApp();
});
afterAll(() => t.close());

let n = 0;
/** An email-change link to a new address and a reset link, both mailed and unused. */
async function pendingLinks(browser: Browser, email: string) {
  const taker = `taker${++n}-${process.pid}@example.org`;
  expect((await browser.post('/me/email', { email: taker, password: PASSWORD })).statusCode).toBe(202);
  const anonymous = new Browser(t.app, `192.0.2.${60 + n}`);
  await anonymous.session();
  expect((await anonymous.post('/password/forgot', { email })).statusCode).toBe(202);
  return {
    anonymous,
    emailLink: await linkFor(t, taker, 'email'),
    resetLink: await linkFor(t, email, 'reset'),
  };
}

describe('links mailed before a new password', () => {
  it('end when the password is changed', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { anonymous, emailLink, resetLink } = await pendingLinks(browser, email);
    const changed = await browser.post('/me/password', {
      current: PASSWORD,
      password: 'a changed passphrase',
    });
    expect(changed.statusCode).toBe(200);
    browser.csrf = changed.json().csrfToken;
    expect((await anonymous.post('/confirm', { token: emailLink })).json().code).toBe('token_invalid');
    const reset = await anonymous.post('/password/reset', {
      token: resetLink,
      password: 'taken over phrase',
    });
    expect(reset.json().code).toBe('token_invalid');
    expect((await browser.get('/me')).json()).toMatchObject({ email, pendingEmail: null });
  });

  it('end when the password is reset', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { anonymous, emailLink, resetLink } = await pendingLinks(browser, email);
    const reset = await anonymous.post('/password/reset', {
      token: resetLink,
      password: 'a reset passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect((await anonymous.post('/confirm', { token: emailLink })).json().code).toBe('token_invalid');
    const owner = new Browser(t.app, browser.address);
    expect((await owner.signin(email, 'a reset passphrase')).json().developer).toMatchObject({
      email,
      pendingEmail: null,
    });
  });
});
