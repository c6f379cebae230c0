// What the portal's browser tests share: a server on demo data whose mail goes to the outbox or to a
// real SMTP server started here, the messages it sent, and the links in them.
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { pt, type PortalKey } from '../../web/src/portal/texts.js';
import { startServer } from '../helpers/cli.js';
import { demoProcessEnv } from '../helpers/demo.js';
import { checkView, openExplorer, THAI, type Setting } from './explorer-page.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A mailbox the test reads: the outbox folder's .eml files, or what an SMTP server received. */
export interface Mailbox {
  /** Every message so far, oldest first. */
  all(): Promise<Mail[]>;
  close(): Promise<void>;
  /** Extra settings of the server that sends to it. */
  env: Record<string, string>;
}

const toMail = (parsed: ParsedMail): Mail => ({
  to: [parsed.to ?? []]
    .flat()
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .join(','),
  subject: parsed.subject ?? '',
  text: parsed.text ?? '',
});

/** The offline mode: every message an .eml file under DATA_DIR/outbox/. */
export function outbox(dir: string): Mailbox {
  const folder = join(dir, 'outbox');
  return {
    env: {},
    async all() {
      if (!existsSync(folder)) return [];
      const files = readdirSync(folder)
        .filter((f) => f.endsWith('.eml'))
        .sort();
      return Promise.all(files.map(async (f) => toMail(await simpleParser(readFileSync(join(folder, f))))));
    },
    async close() {},
  };
}

/** A real SMTP server (smtp-server) on this machine; the service sends to it through SMTP_URL. */
export async function smtpMailbox(): Promise<Mailbox> {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(toMail(parsed));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Rates portal <portal@example.test>' },
    async all() {
      return [...received];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The newest message to `to` whose text has a portal link of `kind` (#confirm/..., #reset/...), once it came. */
export async function linkIn(
  mailbox: Mailbox,
  to: string,
  kind: string,
): Promise<{ mail: Mail; hash: string }> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/portal#${kind}/[A-Za-z0-9._~-]+`);
  let found: { mail: Mail; hash: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailbox.all()).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
        const mail = mails.reverse().find((m) => pattern.test(m.text));
        found = mail && { mail, hash: new URL(pattern.exec(mail.text)![0]).hash };
        return found !== undefined;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  return found!;
}

/** The messages to `to` whose text matches `text`, once there is one. */
export async function mailTo(mailbox: Mailbox, to: string, text: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox.all()).find(
          (m) => m.to.toLowerCase().includes(to.toLowerCase()) && text.test(m.text),
        );
        return found !== undefined;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  return found!;
}

/** `serve` on demo data in `dir` (the demo's products among it), sending its mail to `mailbox`; `extra` settings. */
export async function startPortalServer(dir: string, mailbox: Mailbox, extra: Record<string, string> = {}) {
  const env = { ...(await demoProcessEnv(dir)), USAGE_FLUSH_MS: '200', ...mailbox.env, ...extra };
  const server = await startServer(env);
  return {
    env,
    server,
    async close() {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    },
  };
}

/** A call of the API with `key`, as a developer's program makes it: its status. */
export async function callWith(url: string, key: string): Promise<number> {
  const res = await fetch(`${url}/api/FundPriceService/LatestDate`, {
    headers: { 'Ocp-Apim-Subscription-Key': key },
  });
  await res.arrayBuffer();
  return res.status;
}

/** A whole journey takes minutes on a busy 2-core machine; its steps wait within their own bounds. */
export const JOURNEY_MS = 600_000;
export const PASSWORD = 'a long enough passphrase 42';

/** A server and the mailbox its messages go to. */
export interface Run {
  url: string;
  env: Record<string, string>;
  mailbox: Mailbox;
  close(): Promise<void>;
}

export async function startRun(
  mailboxFor: (dir: string) => Promise<Mailbox> | Mailbox,
  extra: Record<string, string> = {},
): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'rates-portal-'));
  const mailbox = await mailboxFor(dir);
  const { server, env, close } = await startPortalServer(dir, mailbox, extra);
  return {
    url: server.url,
    env,
    mailbox,
    async close() {
      await close();
      await mailbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The setting's texts of the portal. */
export const textsOf =
  (setting: Setting) =>
  (key: PortalKey, vars?: Record<string, string>): string =>
    pt(setting.lang, key, vars);

/** A fresh profile in the setting's language and size, on the portal; copying allowed. */
export async function openPortal(browser: Browser, setting: Setting, url: string) {
  const opened = await openExplorer(browser, url, setting, '', 'portal');
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A whole journey on a busy 2-core machine: a step may wait its turn for the CPU.
  opened.page.setDefaultTimeout(60_000);
  return opened;
}

export type Shot = (name: string) => Promise<void>;

/**
 * A docs picture's part of subscription `id`'s card, alone (a laptop shows cards side by side): its
 * keys (the last of its facts) down to its actions, or to the form open under them.
 */
export function cardPart(id: string, part: 'actions' | 'form') {
  const card = `article.subscription[data-subscription="${id}"]`;
  return {
    from: `${card} dt:last-of-type`,
    to: `${card} .${part === 'form' ? 'panel' : 'actions'}`,
    across: card,
  };
}

/** Checks the page as a reader meets it (axe, nothing clipped) and keeps a numbered screenshot. */
export const shooter = (page: Page, setting: Setting, journey: string): Shot => {
  let n = 0;
  return (name) =>
    checkView(page, `portal-screens/${setting.tag}-${journey}-${String(++n).padStart(2, '0')}-${name}`);
};

/** Signs in on the page's sign-in form (already open, or opened from `url`) and waits for the session. */
export async function signIn(page: Page, email: string, options: { password?: string; url?: string } = {}) {
  if (options.url) await page.goto(`${options.url}/portal#signin`);
  await page.fill('#signin-email', email);
  await page.fill('#signin-password', options.password ?? PASSWORD);
  await page.click('#signin-form-submit');
  await page.waitForSelector('#signed-in-as');
}

/** Signs up through the page, opens the link of the message received, and signs in. */
export async function signUpAndIn(
  page: Page,
  run: Run,
  setting: Setting,
  account: { email: string; name: string },
  shot: Shot,
): Promise<void> {
  const t = textsOf(setting);
  const { email, name } = account;
  await page.goto(`${run.url}/portal#signup`);
  await page.waitForSelector('#signup-form');
  expect(await page.textContent('h1')).toBe(t('title'));
  if (setting.lang === 'th') expect(await page.textContent('#view')).toMatch(THAI);
  await shot('signup');
  await page.fill('#signup-name', name);
  await page.fill('#signup-email', email);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-form-submit');
  await page.waitForSelector('#signup-done');
  expect(await page.textContent('#signup-done')).toBe(t('signUpSent', { email }));
  await shot('signup-sent');

  const { mail, hash } = await linkIn(run.mailbox, email, 'confirm');
  if (setting.lang === 'th') expect(mail.text).toMatch(THAI); // the message is in the reader's language
  await page.goto(`${run.url}/portal${hash}`);
  await expect.poll(() => page.textContent('#notice')).toBe(t('confirmed'));
  // The used token leaves the address bar and the history.
  expect(page.url()).not.toContain(hash.split('/')[1]);
  await page.waitForSelector('#signin-form');
  await shot('signin');
  await signIn(page, email);
  // The name as text, never as markup.
  expect(await page.textContent('#signed-in-as')).toBe(t('signedInAs', { name }));
  expect(await page.$('img[src="x"]')).toBeNull();
}
