import { createRandom, deriveSeed, type Random } from '../../domain/random.js';

// Every kind of generated value draws from its own PRNG stream, keyed by the base seed, the kind and an
// id (fund number, family index, date ...). A stream never depends on the generation order or on the
// `until` date, so a later `until` only appends days to the same history.
export const Stream = {
  fund: 1,
  factor: 2,
  house: 3,
  fx: 4,
  fxSchedule: 5,
  deposit: 6,
  fundPrices: 7,
  loan: 8,
  market: 9,
  fundFacts: 10,
  dividends: 11,
} as const;

export function stream(seed: number, kind: (typeof Stream)[keyof typeof Stream], id: number): Random {
  return createRandom(deriveSeed(seed, kind, id));
}
