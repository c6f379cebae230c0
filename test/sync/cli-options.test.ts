import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { processEnv } from '../helpers/store.js';

// `rates sync`'s options stand in for the SYNC_* settings, so they keep the settings' bounds
// (src/settings.ts): a value the setting would refuse is refused as an option too, before any request.

const dir = mkdtempSync(join(tmpdir(), 'sync-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rates sync options', () => {
  it.each([
    ['--concurrency', '0'],
    ['--concurrency', '65'],
    ['--timeout', '5'],
    ['--window', '-1'],
  ])(
    'refuses %s %s, as the setting it stands for would',
    async (option, value) => {
      const env = await processEnv(join(dir, `${option}${value}`));
      // Nothing listens on port 1: were the option taken, the sync would start and fail to reach it.
      const args = ['sync', '--from', 'http://127.0.0.1:1', '--retries', '0', option, value];
      const failed = await cli(args, env).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(failed.code).toBe(1);
      expect(failed.stdout).not.toMatch(/Sync from/);
      expect(failed.stderr).toContain(`option '${option} `);
    },
    60_000,
  );
});
