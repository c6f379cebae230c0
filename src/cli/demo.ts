import { bangkokToday } from '../domain/dates.js';
import { parseLooseDate } from '../domain/params.js';
import { generateDemo } from '../ingest/demo/generate.js';
import { withStore } from './with-store.js';

export async function demoCommand(options: { seed?: number; scale: string; until?: string }): Promise<void> {
  if (options.scale !== 'default' && options.scale !== 'market') {
    throw new Error(`--scale must be 'default' or 'market', got '${options.scale}'`);
  }
  const scale = options.scale;
  const until = options.until ? parseLooseDate('--until', options.until) : bangkokToday();
  await withStore(async (store, config) => {
    const started = Date.now();
    const summary = await generateDemo(store, {
      seed: options.seed ?? config.demoSeed,
      scale,
      until,
      onProgress: (message) => console.log(message),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Generated ${summary.funds} funds, ${summary.fundPrices} fund prices, ${summary.fxRates} FX rates, ` +
        `${summary.depositRates} deposit rates from ${summary.from} to ${summary.until} in ${seconds.toFixed(1)} s.`,
    );
  });
}
