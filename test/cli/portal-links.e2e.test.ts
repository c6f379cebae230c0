import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nthMail, tokenIn } from '../portal/helpers.js';
import { cli, startServer } from '../helpers/cli.js';
import { dropDatabase, processEnv } from '../helpers/store.js';

// Links in portal emails name the address the server listens on when PUBLIC_URL is not set, as its
// start banner does, also in mail sent by a CLI command run without the server's HOST and PORT
// (issue 54, defect 8: the links named localhost:8080 while the service ran at 127.0.0.1 elsewhere).

vi.setConfig({ testTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'rates-portal-links-'));
let env: Record<string, string>;
beforeAll(async () => {
  env = { ...(await processEnv(dir)), DEMO_ON_EMPTY: 'false' };
});
afterAll(async () => {
  if (env.DATABASE_URL) await dropDatabase(env.DATABASE_URL);
  rmSync(dir, { recursive: true, force: true });
});

/** A portal browser over HTTP: keeps its cookies and CSRF token. */
function portal(base: string) {
  let cookie = '';
  let csrf = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/portal/api${path}`, {
      method,
      headers: {
        cookie,
        ...(body !== undefined && { 'content-type': 'application/json', 'x-csrf-token': csrf }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) cookie = line.split(';')[0]!;
    const json = (await res.json().catch(() => ({}))) as { csrfToken?: string };
    if (json.csrfToken) csrf = json.csrfToken;
    return { status: res.status, json };
  };
  return call;
}

describe('links in portal emails without PUBLIC_URL', () => {
  it('name the address the server listens on, in its own mail and in a CLI command’s', async () => {
    const rates = (...args: string[]) => cli(args, env);
    await rates('migrate');
    const product = JSON.parse(
      (await rates('products', 'create', '--name', 'p', '--approval', '--json')).stdout,
    );
    await rates('products', 'publish', String(product.id));

    const server = await startServer({ ...env, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    try {
      expect(server.output()).toContain(`Explorer:       ${server.url}/`);
      const call = portal(server.url);
      await call('GET', '/session');
      const email = 'links@example.com';
      const password = 'lantern-harbor-47';
      expect((await call('POST', '/signup', { name: 'L', email, password, lang: 'en' })).status).toBe(202);
      const confirm = await nthMail({ dir }, 1);
      expect(confirm).toContain(`${server.url}/portal#confirm/`);
      await call('POST', '/confirm', { token: tokenIn(confirm, 'confirm') });
      await call('POST', '/signin', { email, password });
      const created = await call('POST', '/subscriptions', {
        productId: product.id,
        name: 's',
        acceptTerms: true,
      });
      expect(created.status).toBe(201);

      // The operator's shell has the database's settings, not the server's HOST and PORT.
      await rates(
        'subscriptions',
        'approve',
        String((created.json as { subscription: { id: number } }).subscription.id),
      );
      expect(await nthMail({ dir }, 2)).toContain(`${server.url}/portal#profile`);
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
  });
});
