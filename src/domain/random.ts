// A tiny seeded PRNG for generated data. Math.random cannot be seeded, and the demo dataset must come out
// identical for the same seed, so every random choice goes through one of these streams.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A standard normal variate (mean 0, standard deviation 1). */
  normal(): number;
}

/** Mixes a base seed with stream identifiers (e.g. a fund number) into an independent 32-bit seed. */
export function deriveSeed(base: number, ...parts: number[]): number {
  let h = fmix(base ^ 0x9e3779b9);
  for (const part of parts) h = fmix(h ^ part);
  return h;
}

/** murmur3's finalizer: a bijection on 32 bits in which every input bit flips about half the output. */
function fmix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: 32 bits of state, fast, and statistically good enough for demo data (not for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick() needs a non-empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
    // Box-Muller; 1 - next() is in (0, 1], so the logarithm is always finite
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}
