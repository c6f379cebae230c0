import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { Config } from '../../src/config.js';
import type { GatewayOptions } from '../../src/gateway/index.js';

/** A test app whose portal mail goes to .eml files in its own folder. */
export async function createPortalApp(
  options: {
    config?: Partial<Config>;
    now?: () => Date;
    gateway?: Partial<GatewayOptions>;
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'rates-portal-'));
  return createTestApp({
    dir,
    now: options.now,
    gateway: options.gateway,
    logStream: options.logStream,
    config: { dataDir: dir, publicUrl: 'https://portal.example', ...options.config },
  });
}

/** The .eml files written so far, oldest first. */
export function outbox(t: { dir: string }): string[] {
  try {
    const dir = join(t.dir, 'outbox');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => quotedPrintable(readFileSync(join(dir, f), 'latin1')));
  } catch {
    return [];
  }
}

/** A message with its quoted-printable parts read back (soft line breaks joined, =XX bytes as UTF-8). */
function quotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The token of the newest `route` link mailed to `to`, waiting for it to arrive. */
export async function linkFor(t: { dir: string }, to: string, route: string, after = 0): Promise<string> {
  const find = () =>
    outbox(t)
      .slice(after)
      .filter((m) => m.includes(`To: ${to}`) && m.replace(/=\r?\n/g, '').includes(`/portal#${route}/`));
  await expect.poll(() => find().length).toBeGreaterThan(0);
  return tokenIn(find().at(-1)!, route);
}

/** Waits for the `count`th email and returns it. */
export async function nthMail(t: { dir: string }, count: number): Promise<string> {
  await expect.poll(() => outbox(t).length).toBeGreaterThanOrEqual(count);
  return outbox(t)[count - 1]!;
}

/** The token of a link PUBLIC_URL/portal#ROUTE/TOKEN in an email (quoted-printable soft breaks undone). */
export function tokenIn(mail: string, route: string): string {
  const plain = mail.replace(/=\r?\n/g, '');
  const match = new RegExp(`/portal#${route}/([A-Za-z0-9_-]{43})`).exec(plain);
  if (!match) throw new Error(`no ${route} link in:\n${mail}`);
  return match[1]!;
}

/** A browser: keeps the portal's cookies and its CSRF token, from one client address. */
export class Browser {
  cookies = new Map<string, string>();
  csrf = '';

  constructor(
    public app: FastifyInstance,
    public address = '198.51.100.1',
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await this.app.inject({
      method,
      url: `/portal/api${url}`,
      remoteAddress: this.address,
      headers: {
        ...(this.cookies.size > 0 && {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        }),
        ...(method !== 'GET' && this.csrf && { 'x-csrf-token': this.csrf }),
        ...headers,
      },
      ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
    });
    this.keep(res);
    return res;
  }

  keep(res: LightMyRequestResponse): void {
    const setCookie = res.headers['set-cookie'];
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (/Max-Age=0/.test(line) || value === '') this.cookies.delete(name!);
      else this.cookies.set(name!, value!);
    }
  }

  async session() {
    const res = await this.request('GET', '/session');
    this.csrf = res.json().csrfToken;
    return res.json();
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);
  patch = (url: string, body: unknown) => this.request('PATCH', url, body);

  async signin(email: string, password: string) {
    if (!this.csrf) await this.session();
    const res = await this.post('/signin', { email, password });
    // With two-step sign-in on, the password gives a challenge, and no session yet.
    if (res.statusCode === 200 && res.json().csrfToken) this.csrf = res.json().csrfToken;
    return res;
  }
}

export const PASSWORD = 'lantern-harbor-47';

let people = 0;
/** Signs up a new developer, confirms the email from the outbox, signs in: a browser of theirs. */
export async function signedUpDeveloper(
  t: TestApp,
  options: { lang?: 'en' | 'th'; confirm?: boolean; app?: FastifyInstance } = {},
): Promise<{ browser: Browser; email: string }> {
  people += 1;
  const email = `dev${people}-${process.pid}@example.com`;
  const browser = new Browser(options.app ?? t.app, `198.51.100.${people % 250}`);
  await browser.session();
  const signup = await browser.post('/signup', {
    name: `Dev ${people}`,
    email,
    password: PASSWORD,
    lang: options.lang ?? 'en',
  });
  expect(signup.statusCode).toBe(202);
  const token = await linkFor(t, email, 'confirm');
  if (options.confirm !== false) {
    expect((await browser.post('/confirm', { token })).statusCode).toBe(200);
  }
  expect((await browser.signin(email, PASSWORD)).statusCode).toBe(200);
  return { browser, email };
}
