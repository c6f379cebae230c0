import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { NavSeries } from '../../src/domain/nav-series.js';
import { navStatistics, type NavPoint } from '../../src/domain/statistics.js';

const ORIGIN = '2020-01-01';

/**
 * Ascending distinct dates from day gaps. NAVs come from a few distinct values (so ties are common)
 * or from many; `size: 'max'` lets lengths reach the maximum, so many blocks are exercised.
 */
const history = (maxLength: number) =>
  fc
    .tuple(
      fc.constantFrom(3, 50, 100_000),
      fc.array(fc.record({ gap: fc.integer({ min: 1, max: 5 }), nav: fc.nat() }), { maxLength, size: 'max' }),
    )
    .map(([values, steps]) => {
      let day = 0;
      return steps.map<NavPoint>(({ gap, nav }) => {
        day += gap;
        return { date: addDays(ORIGIN, day), nav: 10 + (nav % values) / 4 };
      });
    });

// Offsets from before the first date to well after the last, so ranges fall before inception, across
// it, inside, and after the last NAV.
const offset = fc.integer({ min: -400, max: 2_000 });

// A boolean rather than expect(): fast-check tries many failing cases while shrinking, and a diff
// formatted for each would make that take minutes.
const agrees = (points: NavPoint[], from: string, to: string) =>
  isDeepStrictEqual(NavSeries.fromPoints(points).statistics(from, to), navStatistics(points, from, to));

describe('NavSeries', () => {
  it('answers exactly what the one-pass scan answers, for any history and range', () => {
    fc.assert(
      fc.property(history(300), offset, offset, (points, a, b) => {
        const [from, to] = [addDays(ORIGIN, Math.min(a, b)), addDays(ORIGIN, Math.max(a, b))];
        return agrees(points, from, to);
      }),
      { numRuns: 1_000 },
    );
  });

  it('agrees on long histories too, where whole blocks come from the table', () => {
    fc.assert(
      fc.property(history(5_000), offset, fc.integer({ min: 0, max: 15_000 }), (points, a, length) => {
        const from = addDays(ORIGIN, a);
        const to = addDays(from, length);
        return agrees(points, from, to);
      }),
      { numRuns: 200, endOnFailure: true }, // shrinking 5,000-point histories would take minutes
    );
  });

  it('takes the latest date on a tie and gives null for empty windows', () => {
    const points = [
      { date: '2025-01-02', nav: 5 },
      { date: '2025-01-03', nav: 5 },
      { date: '2025-01-06', nav: 5 },
    ];
    const series = NavSeries.fromPoints(points);
    const s = series.statistics('2025-01-01', '2025-01-31');
    expect(s.minSelected).toEqual({ nav: 5, date: '2025-01-06' });
    expect(s.maxSelected).toEqual({ nav: 5, date: '2025-01-06' });
    expect(s.begin).toEqual({ nav: 5, date: '2025-01-02' });
    const after = series.statistics('2025-02-01', '2025-02-28');
    expect(after.minSelected).toBeNull();
    expect(after.minSince).toEqual({ nav: 5, date: '2025-01-06' });
    const before = series.statistics('2024-01-01', '2024-12-31');
    expect(Object.values(before).every((v) => v === null)).toBe(true);
    expect(Object.values(NavSeries.fromPoints([]).statistics('2025-01-01', '2025-01-31'))).toEqual(
      Array(8).fill(null),
    );
  });
});
