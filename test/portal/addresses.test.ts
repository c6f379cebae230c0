import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { Browser, createPortalApp, outbox, PASSWORD, signedUpDeveloper } from './helpers.js';

// Email addresses the portal takes (issue 54, breaks 5 and 6): plain addresses only, one rule for
// sign-up, sign-in, forgot, a new address and invitations; a store never sees a control character;
// and the mail one mailbox gets is bounded whoever asks for it.

let t: TestApp;
beforeAll(async () => {
  t = await createPortalApp();
});
afterAll(() => t.close());

/** Every way the portal takes an address, each answering `email`'s refusal as status and code. */
async function everyEntry(email: string): Promise<Record<string, [number, string]>> {
  const { browser } = await signedUpDeveloper(t);
  const anonymous = new Browser(t.app, '192.0.2.120');
  await anonymous.session();
  const answers = {
    signup: await anonymous.post('/signup', { name: 'N', email, password: PASSWORD, lang: 'en' }),
    signin: await anonymous.post('/signin', { email, password: PASSWORD }),
    forgot: await anonymous.post('/password/forgot', { email }),
    change: await browser.post('/me/email', { email, password: PASSWORD }),
    invite: await t.app.inject({
      method: 'POST',
      url: '/admin/developers/invitations',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { email },
    }),
  };
  return Object.fromEntries(
    Object.entries(answers).map(([entry, res]) => [entry, [res.statusCode, res.json().code ?? 'admin']]),
  );
}
const refusedEverywhere = {
  signup: [400, 'email_invalid'],
  signin: [400, 'email_invalid'],
  forgot: [400, 'email_invalid'],
  change: [400, 'email_invalid'],
  invite: [400, 'admin'],
};

describe('plain addresses only', () => {
  it.each([
    'victim@x.test>',
    'x@x.test,y@x.test',
    'Victim <victim@x.test>',
    '"victim"@x.test',
    'victim@@x.test',
    'victim@x',
    'vic tim@x.test',
  ])('refuses %s wherever an address is taken', async (email) => {
    expect(await everyEntry(email)).toEqual(refusedEverywhere);
  });

  it.each(['nul\u0000@x.test', 'bell\u0007@x.test', 'del\u007f@x.test', 'zero\u200b@x.test'])(
    'answers a control or invisible character (%j) with 400, never 500',
    async (email) => {
      expect(await everyEntry(email)).toEqual(refusedEverywhere);
    },
  );
});

describe('mail to one mailbox', () => {
  it('is bounded per recipient, however many accounts and +tags ask for it', async () => {
    const statuses: number[] = [];
    const mailed = outbox(t).length;
    for (let d = 0; d < 4; d++) {
      const { browser } = await signedUpDeveloper(t);
      // All from one client address, as one person with four accounts.
      const same = new Browser(t.app, '192.0.2.130');
      same.cookies = browser.cookies;
      same.csrf = browser.csrf;
      for (let i = 0; i < 5; i++) {
        const email = `victim+${d}${i}@example.net`;
        statuses.push((await same.post('/me/email', { email, password: PASSWORD })).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    await expect
      .poll(() =>
        outbox(t)
          .slice(mailed)
          .filter((m) => m.includes('To: victim+')),
      )
      .toHaveLength(5);
  });
});
