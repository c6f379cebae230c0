// One measurement: autocannon (in this process) or wrk (its own), against a server in another process,
// for a fixed time.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { BenchRequest } from './requests.js';
import { runWrk } from './wrk.js';

/** The load generator: autocannon, or wrk for answers whose bodies autocannon cannot take in fast. */
export type Client = 'autocannon' | 'wrk';

export interface Figures {
  /** 2xx answers received (req/s counts only these); 0 means no answer made it in time. */
  answers: number;
  rps: number;
  /** Latency percentiles in ms (autocannon's resolution is 1 ms, wrk's 1 µs). */
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts: anything but 0 makes the figures suspect. */
  failures: number;
  /** What the failures were, e.g. '503 ×1604, 3 socket errors'. */
  failureKinds: string;
  /**
   * The server process's CPU time (user + system) per answer, in microseconds: its own work per call,
   * whatever the load generator managed to send.
   */
  cpuUs: number;
}

/** A server in its own process, whose CPU time can be read. */
export interface Measured {
  /** CPU time (user + system) the process has used so far, in seconds. */
  cpuSeconds(): number;
}

/**
 * CPU time (user + system) of a Linux process and its running children (a cluster's workers) so far,
 * in seconds, from /proc/<pid>/stat.
 */
export function cpuSecondsOf(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (in parentheses, which may hold spaces): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  return childrenOf(pid).reduce((sum, child) => sum + cpuSecondsOf(child), own);
}

/** The running children of a Linux process (a cluster primary's workers). */
export function childrenOf(pid: number | undefined): number[] {
  try {
    const tasks = readdirSync(`/proc/${pid}/task`);
    return tasks.flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter((word) => word !== '')
        .map(Number),
    );
  } catch {
    return []; // the process (or a thread) ended meanwhile
  }
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times: 100 on every common architecture. */
const CLOCK_TICKS = 100;

export async function measure(
  server: Measured & { url: string },
  requests: BenchRequest[],
  options: { seconds: number; connections: number; client?: Client },
): Promise<Figures> {
  if (options.client === 'wrk') return measureByWrk(server, requests, options);
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({
    url: server.url,
    connections: options.connections,
    duration: options.seconds,
    requests,
    // Latencies of 2xx answers only: a fast 503 must not make an overloaded server look quick.
    excludeErrorStats: true,
  });
  const calls = result['2xx'] + result.non2xx;
  const cpuUs = calls > 0 ? ((server.cpuSeconds() - cpuBefore) * 1e6) / calls : Number.NaN;
  return {
    cpuUs,
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

async function measureByWrk(
  server: Measured & { url: string },
  requests: BenchRequest[],
  options: { seconds: number; connections: number },
): Promise<Figures> {
  const cpuBefore = server.cpuSeconds();
  const result = await runWrk(server.url, requests, options);
  const cpuUs = result.answers > 0 ? ((server.cpuSeconds() - cpuBefore) * 1e6) / result.answers : Number.NaN;
  // wrk counts 3xx as successes; the benchmarked calls answer 200, so any other status is a failure.
  const ok = result.answers - result.badStatus;
  return {
    cpuUs,
    answers: ok,
    rps: ok / result.seconds,
    p50: result.p50,
    p99: result.p99,
    failures: result.badStatus + result.socketErrors,
    failureKinds: [
      ...(result.badStatus > 0 ? [`${result.badStatus} answers not 2xx or 3xx`] : []),
      ...(result.socketErrors > 0 ? [`${result.socketErrors} socket errors or timeouts`] : []),
    ].join(', '),
  };
}
