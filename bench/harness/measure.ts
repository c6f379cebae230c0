// One measurement: autocannon, in this process, against a server in another, for a fixed time.
import autocannon from 'autocannon';
import type { BenchRequest } from './requests.js';

export interface Figures {
  /** 2xx answers received (req/s counts only these); 0 means no answer made it in time. */
  answers: number;
  rps: number;
  /** Latency percentiles in ms (autocannon's resolution is 1 ms). */
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts: anything but 0 makes the figures suspect. */
  failures: number;
  /** What the failures were, e.g. '503 ×1604, 3 socket errors'. */
  failureKinds: string;
}

export async function measure(
  url: string,
  requests: BenchRequest[],
  options: { seconds: number; connections: number },
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests,
    // Latencies of 2xx answers only: a fast 503 must not make an overloaded server look quick.
    excludeErrorStats: true,
  });
  return {
    answers: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors, // errors include timeouts
    failureKinds: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${code} ×${count ?? 0}`),
      ...(result.errors > 0 ? [`${result.errors} socket errors or timeouts`] : []),
    ].join(', '),
  };
}
