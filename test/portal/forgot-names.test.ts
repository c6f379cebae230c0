import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { databaseUrlOf, onSqlite } from '../helpers/store.js';
import { Browser, createPortalApp, PASSWORD, signedUpDeveloper } from './helpers.js';

// Issue 54, break 7: forgot-password answers a known address as it answers an unknown one, doing the
// same before it answers (the link's work goes after the answer), and names have something to see.

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

/**
 * Holds the link table locked (another connection's write lock on SQLite, a table lock on PostgreSQL)
 * until `release`, or for 10 s at most so a request waiting on it ends; `released` says whether it was.
 */
async function lockLinks(): Promise<{ release(): Promise<void>; released: () => boolean }> {
  let released = false;
  let release: () => Promise<void>;
  if (onSqlite) {
    const holder = new SQLite(t.store.location);
    holder.exec('begin immediate');
    release = async () => {
      holder.exec('rollback');
      holder.close();
    };
  } else {
    const client = new pg.Client({ connectionString: databaseUrlOf(t.store) });
    await client.connect();
    await client.query('begin; lock table portal_tokens in access exclusive mode');
    release = async () => {
      await client.query('rollback');
      await client.end();
    };
  }
  const once = async () => {
    if (released) return;
    released = true;
    await release();
  };
  const safety = setTimeout(() => void once(), 10_000);
  return {
    release: async () => {
      clearTimeout(safety);
      await once();
    },
    released: () => released,
  };
}

describe('forgot password', () => {
  it('answers a known address without waiting on its link, as an unknown one', async () => {
    const { email } = await signedUpDeveloper(t);
    const anonymous = new Browser(t.app, '192.0.2.150');
    await anonymous.session();
    const lock = await lockLinks();
    try {
      const answers = await Promise.all([
        anonymous.post('/password/forgot', { email }),
        anonymous.post('/password/forgot', { email: `nobody-${process.pid}@example.com` }),
      ]);
      expect(lock.released()).toBe(false);
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
        [202, '{}'],
        [202, '{}'],
      ]);
    } finally {
      await lock.release();
    }
  });
});

describe('names', () => {
  it.each(['   ', '\u200b\u200b', '\u3164', '\u00a0\u2060\ufeff'])(
    'refuses a name with nothing to see (%j): at sign-up, in the account, for a subscription',
    async (name) => {
      const browser = new Browser(t.app, '192.0.2.152');
      await browser.session();
      const email = `named-${name.codePointAt(0)}-${process.pid}@example.com`;
      const res = await browser.post('/signup', { name, email, password: PASSWORD, lang: 'en' });
      expect([res.statusCode, res.json().code]).toEqual([400, 'name_invalid']);
      const { browser: owner } = await signedUpDeveloper(t);
      const patched = await owner.patch('/me', { name });
      expect([patched.statusCode, patched.json().code]).toEqual([400, 'name_invalid']);
      const subscribed = await owner.post('/subscriptions', { productId, name, acceptTerms: true });
      expect([subscribed.statusCode, subscribed.json().code]).toEqual([400, 'name_invalid']);
    },
  );

  it('keeps a name without the spaces and invisible characters around it', async () => {
    const { browser } = await signedUpDeveloper(t);
    expect((await browser.patch('/me', { name: ' \u200bSomchai\u00a0 ' })).json().name).toBe('Somchai');
  });
});
