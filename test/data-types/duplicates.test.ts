import { describe, expect, it } from 'vitest';
import { DateKeySet } from '../../src/data-types/duplicates.js';

describe('the keys a batch has seen', () => {
  it('refuses a second (group, date) anywhere in the accepted years, and only in its own group', () => {
    const seen = new DateKeySet();
    // The first and last accepted days, and the two days either side of the first page boundary.
    const dates = ['1900-01-01', '1911-03-20', '1911-03-21', '2026-01-05', '2399-12-31'];
    for (const date of dates) expect(seen.add(101, date)).toBe(true);
    for (const date of dates) expect(seen.add(101, date)).toBe(false);
    expect(seen.add(102, '2026-01-05')).toBe(true);
    expect(seen.add('USD|1', '2026-01-05')).toBe(true);
    expect(seen.add('USD|1', '2026-01-06')).toBe(true);
    expect(seen.add('USD|1', '2026-01-05')).toBe(false);
  });
});
