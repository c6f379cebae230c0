import { describe, expect, it } from 'vitest';
import { navStatistics, yearWindowStart } from '../../src/domain/statistics.js';

const p = (date: string, nav: number) => ({ date, nav });

describe('navStatistics', () => {
  const points = [
    p('2024-01-02', 10),
    p('2024-06-03', 12),
    p('2025-01-02', 9),
    p('2025-03-10', 12),
    p('2025-06-02', 9),
    p('2025-09-01', 11),
    p('2026-01-05', 13),
  ];

  it('computes each window as 4.2 defines it, latest date on ties', () => {
    const s = navStatistics(points, '2025-01-01', '2025-12-31');
    expect(s.minSelected).toEqual({ nav: 9, date: '2025-06-02' });
    expect(s.maxSelected).toEqual({ nav: 12, date: '2025-03-10' });
    expect(s.begin).toEqual({ nav: 9, date: '2025-01-02' });
    expect(s.end).toEqual({ nav: 11, date: '2025-09-01' });
    expect(s.minSince).toEqual({ nav: 9, date: '2025-06-02' });
    expect(s.maxSince).toEqual({ nav: 12, date: '2025-03-10' });
    expect(s.minYear).toEqual({ nav: 9, date: '2025-06-02' });
  });

  it('ignores NAVs after the end date, even for Since', () => {
    const s = navStatistics(points, '2024-01-01', '2024-12-31');
    expect(s.maxSince).toEqual({ nav: 12, date: '2024-06-03' });
    expect(s.end).toEqual({ nav: 12, date: '2024-06-03' });
  });

  it('gives null windows where there is no NAV', () => {
    const s = navStatistics(points, '2023-01-01', '2023-06-30');
    expect(Object.values(s).every((v) => v === null)).toBe(true);
  });

  it('takes the 12 months ending at the end date as (to - 1 year, to]', () => {
    expect(yearWindowStart('2025-06-02')).toBe('2024-06-02');
    expect(yearWindowStart('2024-02-29')).toBe('2023-02-28');
    const s = navStatistics(points, '2025-06-02', '2025-06-02');
    // 2024-06-03 is inside the year ending 2025-06-02; 2024-01-02 is not.
    expect(s.maxYear).toEqual({ nav: 12, date: '2025-03-10' });
    expect(
      navStatistics([p('2024-06-02', 50), p('2025-06-02', 1)], '2025-06-02', '2025-06-02').maxYear,
    ).toEqual({
      nav: 1,
      date: '2025-06-02',
    });
  });
});
