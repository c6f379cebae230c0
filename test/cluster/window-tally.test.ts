import { describe, expect, it } from 'vitest';
import { NO_LIMIT } from '../../src/cluster/messages.js';
import { SharedCounts, WindowTally } from '../../src/cluster/window-tally.js';

// The primary's counters of a cluster: workers' messages may arrive in any order around a window's end.

describe('WindowTally', () => {
  it('count a late call of the window just ended where it belongs, not in the new one', () => {
    const tally = new WindowTally();
    expect(tally.count(7, 0, 60)).toBe(1);
    expect(tally.count(7, 60, 120)).toBe(1);
    expect(tally.count(7, 0, 60)).toBe(2); // a worker's call of the old window, sent late
    expect(tally.count(7, 60, 120)).toBe(2);
    expect(tally.count(8, 60, 120)).toBe(1); // another subscription counts apart
  });

  it('start afresh when a period changes the window (a limit edited)', () => {
    const tally = new WindowTally();
    expect(tally.count(1, 0, 60)).toBe(1);
    expect(tally.count(1, 0, 1)).toBe(1);
    expect(tally.count(1, 0, 1)).toBe(2);
  });
});

describe('SharedCounts', () => {
  it('not count a call over the rate limit against the quota, and count no limit a subscription lacks', () => {
    const counts = new SharedCounts();
    // subscription, rate start, end, points, quota start, end
    const call = [1, 0, 60, 2, 0, 86_400];
    expect(counts.countBatch([...call, ...call, ...call])).toEqual([1, 1, 2, 2, 3, 0]);
    expect(counts.countBatch([2, NO_LIMIT, NO_LIMIT, 0, 0, 86_400])).toEqual([0, 1]);
    expect(counts.countBatch([3, 0, 60, 5, NO_LIMIT, NO_LIMIT])).toEqual([1, 0]);
  });
});
