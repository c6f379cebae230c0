import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/settings.js';
import { withSettingsTable } from '../../scripts/settings-docs.js';

describe('docs/settings.md', () => {
  it('holds the settings table made from src/settings.ts (run `npm run docs:settings` after changing it)', async () => {
    const committed = readFileSync('docs/settings.md', 'utf8');
    expect(committed).toBe(await withSettingsTable(committed, 'docs/settings.md'));
  });

  it('names every setting', () => {
    const committed = readFileSync('docs/settings.md', 'utf8');
    for (const setting of Object.values(SETTINGS)) expect(committed).toContain(`\`${setting.env}\``);
  });
});
