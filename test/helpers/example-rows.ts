import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data rows of the example folder's files, counted from the files as they are (CSV: its lines
 * but the heading; NDJSON: its lines; JSON: its array's items), so a test that imports the folder
 * need not be edited when an example is added (the examples' fields hold no line breaks).
 */
export function exampleRows(dir = 'examples'): number {
  let rows = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue; // deploy/: not data
    const { name } = entry;
    const text = readFileSync(join(dir, name), 'utf8');
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (name.endsWith('.csv')) rows += lines.length - 1;
    else if (name.endsWith('.ndjson')) rows += lines.length;
    else if (name.endsWith('.json')) rows += (JSON.parse(text) as unknown[]).length;
  }
  return rows;
}
