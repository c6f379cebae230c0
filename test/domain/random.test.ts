import { describe, expect, it } from 'vitest';
import { createRandom, deriveSeed } from '../../src/domain/random.js';

const take = (seed: number, n: number) => {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => random.next());
};

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(take(42, 20)).toEqual(take(42, 20));
    expect(take(42, 20)).not.toEqual(take(43, 20));
  });

  it('keeps next() in [0, 1) and int() within its bounds', () => {
    const random = createRandom(7);
    for (let i = 0; i < 10_000; i++) {
      const x = random.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = random.int(3, 5);
      expect([3, 4, 5]).toContain(n);
    }
  });

  it('draws normal variates with mean about 0 and deviation about 1', () => {
    const random = createRandom(1);
    const xs = Array.from({ length: 50_000 }, () => random.normal());
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(sd - 1)).toBeLessThan(0.02);
    expect(xs.every(Number.isFinite)).toBe(true);
  });

  it('picks from an array and refuses an empty one', () => {
    const random = createRandom(3);
    expect(['a', 'b']).toContain(random.pick(['a', 'b']));
    expect(() => random.pick([])).toThrow(RangeError);
  });
});

describe('deriveSeed', () => {
  it('separates streams by every part', () => {
    const seeds = new Set([
      deriveSeed(1, 1, 1),
      deriveSeed(1, 1, 2),
      deriveSeed(1, 2, 1),
      deriveSeed(2, 1, 1),
    ]);
    expect(seeds.size).toBe(4);
    expect(deriveSeed(1, 1, 1)).toBe(deriveSeed(1, 1, 1));
  });
});
