import { bundle, stale } from '../../scripts/start.mjs';

/**
 * Vitest's global setup: the processes the tests start (test/helpers/cli.ts) run the server's bundle,
 * as `npm start` does, made here once before any test when src/ changed since the last one.
 */
export default async function setup(): Promise<void> {
  if (stale()) await bundle();
}
