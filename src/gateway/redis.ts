import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

export interface RedisSettings {
  url: string;
  /** Starts every key and channel, so deployments (and test runs) can share one Redis. */
  keyPrefix: string;
  /** What the limits do while Redis is unreachable: let calls through, or refuse them with 503. */
  failureMode: 'open' | 'closed';
}

/** REDIS_URL and its companions, as the gateway takes them; undefined without REDIS_URL. */
export function redisSettings(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'redisFailureMode'>,
): RedisSettings | undefined {
  if (!config.redisUrl) return undefined;
  return {
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    failureMode: config.redisFailureMode,
  };
}

/**
 * A client that fails fast: a request must never wait on a dead Redis, so a command while the
 * connection is down fails at once (no offline queue) and one Redis does not answer fails after a
 * short timeout. The failure mode then decides the answer. It keeps reconnecting in the background.
 */
export function connectRedis(url: string, onError: (error: Error) => void): Redis {
  const client = new (ioredis().Redis)(url, {
    enableOfflineQueue: false,
    connectTimeout: 1000,
    // A Redis that accepted the connection but does not answer (overloaded, a half-open link).
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    // At most a second between attempts, so the limits are shared again soon after Redis is back.
    retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
  });
  // Without a listener ioredis prints every connection error to the console itself.
  client.on('error', onError);
  return client;
}

/**
 * ioredis, loaded with the first connection: a process without REDIS_URL never loads it (a part of
 * every start-up; measured: CONTRIBUTING.md, Measurements behind the code).
 */
function ioredis(): typeof IORedis {
  return createRequire(import.meta.url)('ioredis') as typeof IORedis;
}

/** Resolves true once the client is connected, false after `ms`: a healthy start fails no calls. */
export function whenReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      client.off('ready', ready);
      resolve(false);
    }, ms);
    client.once('ready', ready);
  });
}

/** Closes politely when connected, else just stops reconnecting. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => undefined);
  client.disconnect();
}
