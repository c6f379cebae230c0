import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';
import { SETTINGS, THAI, unexpected } from './explorer-page.js';
import { openPortal, shooter, textsOf } from './portal-page.js';

// With sign-up closed (PORTAL=off) or by invitation (PORTAL=invite), #signup says what is possible
// and whom to ask (PORTAL_CONTACT) instead of showing a form that refuses only once it is sent
// (issue 54, defect 10).

const CONTACT = 'api-keys@bank.example';
let browser: Browser;
const servers: Record<string, { url: string; close(): Promise<void> }> = {};

async function serve(portal: string) {
  const dir = mkdtempSync(join(tmpdir(), `rates-portal-${portal}-`));
  const env = { ...(await processEnv(dir)), DEMO_ON_EMPTY: 'false', PORTAL: portal, PORTAL_CONTACT: CONTACT };
  const server = await startServer(env);
  servers[portal] = {
    url: server.url,
    async close() {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!chromiumAvailable)('sign-up closed or by invitation, in headless Chromium', () => {
  beforeAll(async () => {
    await Promise.all([serve('off'), serve('invite')]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(Object.values(servers).map((s) => s.close()));
  });

  for (const [portal, setting] of [
    ['off', SETTINGS.find((s) => s.tag === 'en-1280')!],
    ['off', SETTINGS.find((s) => s.tag === 'th-390')!],
    ['invite', SETTINGS.find((s) => s.tag === 'en-390')!],
  ] as const) {
    it(`PORTAL=${portal}, ${setting.tag}: #signup says what is possible and whom to ask, with no form`, async () => {
      const t = textsOf(setting);
      const { context, page, errors } = await openPortal(browser, setting, servers[portal]!.url);
      await page.goto(`${servers[portal]!.url}/portal#signup`);
      await page.waitForSelector('#view-title');
      expect(await page.$('#signup-form')).toBeNull();
      const said = (await page.textContent('#signup-closed'))!;
      expect(said).toContain(
        t(portal === 'off' ? 'signUpClosed' : 'signUpByInvitation', { contact: CONTACT }),
      );
      if (setting.lang === 'th') expect(said).toMatch(THAI);
      expect(await page.getAttribute(`#signup-closed a[href="mailto:${CONTACT}"]`, 'href')).toBe(
        `mailto:${CONTACT}`,
      );
      // Who has an account still signs in.
      expect(await page.$('#view a[href="#signin"]')).not.toBeNull();
      await shooter(page, setting, `signup-${portal}`)('closed');
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  }
});
