import { loadConfig } from '../config.js';
import { bangkokToday } from '../domain/dates.js';
import { parseLooseDate } from '../domain/params.js';
import { CsvFilesTarget } from '../ingest/demo/files.js';
import {
  describeCounts,
  generateDemo,
  generateDemoInto,
  type DemoOptions,
  type DemoSummary,
} from '../ingest/demo/generate.js';
import { withStore } from './with-store.js';

interface DemoCommandOptions {
  seed?: number;
  scale: string;
  until?: string;
  out?: string;
}

/** Generates the demo dataset into the database, or with --out as import files (one CSV per type). */
export async function demoCommand(options: DemoCommandOptions): Promise<void> {
  if (options.scale !== 'default' && options.scale !== 'market') {
    throw new Error(`--scale must be 'default' or 'market', got '${options.scale}'`);
  }
  const demo: DemoOptions = {
    seed: options.seed ?? loadConfig().demoSeed,
    scale: options.scale,
    until: options.until ? parseLooseDate('--until', options.until) : bangkokToday(),
    onProgress: (message) => console.log(message),
  };
  const started = Date.now();
  let summary: DemoSummary;
  if (options.out) {
    const target = new CsvFilesTarget(options.out);
    summary = await generateDemoInto(target, demo);
    console.log(`Wrote ${(await target.close()).join(', ')}`);
  } else {
    summary = await withStore((store) => generateDemo(store, demo), { create: true });
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Generated ${describeCounts(summary)} from ${summary.from} to ${summary.until} in ${seconds.toFixed(1)} s.`,
  );
}
