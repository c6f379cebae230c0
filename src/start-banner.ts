import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import { DEMO_KEY_FILE } from './demo-bootstrap.js';
import { databaseLocation } from './store/db.js';

/**
 * What every start says once it listens: where the explorer and the API reference are, where the demo
 * key is kept and which database is served. The first start's demo load says it too, but it scrolls
 * past, and a later start had nothing to tell where to go.
 */
export function startBanner(url: string, config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  const keyFile = join(config.dataDir, DEMO_KEY_FILE);
  const demoKey = existsSync(keyFile)
    ? `in ${keyFile}`
    : `none in ${config.dataDir} (the demo loads only into an empty database); make a key with: rates keys create --name NAME`;
  return [
    `Explorer:       ${url}/`,
    `API reference:  ${url}/docs`,
    `Demo key:       ${demoKey}`,
    `Database:       ${databaseLocation(config.databaseUrl)}`,
  ]
    .map((line) => `${line}\n`)
    .join('');
}
