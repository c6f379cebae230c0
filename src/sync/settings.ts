import type { UpstreamOptions } from './upstream.js';
import type { SyncOptions } from './run.js';

/** The sync's settings, from SYNC_* in the environment (`rates sync` options win over them). */
export interface SyncSettings {
  /** SYNC_FROM: the upstream's scheme and host; unset, `rates serve` runs no sync. */
  from: string | null;
  /** SYNC_KEY: the subscription key at the upstream. */
  key: string;
  /** SYNC_INTERVAL_MINUTES: how often `rates serve` syncs. */
  intervalMinutes: number;
  rate: number;
  concurrency: number;
  timeoutMs: number;
  retries: number;
  maxRetryWaitMs: number;
  windowDays: number;
  fundsPerBatch: number;
}

export const SYNC_DEFAULTS = {
  intervalMinutes: 15,
  // A tenth of the demo key's rate and a few connections: polite to a production upstream.
  rate: 50,
  concurrency: 4,
  timeoutMs: 30_000,
  retries: 5,
  maxRetryWaitMs: 120_000,
  windowDays: 7,
  fundsPerBatch: 50,
} as const;

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number of at least ${min}, got '${raw}'`);
  return value;
}

export function loadSyncSettings(env: NodeJS.ProcessEnv = process.env): SyncSettings {
  const from = env.SYNC_FROM?.trim() || null;
  if (from !== null && !/^https?:\/\/[^\s/]+/i.test(from))
    throw new Error(`SYNC_FROM must be an http(s) URL, got '${from}'`);
  return {
    from,
    key: env.SYNC_KEY ?? '',
    intervalMinutes: number(env, 'SYNC_INTERVAL_MINUTES', SYNC_DEFAULTS.intervalMinutes, 1),
    rate: number(env, 'SYNC_RATE', SYNC_DEFAULTS.rate, 0),
    concurrency: number(env, 'SYNC_CONCURRENCY', SYNC_DEFAULTS.concurrency, 1),
    timeoutMs: number(env, 'SYNC_TIMEOUT_MS', SYNC_DEFAULTS.timeoutMs, 100),
    retries: number(env, 'SYNC_RETRIES', SYNC_DEFAULTS.retries, 0),
    maxRetryWaitMs: number(env, 'SYNC_MAX_RETRY_WAIT_MS', SYNC_DEFAULTS.maxRetryWaitMs, 0),
    windowDays: number(env, 'SYNC_WINDOW_DAYS', SYNC_DEFAULTS.windowDays, 0),
    fundsPerBatch: number(env, 'SYNC_FUNDS_PER_BATCH', SYNC_DEFAULTS.fundsPerBatch, 1),
  };
}

/** Run options from the settings, for an upstream at `from` with `key`. */
export function syncOptions(s: SyncSettings, from: string, key: string): SyncOptions & UpstreamOptions {
  return {
    baseUrl: from,
    key,
    rate: s.rate,
    concurrency: s.concurrency,
    timeoutMs: s.timeoutMs,
    retries: s.retries,
    maxRetryWaitMs: s.maxRetryWaitMs,
    windowDays: s.windowDays,
    fundsPerBatch: s.fundsPerBatch,
  };
}
