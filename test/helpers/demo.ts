import { cpSync } from 'node:fs';
import { inject } from 'vitest';
import { onSqlite, processEnv } from './store.js';

/**
 * Settings for a server process on the demo data in `dir`: on SQLite a copy of the demo database the
 * run made once (test/helpers/demo-setup.ts) with its demo-key.txt; otherwise, or outside the journeys'
 * run, an empty database that `serve` fills with the demo as on a first start.
 */
export async function demoProcessEnv(dir: string): Promise<Record<string, string>> {
  const template = inject('demoDataDir');
  if (onSqlite && template) cpSync(template, dir, { recursive: true });
  return processEnv(dir);
}
