// How many decimals a number needs: rates range from 84.4550 (BHD) to 0.001566 (LAK), so a fixed
// count either hides the small ones or pads the large ones.

/** The decimals written in a quoted rate such as '0.022527' (6); 0 for '' or a whole number. */
export function quotedDecimals(rate: string): number {
  const dot = rate.indexOf('.');
  return dot < 0 ? 0 : rate.length - dot - 1;
}

/** Decimals that keep `significant` digits of the smallest non-zero magnitude among `values`. */
export function decimalsFor(values: readonly (number | null)[], significant = 4, min = 2): number {
  let smallest = Infinity;
  for (const v of values) if (v !== null && v !== 0 && Math.abs(v) < smallest) smallest = Math.abs(v);
  if (smallest === Infinity) return min;
  const leading = Math.floor(Math.log10(smallest)); // 0.0218 -> -2, 32.1 -> 1
  return Math.min(10, Math.max(min, significant - 1 - leading));
}

/** The fewest decimals (up to 10) that write every tick of an axis exactly, so no two look alike. */
export function tickDecimals(ticks: readonly number[]): number {
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : Math.abs(ticks[0] ?? 1);
  const tolerance = (step || 1) * 1e-6;
  for (let d = 0; d < 10; d++) {
    if (ticks.every((t) => Math.abs(Number(t.toFixed(d)) - t) < tolerance)) return d;
  }
  return 10;
}
