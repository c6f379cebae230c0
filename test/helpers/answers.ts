import type { IncomingHttpHeaders } from 'node:http';
import type { Gateway } from '../../src/gateway/index.js';

/** Headers that differ from call to call by nature, or between a socket and app.inject. */
const PER_CALL = new Set([
  'date',
  'x-request-id',
  'ratelimit-remaining',
  'ratelimit-reset',
  'keep-alive',
  'connection',
  'transfer-encoding',
]);

/** An answer's headers without the per-call ones: two answers alike have equal stable headers. */
export function stableHeaders(
  headers: IncomingHttpHeaders | Record<string, unknown>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_CALL.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** How many calls the answer cache answered, by result (hit_direct: the fast path; hit; miss). */
export async function answerLookups(gateway: Gateway): Promise<Record<string, number>> {
  const metric = await gateway.metrics.answerCache.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.result), v.value]));
}
