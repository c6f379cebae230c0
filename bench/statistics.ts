// npm run bench:statistics
// Time per Fund_Nav_ByFundCode statistics call for a synthetic fund of 5,000 and of 50,000 NAVs: the
// one-pass scan over the fund's NAVs (what each call cost before the NAV series) against the series'
// range tables (src/domain/nav-series.ts), on random ranges. In memory only, so it times the
// computation, not the database. Figures only, no assertions; the machine may be shared, so repeat a
// run before trusting a ratio.
import { addDays } from '../src/domain/dates.js';
import { NavSeries } from '../src/domain/nav-series.js';
import { navStatistics, type NavPoint } from '../src/domain/statistics.js';
import { createRandom } from '../src/domain/random.js';

const FIRST = '1990-01-01';

function syntheticFund(length: number): NavPoint[] {
  const random = createRandom(length);
  const points: NavPoint[] = [];
  let nav = 10;
  for (let i = 0; i < length; i++) {
    nav = Math.max(0.01, Math.round(nav * (1 + (random.next() - 0.5) / 50) * 10_000) / 10_000);
    points.push({ date: addDays(FIRST, i), nav });
  }
  return points;
}

/** Mean microseconds per call of `statistics` over the ranges, repeated for at least ~0.5 s. */
function timePerCall(ranges: [string, string][], statistics: (from: string, to: string) => unknown): number {
  let calls = 0;
  const started = performance.now();
  do {
    for (const [from, to] of ranges) statistics(from, to);
    calls += ranges.length;
  } while (performance.now() - started < 500);
  return ((performance.now() - started) / calls) * 1000;
}

const format = (n: number, digits = 1) => n.toFixed(digits).padStart(10);
console.log('NAVs    ranges            scan µs/call   series µs/call    ratio   build ms   series KB');
for (const length of [5_000, 50_000]) {
  const points = syntheticFund(length);
  const last = points.at(-1)!.date;
  const random = createRandom(length + 1);
  const buildStarted = performance.now();
  const series = NavSeries.fromPoints(points);
  const buildMs = performance.now() - buildStarted;
  const kinds: [string, () => [string, string]][] = [
    // Random ranges anywhere in the history (and a little after it).
    [
      'random',
      () => {
        const a = random.int(0, length + 30);
        const b = random.int(0, length + 30);
        return [addDays(FIRST, Math.min(a, b)), addDays(FIRST, Math.max(a, b))];
      },
    ],
    // The common question: the last 3 months up to the latest NAV.
    ['last 3 months', () => [addDays(last, -91), last]],
  ];
  for (const [kind, range] of kinds) {
    const ranges = Array.from({ length: 200 }, range);
    const scan = timePerCall(ranges, (from, to) => navStatistics(points, from, to));
    const fast = timePerCall(ranges, (from, to) => series.statistics(from, to));
    console.log(
      `${String(length).padEnd(8)}${kind.padEnd(16)}${format(scan)}${format(fast, 2)}${format(scan / fast, 0)}x` +
        `${format(buildMs)}${format(series.bytes / 1024)}`,
    );
  }
}
