// Formats the figures as one plain-text table with its targets beside them.
import type { Figures } from './measure.js';
import { median } from './median.js';

export interface CachedRow {
  name: string;
  uncacheable?: boolean;
  service: Figures;
  ceiling: Figures;
  /** service/ceiling of every round, lowest first (the row's figures are the median round's). */
  ratios: number[];
}

export interface UncachedRow {
  name: string;
  service: Figures;
  /** The ceiling server sending the same (uncompressed) bytes: the p99 of writing them alone. */
  ceiling: Figures;
}

export interface Memory {
  /**
   * Start-ups of the compiled build (the published `rates serve`), each to the first 200 of an API
   * call (with WORKERS, to every worker's first answer); the table shows their median.
   */
  startupsMs: number[];
  /** Start-up through tsx (`npm start` in development), once. */
  tsxStartupMs: number;
  rssAfterStartMb: number;
  rssAfterLoadMb: number;
  peakMb: number;
}

/** A small cached answer against the bare server answering the same bytes (issue 23: under wrk). */
const CACHED_TARGET = 0.8;
const UNCACHED_P99_TARGET_MS = 10;
const STARTUP_TARGET_MS = 2000;
const RSS_TARGET_MB = 500;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const failures = (f: Figures) =>
  f.failures > 0
    ? `  FAILED: ${f.failureKinds}`
    : f.answers === 0
      ? '  no answer within the measurement'
      : '';
/** The lowest and highest round, beside a median: how much the machine moved the figure. */
const spread = (ratios: number[]) =>
  ratios.length > 1 ? ` (${Math.floor(ratios[0]! * 100)}-${Math.floor(ratios.at(-1)! * 100)})` : '';
const cpu = (service: Figures, ceiling: Figures) => `${int(service.cpuUs)}, ${int(ceiling.cpuUs)}`;
// No answer at all within the measurement: the latency is unknown, and certainly over any target.
// autocannon gives whole milliseconds, wrk microseconds: a tenth is shown below 10 ms.
const ms = (f: Figures, value: number) =>
  f.answers === 0
    ? 'n/a'
    : Number.isInteger(value)
      ? String(value)
      : value < 10
        ? value.toFixed(1)
        : String(Math.round(value));

export function printTable(cached: CachedRow[], uncached: UncachedRow[], memory: Memory): void {
  const lines: string[][] = [
    [
      'operation',
      'service req/s',
      'p50 ms',
      'p99 ms',
      'ceiling req/s',
      'service/ceiling (rounds)',
      'CPU µs/call service, ceiling',
      'target',
    ],
  ];
  for (const { name, uncacheable, service, ceiling, ratios } of cached) {
    const ratio = service.rps / ceiling.rps;
    const target = uncacheable
      ? 'none: never cached (POST)'
      : `≥ ${CACHED_TARGET * 100} % ${verdict(ratio >= CACHED_TARGET)}`;
    lines.push([
      name,
      int(service.rps),
      ms(service, service.p50),
      ms(service, service.p99),
      int(ceiling.rps),
      // Rounded down, so that a ratio printed as 80 % has met an 80 % target.
      `${Math.floor(ratio * 100)} %${spread(ratios)}`,
      cpu(service, ceiling),
      `${target}${failures(service)}${failures(ceiling)}`,
    ]);
  }
  if (uncached.length > 0)
    lines.push(['answer cache off:', '', '', '', 'ceiling req/s', 'ceiling p99 ms', '', '']);
  for (const { name, service, ceiling } of uncached) {
    const ok = service.answers > 0 && service.p99 <= UNCACHED_P99_TARGET_MS;
    // When even the ceiling's p99 is over the target, no work of the service could meet it here.
    const floor = ceiling.p99 > UNCACHED_P99_TARGET_MS ? ' (ceiling over it too)' : '';
    lines.push([
      name,
      int(service.rps),
      ms(service, service.p50),
      ms(service, service.p99),
      int(ceiling.rps),
      ms(ceiling, ceiling.p99),
      cpu(service, ceiling),
      `p99 ≤ ${UNCACHED_P99_TARGET_MS} ms ${verdict(ok)}${ok ? '' : floor}${failures(service)}${failures(ceiling)}`,
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines) {
    // Names and targets left-aligned, figures right-aligned.
    const cells = line.map((cell, i) =>
      i === 0 || i === line.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
    );
    console.log(cells.join('  ').trimEnd());
  }
  console.log('');
  const row = (label: string, value: string, target: string) =>
    console.log(`${label.padEnd(28)}${value.padStart(10)}   ${target}`);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  // One start-up moves by a few hundred ms with the machine: the verdict goes by the median.
  const startups = memory.startupsMs;
  const startupMs = median(startups);
  row(
    'start-up to first 200',
    seconds(startupMs),
    `target < ${STARTUP_TARGET_MS / 1000} s ${verdict(startupMs < STARTUP_TARGET_MS)}` +
      (startups.length > 1
        ? ` (median of ${startups.length}, in start order: ${startups.map(seconds).join(', ')})`
        : ''),
  );
  // npm start, for development: each module goes through tsx's loader, on a thread of its own.
  row('  the same through tsx', seconds(memory.tsxStartupMs), 'no target: npm start, for development');
  const rss = (mb: number) => `target < ${RSS_TARGET_MB} MB ${verdict(mb < RSS_TARGET_MB)}`;
  row('RSS after start', `${int(memory.rssAfterStartMb)} MB`, rss(memory.rssAfterStartMb));
  row('RSS after the load', `${int(memory.rssAfterLoadMb)} MB`, rss(memory.rssAfterLoadMb));
  row('peak RSS (VmHWM)', `${int(memory.peakMb)} MB`, rss(memory.peakMb));
}

/** How far a change moved each operation: this build against `baseline`'s, measured in turn. */
export function printComparison(cached: CachedRow[], baseline: string): void {
  const lines: string[][] = [
    ['operation', 'req/s now', 'req/s before', 'now/before', 'p99 ms now, before', 'CPU µs/call now, before'],
  ];
  for (const { name, service, ceiling: before, ratios } of cached) {
    lines.push([
      name,
      int(service.rps),
      int(before.rps),
      `${((service.rps / before.rps) * 100).toFixed(1)} %${spread(ratios)}${failures(service)}${failures(before)}`,
      `${ms(service, service.p99)}, ${ms(before, before.p99)}`,
      cpu(service, before),
    ]);
  }
  console.log(
    `\nThis build against ${baseline} (the median round of each operation; in brackets its lowest and highest round):`,
  );
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines) console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}
