import type { Config } from '../config.js';
import type { SyncOptions } from './run.js';

/** The sync's rows of the settings table (src/settings.ts, SYNC_*). */
export type SyncSettings = Pick<
  Config,
  | 'syncFrom'
  | 'syncKey'
  | 'syncIntervalMinutes'
  | 'syncRate'
  | 'syncConcurrency'
  | 'syncTimeoutMs'
  | 'syncMaxAnswerBytes'
  | 'syncRetries'
  | 'syncMaxRetryWaitMs'
  | 'syncWindowDays'
  | 'syncFundsPerBatch'
>;

/** Run options from the settings, for an upstream at `from` with `key`. */
export function syncOptions(s: SyncSettings, from: string, key: string): SyncOptions {
  return {
    baseUrl: from,
    key,
    rate: s.syncRate,
    concurrency: s.syncConcurrency,
    timeoutMs: s.syncTimeoutMs,
    maxAnswerBytes: s.syncMaxAnswerBytes,
    retries: s.syncRetries,
    maxRetryWaitMs: s.syncMaxRetryWaitMs,
    windowDays: s.syncWindowDays,
    fundsPerBatch: s.syncFundsPerBatch,
  };
}
