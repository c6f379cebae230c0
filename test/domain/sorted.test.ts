import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countBefore } from '../../src/domain/sorted.js';

describe('countBefore', () => {
  it('counts what a scan counts, with repeats, for numbers and ISO dates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 })),
        fc.integer({ min: -1, max: 51 }),
        (values, x) => {
          const sorted = [...values].sort((a, b) => a - b);
          expect(countBefore(Int32Array.from(sorted), x)).toBe(sorted.filter((v) => v < x).length);
          expect(countBefore(sorted, x, true)).toBe(sorted.filter((v) => v <= x).length);
        },
      ),
    );
    const dates = ['2026-01-02', '2026-01-05', '2026-01-05', '2026-02-01'];
    expect(countBefore(dates, '2026-01-05')).toBe(1);
    expect(countBefore(dates, '2026-01-05', true)).toBe(3);
  });
});
