import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { subscribe } from '../helpers/subscriptions.js';
import { Browser, createPortalApp, linkFor, outbox, PASSWORD, signedUpDeveloper } from './helpers.js';

// Products, subscriptions, keys and usage through the portal, and the operator's side of them
// (admin API), on the real app.

const LATEST = '/api/FundPriceService/LatestDate';
let t: TestApp;
let openId: number;
let partnerId: number;

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${t.adminToken}` },
    ...(payload !== undefined && { payload: payload as object }),
  });
const api = (key: string) => t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } });

beforeAll(async () => {
  t = await createPortalApp();
  const open = await admin('POST', '/admin/products', {
    name: 'open',
    descriptionEn: 'Open <b>now</b>',
    descriptionTh: 'เปิด',
    rateLimit: { calls: 300, seconds: 60 },
    quota: { calls: 10_000, period: 'day' },
    approval: false,
    perDeveloper: 2,
    terms: 'Be fair.',
  });
  expect(open.statusCode).toBe(201);
  openId = open.json().id;
  partnerId = (
    await admin('POST', '/admin/products', { name: 'partner', approval: true, quota: null })
  ).json().id;
  await admin('POST', '/admin/products', { name: 'hidden' });
  for (const id of [openId, partnerId])
    expect((await admin('POST', `/admin/products/${id}/publish`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('products', () => {
  it('lists published products only, without sign-in', async () => {
    const res = await t.app.inject({ url: '/portal/api/products' });
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['open', 'partner']);
    expect(res.json()[0]).toMatchObject({
      description: { en: 'Open <b>now</b>', th: 'เปิด' },
      rateLimit: { calls: 300, seconds: 60 },
      quota: { calls: 10_000, period: 'day' },
      approval: false,
      perDeveloper: 2,
      terms: 'Be fair.',
    });
  });

  it('documents the admin routes of the portal in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    for (const path of [
      '/admin/products',
      '/admin/developers/{id}/block',
      '/admin/subscriptions/{id}/approve',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths).some((p: string) => p.startsWith('/portal/'))).toBe(false);
  });
});

describe('subscribing and keys', () => {
  it('needs a confirmed account and accepted terms, and keeps to the product’s count', async () => {
    const unconfirmed = await signedUpDeveloper(t, { confirm: false });
    const body = { productId: openId, name: 'app', acceptTerms: true };
    expect((await unconfirmed.browser.post('/subscriptions', body)).json().code).toBe('not_confirmed');
    const { browser } = await signedUpDeveloper(t);
    expect((await browser.post('/subscriptions', { ...body, acceptTerms: false })).json().code).toBe(
      'terms_not_accepted',
    );
    expect((await browser.post('/subscriptions', body)).statusCode).toBe(201);
    expect((await browser.post('/subscriptions', body)).statusCode).toBe(201);
    const third = await browser.post('/subscriptions', body);
    expect([third.statusCode, third.json().code]).toEqual([409, 'product_limit']);
  });

  it('gives keys once that call the API; regenerating stops the old key at once, the other keeps working', async () => {
    const { browser } = await signedUpDeveloper(t);
    const created = await browser.post('/subscriptions', {
      productId: openId,
      name: 'my app',
      acceptTerms: true,
    });
    expect(created.statusCode).toBe(201);
    const { subscription, primaryKey, secondaryKey } = created.json();
    expect(subscription).toMatchObject({
      state: 'active',
      product: { id: openId, name: 'open' },
      primaryLast4: primaryKey.slice(-4),
      quotaLeft: 10_000,
    });
    expect((await api(primaryKey)).statusCode).toBe(200);
    await t.gateway.usage.flush();
    const listed = (await browser.get('/subscriptions')).json();
    expect(listed).toHaveLength(1);
    expect(listed[0].quotaLeft).toBe(9_999);
    expect(JSON.stringify(listed)).not.toContain(primaryKey);

    const regenerated = await browser.post(`/subscriptions/${subscription.id}/regenerate`, {
      which: 'primary',
    });
    const { key, last4 } = regenerated.json();
    expect(last4).toBe(key.slice(-4));
    expect((await api(primaryKey)).statusCode).toBe(401);
    expect((await api(key)).statusCode).toBe(200);
    expect((await api(secondaryKey)).statusCode).toBe(200);
    expect((await browser.patch(`/subscriptions/${subscription.id}`, { name: 'renamed' })).json().name).toBe(
      'renamed',
    );

    const usage = (await browser.get(`/subscriptions/${subscription.id}/usage`)).json();
    const calls = usage.days.filter((d: { operation: string }) => d.operation.includes('LatestDate'));
    expect(calls.reduce((n: number, d: { answered: number }) => n + d.answered, 0)).toBe(3);
    // The operator's report counts the same calls.
    const report = (await admin('GET', `/admin/subscriptions/${subscription.id}/usage`)).json();
    expect(report.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(
      usage.days.reduce(
        (n: number, d: { answered: number; limited: number; failed: number }) =>
          n + d.answered + d.limited + d.failed,
        0,
      ),
    );
    const csv = await browser.get(`/subscriptions/${subscription.id}/usage.csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n')[0]).toBe('date,operation,answered,limited,failed');

    const cancelled = await browser.post(`/subscriptions/${subscription.id}/cancel`);
    expect(cancelled.json().state).toBe('cancelled');
    expect((await api(key)).statusCode).toBe(401);
    expect((await api(secondaryKey)).statusCode).toBe(401);
  });

  it('answers 404 for another developer’s subscription on every id route, as for an unknown id', async () => {
    const owner = await signedUpDeveloper(t);
    const { subscription, primaryKey } = (
      await owner.browser.post('/subscriptions', { productId: openId, name: 'mine', acceptTerms: true })
    ).json();
    const { browser: intruder } = await signedUpDeveloper(t);
    for (const id of [subscription.id, 999_999, 'abc', '1e3']) {
      const answers = [
        await intruder.get(`/subscriptions/${id}`),
        await intruder.patch(`/subscriptions/${id}`, { name: 'taken' }),
        await intruder.post(`/subscriptions/${id}/cancel`),
        await intruder.post(`/subscriptions/${id}/regenerate`, { which: 'primary' }),
        await intruder.get(`/subscriptions/${id}/usage`),
        await intruder.get(`/subscriptions/${id}/usage.csv`),
      ];
      expect(answers.map((r) => [r.statusCode, r.json().code])).toEqual(
        answers.map(() => [404, 'not_found']),
      );
    }
    expect((await intruder.get('/subscriptions')).json()).toEqual([]);
    expect((await api(primaryKey)).statusCode).toBe(200);
    expect((await owner.browser.get(`/subscriptions/${subscription.id}`)).json().name).toBe('mine');
  });

  it('refuses every subscription route without a session, and after signing out, changing nothing', async () => {
    const owner = await signedUpDeveloper(t);
    const { subscription, primaryKey } = (
      await owner.browser.post('/subscriptions', { productId: openId, name: 'kept', acceptTerms: true })
    ).json();
    // A visitor with the portal's CSRF token but no session; then the owner, signed out.
    const visitor = new Browser(t.app, '198.51.100.251');
    await visitor.session();
    expect((await owner.browser.post('/signout')).statusCode).toBe(204);
    await owner.browser.session();
    for (const someone of [visitor, owner.browser]) {
      const id = subscription.id;
      const answers = [
        await someone.get('/subscriptions'),
        await someone.post('/subscriptions', { productId: openId, name: 'new', acceptTerms: true }),
        await someone.get(`/subscriptions/${id}`),
        await someone.patch(`/subscriptions/${id}`, { name: 'taken' }),
        await someone.post(`/subscriptions/${id}/cancel`),
        await someone.post(`/subscriptions/${id}/regenerate`, { which: 'primary' }),
        await someone.get(`/subscriptions/${id}/usage`),
        await someone.get(`/subscriptions/${id}/usage.csv`),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 401));
    }
    expect((await api(primaryKey)).statusCode).toBe(200);
    await owner.browser.signin(owner.email, PASSWORD);
    expect((await owner.browser.get('/subscriptions')).json()).toEqual([
      expect.objectContaining({ id: subscription.id, name: 'kept', state: 'active' }),
    ]);
  });

  it('gives an operator’s subscription (rates keys create) to a developer, keys unchanged', async () => {
    const { browser } = await signedUpDeveloper(t);
    const me = (await browser.get('/me')).json();
    const { id, primaryKey } = await subscribe(t, { name: 'by contract' });
    expect((await admin('PATCH', `/admin/subscriptions/${id}`, { developerId: me.id })).statusCode).toBe(200);
    const mine = (await browser.get('/subscriptions')).json();
    expect(mine.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(mine[0]).toMatchObject({ product: null, primaryLast4: primaryKey.slice(-4) });
    expect((await api(primaryKey)).statusCode).toBe(200);
  });

  it('refuses to give a subscription to a developer who does not exist, saying which, and changes nothing', async () => {
    const { id } = await subscribe(t, { name: 'nobody’s' });
    const refused = await admin('PATCH', `/admin/subscriptions/${id}`, {
      developerId: 987654,
      name: 'renamed',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Developer 987654 was not found');
    const shown = (await admin('GET', `/admin/subscriptions/${id}`)).json();
    expect(shown).toMatchObject({ name: 'nobody’s', developerId: null });
  });
});

describe('approval', () => {
  it('a submitted subscription works once approved, and the developer is told by email', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { subscription, primaryKey } = (
      await browser.post('/subscriptions', { productId: partnerId, name: 'partner app', acceptTerms: true })
    ).json();
    expect(subscription.state).toBe('submitted');
    expect((await api(primaryKey)).statusCode).toBe(401);
    expect(
      (await admin('GET', '/admin/subscriptions/pending')).json().map((s: { id: number }) => s.id),
    ).toContain(subscription.id);
    const before = outbox(t).length;
    const approved = await admin('POST', `/admin/subscriptions/${subscription.id}/approve`);
    expect(approved.json().state).toBe('active');
    expect((await api(primaryKey)).statusCode).toBe(200);
    expect(
      outbox(t)
        .slice(before)
        .find((m) => m.includes(`To: ${email}`)),
    ).toContain('is approved');
    expect((await browser.get(`/subscriptions/${subscription.id}`)).json().startsAt).not.toBeNull();
    expect((await admin('POST', `/admin/subscriptions/${subscription.id}/approve`)).statusCode).toBe(409);
  });

  it('a rejected one says why, in the portal and in the email (escaped)', async () => {
    const { browser, email } = await signedUpDeveloper(t, { lang: 'th' });
    const { subscription, primaryKey } = (
      await browser.post('/subscriptions', { productId: partnerId, name: 'p', acceptTerms: true })
    ).json();
    const before = outbox(t).length;
    const rejected = await admin('POST', `/admin/subscriptions/${subscription.id}/reject`, {
      reason: 'No <contract> yet',
    });
    expect(rejected.json()).toMatchObject({ state: 'rejected', rejectionReason: 'No <contract> yet' });
    expect((await browser.get(`/subscriptions/${subscription.id}`)).json()).toMatchObject({
      state: 'rejected',
      rejectionReason: 'No <contract> yet',
    });
    expect((await api(primaryKey)).statusCode).toBe(401);
    await expect
      .poll(() =>
        outbox(t)
          .slice(before)
          .some((m) => m.includes(`To: ${email}`)),
      )
      .toBe(true);
    const mail = outbox(t)
      .slice(before)
      .find((m) => m.includes(`To: ${email}`))!;
    expect(mail).toContain('ไม่ได้รับการอนุมัติ');
    expect(mail.split('Content-Type: text/html')[1]).toContain('No &#60;contract&#62; yet');
  });
});

describe('blocking and closing', () => {
  it('a blocked developer cannot sign in and their keys stop until unblocked', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const me = (await browser.get('/me')).json();
    const { primaryKey } = (
      await browser.post('/subscriptions', { productId: openId, name: 'b', acceptTerms: true })
    ).json();
    expect((await admin('POST', `/admin/developers/${me.id}/block`)).json()).toMatchObject({ blocked: true });
    expect((await api(primaryKey)).statusCode).toBe(401);
    expect((await browser.get('/me')).statusCode).toBe(401);
    const signin = await new Browser(t.app, '192.0.2.77').signin(email, PASSWORD);
    expect([signin.statusCode, signin.json().code]).toEqual([403, 'blocked']);
    expect((await admin('POST', `/admin/developers/${me.id}/unblock`)).json()).toMatchObject({
      blocked: false,
    });
    expect((await api(primaryKey)).statusCode).toBe(200);
    expect((await admin('GET', `/admin/developers/${me.id}`)).json().subscriptions[0].state).toBe('active');
  });

  it('closing the account cancels its subscriptions at once and ends its sign-in', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { primaryKey } = (
      await browser.post('/subscriptions', { productId: openId, name: 'c', acceptTerms: true })
    ).json();
    expect((await browser.post('/me/close', { password: 'wrong password!' })).json().code).toBe(
      'password_wrong',
    );
    expect((await browser.post('/me/close', { password: PASSWORD })).statusCode).toBe(204);
    expect((await api(primaryKey)).statusCode).toBe(401);
    expect((await new Browser(t.app, '192.0.2.78').signin(email, PASSWORD)).statusCode).toBe(401);
  });
});

describe('sign-up modes', () => {
  it('PORTAL=off closes sign-up; PORTAL=invite needs an emailed invitation', async () => {
    const off = await createPortalApp({ config: { portal: 'off' } });
    const invite = await createPortalApp({ config: { portal: 'invite' } });
    try {
      const b = new Browser(off.app);
      expect((await b.session()).portal).toBe('off');
      const body = { name: 'N', email: 'someone@example.com', password: PASSWORD, lang: 'en' };
      expect((await b.post('/signup', body)).json().code).toBe('signup_closed');

      const i = new Browser(invite.app);
      await i.session();
      expect((await i.post('/signup', body)).json().code).toBe('invitation_required');
      const invited = await invite.app.inject({
        method: 'POST',
        url: '/admin/developers/invitations',
        headers: { authorization: `Bearer ${invite.adminToken}` },
        payload: { email: 'Someone@Example.com' },
      });
      expect(invited.statusCode).toBe(202);
      const token = await linkFor(invite, 'someone@example.com', 'signup');
      expect((await i.post('/signup', { ...body, invitation: token })).statusCode).toBe(202);
      expect((await i.signin('someone@example.com', PASSWORD)).json().developer.confirmed).toBe(true);
      expect(
        (await new Browser(invite.app, '192.0.2.9').post('/signup', { ...body, invitation: token }))
          .statusCode,
      ).toBe(403);
    } finally {
      await off.close();
      await invite.close();
    }
  });
});
