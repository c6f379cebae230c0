/** The middle value (of an even count, the lower of the two middle ones): the benchmarks' verdicts. */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
