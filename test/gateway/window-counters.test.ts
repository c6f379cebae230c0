import { describe, expect, it } from 'vitest';
import { WindowCounters } from '../../src/gateway/limiter-store.js';

const window = (startsAt: number, endsAt: number) => ({ id: `w${startsAt}`, startsAt, endsAt });

describe('in-process window counters', () => {
  it('count the calls of each subscription in its window', () => {
    const counters = new WindowCounters();
    const minute = window(60_000, 120_000);
    expect([1, 2, 3].map(() => counters.count(1, minute))).toEqual([1, 2, 3]);
    // Another subscription counts on its own.
    expect(counters.count(2, minute)).toBe(1);
    expect(counters.count(1, minute)).toBe(4);
  });

  it('start afresh in another window, also one of another length or an earlier one', () => {
    const counters = new WindowCounters();
    counters.count(1, window(60_000, 120_000));
    counters.count(1, window(60_000, 120_000));
    expect(counters.count(1, window(120_000, 180_000))).toBe(1);
    expect(counters.count(1, window(120_000, 150_000))).toBe(1);
    expect(counters.count(1, window(90_000, 150_000))).toBe(1);
    expect(counters.count(1, window(90_000, 150_000))).toBe(2);
    expect(counters.count(1, window(60_000, 120_000))).toBe(1);
  });
});
