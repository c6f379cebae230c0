import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';
import { Browser, createPortalApp, linkFor, PASSWORD } from './helpers.js';

// The offline outbox (no SMTP_URL, for development): a message's text part shows its link whole to
// `cat`, and the server's log line for it gives the link (issue 54, defect 9).

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await createPortalApp({ logStream: log.stream });
});
afterAll(() => t.close());

/** The .eml files as written, bytes as UTF-8, nothing decoded. */
const rawMails = () =>
  readdirSync(join(t.dir, 'outbox'))
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(t.dir, 'outbox', f), 'utf8'));

describe('the outbox', () => {
  it.each(['en', 'th'] as const)('keeps the link whole on one line of the text part (%s)', async (lang) => {
    const email = `outbox-${lang}-${process.pid}@example.com`;
    const browser = new Browser(t.app, '192.0.2.170');
    await browser.session();
    await browser.post('/signup', { name: 'สมชาย', email, password: PASSWORD, lang });
    const link = `https://portal.example/portal#confirm/${await linkFor(t, email, 'confirm')}`;
    const raw = rawMails().find((m) => m.includes(`To: ${email}`))!;
    const text = raw.split('Content-Type: text/html')[0]!;
    expect(text.split('\n')).toContain(link);
    // Readable as it stands: the name and the sentences too, not encoded.
    expect(text).toContain(lang === 'th' ? 'เรียน คุณสมชาย' : 'Hello สมชาย,');
  });

  it('says in the log where each message went and its link', async () => {
    const email = `outbox-log-${process.pid}@example.com`;
    const browser = new Browser(t.app, '192.0.2.171');
    await browser.session();
    await browser.post('/signup', { name: 'Log', email, password: PASSWORD, lang: 'en' });
    const link = `https://portal.example/portal#confirm/${await linkFor(t, email, 'confirm')}`;
    await expect
      .poll(() => log.records().find((r) => r.msg?.includes(link))?.msg)
      .toMatch(/^Portal mail written to .+\.eml \(SMTP_URL is not set\)/);
  });
});
