// Writes the settings table of docs/settings.md from src/settings.ts (test/docs/settings-doc.test.ts
// fails while the committed table differs from it).
import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from './settings-docs.js';

const path = 'docs/settings.md';
writeFileSync(path, await withSettingsTable(readFileSync(path, 'utf8'), path));
console.log(`${path}: settings table written`);
