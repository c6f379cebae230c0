// `npm run screenshots`: the pictures docs/explorer.md and docs/portal.md show, made from the running
// app by the browser tests that check those pages (each takes its picture with docsScreenshot,
// test/helpers/browser.ts, when TEST_SCREENSHOTS=1), then copied to docs/screenshots/. Each test
// starts the demo server itself; the files run one at a time, as on a 2-core machine they must.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_SHOTS } from '../test/helpers/browser.js';

const ROOT = join(import.meta.dirname, '..');
const TARGET = join(ROOT, 'docs', 'screenshots');
const FILES = [
  'test/web/fund-facts.test.ts',
  'test/web/portal-second.test.ts',
  'test/web/portal-second-phone.test.ts',
  'test/web/portal-kept-key.test.ts',
];

function run(command: string, args: string[]): void {
  const done = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, TEST_SCREENSHOTS: '1' },
  });
  if (done.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed: no picture copied.`);
    process.exit(done.status ?? 1);
  }
}

rmSync(DOCS_SHOTS, { recursive: true, force: true });
run('npm', ['run', 'build:web']);
for (const file of FILES) run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', file]);
mkdirSync(TARGET, { recursive: true });
const pictures = readdirSync(DOCS_SHOTS).filter((f) => f.endsWith('.png'));
for (const picture of pictures) copyFileSync(join(DOCS_SHOTS, picture), join(TARGET, picture));
console.log(`${pictures.length} pictures copied to docs/screenshots/: ${pictures.sort().join(', ')}`);
