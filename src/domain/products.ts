import { ActionError } from './errors.js';

/** How many subscriptions of one product a developer may hold, at most (docs/portal.md, Products). */
export const PER_DEVELOPER_MAX = 1000;

/**
 * A product's "per developer", from the admin API (a number) or the command line (its text): a whole
 * number from 1 to PER_DEVELOPER_MAX, or an error that says so and shows what was given.
 */
export function perDeveloperOf(value: number | string): number {
  const n = typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > PER_DEVELOPER_MAX) {
    throw new ActionError(
      'invalid',
      `per developer: expected a whole number from 1 to ${PER_DEVELOPER_MAX}, got ${String(value).slice(0, 40)}`,
    );
  }
  return n;
}
