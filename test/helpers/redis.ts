import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisSettings } from '../../src/gateway/redis.js';

/** The Redis the Redis tests run against; unset, they are skipped and say so. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

const SKIPPED = 'skipped: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run';

/** A suite title that says, when there is no test Redis, why the suite did not run. */
export function needsRedis(title: string): string {
  if (TEST_REDIS_URL) return title;
  console.warn(`${title}: ${SKIPPED}`);
  return `${title} (${SKIPPED})`;
}

/** Settings with a key prefix of their own, so test files running at once never share a counter. */
export function redisForTest(failureMode: RedisSettings['failureMode'] = 'closed'): RedisSettings {
  return { url: TEST_REDIS_URL ?? '', keyPrefix: `rates-test:${randomUUID()}:`, failureMode };
}

/** Deletes every key a test wrote under its prefix. */
export async function deleteKeys(settings: RedisSettings): Promise<void> {
  const client = new Redis(settings.url);
  try {
    const stream = client.scanStream({ match: `${settings.keyPrefix}*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>)
      if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
