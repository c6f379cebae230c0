import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's chromium package, driven by playwright-core: no browser is ever downloaded.
export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable) {
  process.stdout.write(
    `Skipping the browser tests: ${CHROMIUM} is absent (install it: apt-get install -y chromium).\n`,
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * Screenshots go to test-artifacts/ (not committed), to look at after a run, when TEST_SCREENSHOTS=1
 * asks for them: a whole page's PNG took 0.3-1.5 s, a sixth of the browser tests' time on CI's 2
 * cores, for pictures nobody there looks at.
 */
export const ARTIFACTS = join(import.meta.dirname, '..', '..', 'test-artifacts');
const SCREENSHOTS = process.env.TEST_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const path = join(ARTIFACTS, `${name}.png`);
  // A name may hold a folder (portal-screens/en-1280-products): one folder per page set.
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
}

/** Where docsScreenshot keeps its pictures; `npm run screenshots` copies them to docs/screenshots/. */
export const DOCS_SHOTS = join(ARTIFACTS, 'docs-screenshots');

/**
 * A picture for docs/ (docs/screenshots/, made by `npm run screenshots`) when TEST_SCREENSHOTS=1: what
 * a reader sees of one part, not a whole page (a fund page is 10,000 px tall on a phone). Without
 * `region`, the window as it is; with it, the page's full width from the top of `from` to the bottom
 * of `to` (`from` itself if none); `across`: only as wide as that element (a card beside others).
 */
export async function docsScreenshot(
  page: Page,
  name: string,
  region?: { from: string; to?: string; across?: string },
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(DOCS_SHOTS, { recursive: true });
  const path = join(DOCS_SHOTS, `${name}.png`);
  if (!region) return void (await page.screenshot({ path }));
  const edges = async (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const box = el.getBoundingClientRect();
        const [x, y] = [window.scrollX, window.scrollY];
        return { top: box.top + y, bottom: box.bottom + y, left: box.left + x, right: box.right + x };
      });
  const from = await edges(region.from);
  const to = await edges(region.to ?? region.from);
  const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
  const across = region.across ? await edges(region.across) : undefined;
  const left = across ? Math.max(0, Math.floor(across.left) - 8) : 0;
  const right = across ? Math.min(pageWidth, Math.ceil(across.right) + 8) : pageWidth;
  await page.screenshot({
    path,
    fullPage: true,
    clip: {
      x: left,
      y: Math.max(0, Math.floor(from.top) - 8),
      width: right - left,
      height: Math.ceil(to.bottom - from.top) + 16,
    },
  });
}

/** Console errors and refused requests of a page, such as Content-Security-Policy violations. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, one line
 * each (rule, impact, the elements). Evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the page is checked with its real headers. axe is
 * loaded into a page once: sending and compiling its 500 KB again took 0.3-0.9 s a check on CI's 2 cores.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run({ resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}
