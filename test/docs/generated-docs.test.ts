import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PARTS, withPart } from '../../scripts/generated-docs.js';
import { DATA_TYPES } from '../../src/data-types/index.js';
import { SETTINGS } from '../../src/settings.js';

describe('the generated parts of the docs', () => {
  for (const part of GENERATED_PARTS)
    it(`${part.path} holds the ${part.name} made from ${part.source} (run \`npm run docs\` after changing it)`, async () => {
      const committed = readFileSync(part.path, 'utf8');
      expect(committed).toBe(await withPart(committed, part));
    });

  it('name every setting and every data type', () => {
    const settings = readFileSync('docs/settings.md', 'utf8');
    for (const setting of Object.values(SETTINGS)) expect(settings).toContain(`\`${setting.env}\``);
    const formats = readFileSync('docs/import-formats.md', 'utf8');
    for (const type of DATA_TYPES) expect(formats).toContain(`| \`${type.name}\``);
  });
});
