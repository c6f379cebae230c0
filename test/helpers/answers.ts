import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
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

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET over real HTTP (the fast path is reached only so: app.inject never is), the body as sent. */
export function getOverHttp(
  url: string,
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, ...(agent && { agent }) });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject).end();
  });
}
