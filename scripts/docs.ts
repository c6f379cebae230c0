// Writes the generated parts of the docs (scripts/generated-docs.ts): the settings table, the import
// types table and the operations table. test/docs/generated-docs.test.ts fails while one is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_PARTS, withPart } from './generated-docs.js';

for (const part of GENERATED_PARTS) {
  writeFileSync(part.path, await withPart(readFileSync(part.path, 'utf8'), part));
  console.log(`${part.path}: ${part.name} written`);
}
