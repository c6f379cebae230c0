/**
 * How many values of the ascending `sorted` come before `value`, or, when `inclusive`, at or before
 * it: a binary search, so also the index of the first value after them.
 */
export function countBefore<T extends number | string>(
  sorted: ArrayLike<T>,
  value: T,
  inclusive = false,
): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const v = sorted[middle]!;
    if (v < value || (inclusive && v === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}
