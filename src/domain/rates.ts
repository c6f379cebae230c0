/** A rate as the bank publishes it: fixed decimals, or '' when the family has no such rate. */
export function formatRate(value: number | null, decimals: number): string {
  return value === null ? '' : value.toFixed(decimals);
}
