import type { Config } from '../../src/config.js';
import { defaultConfig } from '../../src/settings.js';

/**
 * A complete config as the server would read from an empty environment (the settings table's
 * defaults), with the tests' own choices and then `overrides` over it.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...defaultConfig(),
    logLevel: 'silent',
    requestTimeoutMs: 10_000,
    // Off unless a test turns it on: an in-process import on a loaded CI machine can hold the event
    // loop long enough to trip it and fail unrelated tests with 503 (test/http/overload.test.ts tests it).
    maxEventLoopDelayMs: 0,
    ...overrides,
  };
}
