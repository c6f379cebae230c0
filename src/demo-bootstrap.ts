import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { Store } from './store/db.js';
import { DEMO_LIMITS } from './domain/subscriptions.js';
import { BatchRepository } from './store/batch-repo.js';
import { KeyRepository } from './store/key-repo.js';
import { ProductRepository } from './store/product-repo.js';

export const DEMO_KEY_FILE = 'demo-key.txt';

async function isEmpty(store: Store): Promise<boolean> {
  return !(await new BatchRepository(store.db).any()) && (await new KeyRepository(store.db).count()) === 0;
}

/**
 * First start on an empty database: load the demo dataset and make a demo key, so a newcomer has
 * something to call. The demo subscription has generous limits (DEMO_LIMITS). The key is written to DATA_DIR/demo-key.txt (owner-only) and printed once on
 * the terminal; it never goes through the logger.
 */
export async function bootstrapDemo(
  store: Store,
  config: Pick<Config, 'dataDir' | 'demoSeed'>,
  say: (line: string) => void,
): Promise<string | undefined> {
  if (!(await isEmpty(store))) return undefined;
  say('Empty database: loading the demo dataset (a few seconds)...');
  // Loaded only here: the generator and its holiday calendars took a tenth of every start-up.
  const { generateDemo, describeCounts } = await import('./ingest/demo/generate.js');
  const summary = await generateDemo(store, { seed: config.demoSeed });
  say(`Demo data: ${describeCounts(summary)} (${summary.from} to ${summary.until}).`);
  const { primaryKey } = await new KeyRepository(store.db).create('demo', 'demo', new Date(), {
    limits: DEMO_LIMITS,
  });
  await demoProducts(store);
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, DEMO_KEY_FILE);
  writeFileSync(file, `${primaryKey}\n`, { mode: 0o600 });
  say(`Demo subscription key (also in ${file}):`);
  say(primaryKey);
  return primaryKey;
}

/** The portal's two demo products (issue 43): one open at once, one by the operator's approval. */
export async function demoProducts(store: Store): Promise<void> {
  const products = new ProductRepository(store.db);
  const open = await products.create({
    name: 'open',
    descriptionEn: 'Every operation, at once: 300 calls a minute, 10,000 a day.',
    descriptionTh: 'ทุกบริการ ใช้ได้ทันที: 300 ครั้งต่อนาที 10,000 ครั้งต่อวัน',
    groups: 'all',
    rateLimit: { calls: 300, seconds: 60 },
    quota: { calls: 10_000, period: 'day' },
    approval: false,
    perDeveloper: 2,
    terms: 'Use the data fairly; do not resell it. The service may change without notice.',
  });
  const partner = await products.create({
    name: 'partner',
    descriptionEn: 'For partners, after the operator approves: no quota.',
    descriptionTh: 'สำหรับพันธมิตร หลังผู้ดูแลอนุมัติ: ไม่จำกัดโควตา',
    groups: 'all',
    rateLimit: { calls: 300, seconds: 60 },
    quota: null,
    approval: true,
    perDeveloper: 1,
    terms: 'Partner terms as agreed with the operator.',
  });
  for (const { id } of [open, partner]) await products.update(id, { published: true });
}
