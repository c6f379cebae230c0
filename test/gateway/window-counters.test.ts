import { describe, expect, it } from 'vitest';
import { WindowCounters } from '../../src/gateway/limiter-store.js';

describe('in-process window counters', () => {
  it('allows the window its points, then refuses, and counts the refused calls too', () => {
    const counters = new WindowCounters(() => 1_000_000);
    const calls = Array.from({ length: 4 }, () => counters.consume('rate:1:60s1', 3, 60));
    expect(calls.map((c) => [c.allowed, c.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(calls[0]!.msBeforeNext).toBe(60_000);
    // Another key (another window or subscription) counts on its own.
    expect(counters.consume('rate:2:60s1', 3, 60)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('starts a counter afresh once its lifetime is over; a lifetime of 0 never ends', () => {
    let now = 0;
    const counters = new WindowCounters(() => now);
    counters.consume('a', 1, 10);
    counters.consume('forever', 1, 0);
    now = 9_999;
    expect(counters.consume('a', 1, 10).allowed).toBe(false);
    now = 10_000;
    expect(counters.consume('a', 1, 10)).toMatchObject({ allowed: true, msBeforeNext: 10_000 });
    now = 10 ** 12;
    expect(counters.consume('forever', 1, 0)).toMatchObject({ allowed: false, msBeforeNext: -1 });
  });
});
