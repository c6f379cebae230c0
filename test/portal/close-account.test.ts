import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { Browser, createPortalApp, PASSWORD, signedUpDeveloper } from './helpers.js';

// Closing an account erases the person's data in one step, whatever other accounts hold: issue 54,
// break 2 (another account at `closed-<id>@closed.invalid` made every close of account <id> fail
// half-way).

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createPortalApp();
  const headers = { authorization: `Bearer ${t.adminToken}` };
  const product = await t.app.inject({
    method: 'POST',
    url: '/admin/products',
    headers,
    payload: { name: 'open', rateLimit: null },
  });
  productId = product.json().id;
  await t.app.inject({ method: 'POST', url: `/admin/products/${productId}/publish`, headers });
});
afterAll(() => t.close());

const developerRow = (id: number) =>
  t.store.db.selectFrom('developers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('closing an account', () => {
  it('erases name, email and password even when another account holds the address it once wrote', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const id = (await browser.get('/me')).json().id as number;
    await browser.post('/subscriptions', { productId, name: 'mine', acceptTerms: true });
    // An account made before the reserved domain was refused (sign-up took it then).
    const stamp = new Date().toISOString();
    await t.store.db
      .insertInto('developers')
      .values({
        email: `closed-${id}@closed.invalid`,
        name: 'Blocker',
        password_hash: '',
        lang: 'en',
        pending_email: null,
        confirmed_at: null,
        blocked_at: null,
        closed_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    expect((await browser.post('/me/close', { password: PASSWORD })).statusCode).toBe(204);
    const row = await developerRow(id);
    expect(row.closed_at).not.toBeNull();
    expect([row.name, row.password_hash, row.pending_email]).toEqual(['', '', null]);
    expect(row.email).not.toContain(email.split('@')[0]);
    // Not a value anyone could work out from the id and take first; under the domain sign-up refuses.
    expect(row.email).not.toBe(`closed-${id}@closed.invalid`);
    expect(row.email).toMatch(/\.invalid$/);
    expect((await new Browser(t.app, '192.0.2.40').signin(email, PASSWORD)).json().code).toBe(
      'signin_failed',
    );
    const states = await t.store.db
      .selectFrom('subscriptions')
      .select('state')
      .where('developer_id', '=', id)
      .execute();
    expect(states).toEqual([{ state: 'cancelled' }]);
  });
});

describe('the reserved .invalid domain', () => {
  it('is refused at sign-up and as a new address', async () => {
    const browser = new Browser(t.app, '192.0.2.41');
    await browser.session();
    const signup = await browser.post('/signup', {
      name: 'Mallory',
      email: 'closed-1@closed.invalid',
      password: PASSWORD,
      lang: 'en',
    });
    expect([signup.statusCode, signup.json().code]).toEqual([400, 'email_invalid']);
    const { browser: owner } = await signedUpDeveloper(t);
    const change = await owner.post('/me/email', { email: 'me@mail.INVALID', password: PASSWORD });
    expect([change.statusCode, change.json().code]).toEqual([400, 'email_invalid']);
  });
});
