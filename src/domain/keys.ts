import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The query parameter a call may present its key in, instead of the header. */
export const KEY_QUERY = 'subscription-key';

// Keys are 128-bit random values, so a fast hash is enough: there is nothing to brute-force that a slow
// hash would protect. Only the hash is stored; the plaintext exists once, when it is shown to the operator.

export function newKey(): string {
  return randomBytes(16).toString('hex');
}

/** Admin tokens are longer and prefixed, so one is never mistaken for a subscription key. */
export function newAdminToken(): string {
  return `adm_${randomBytes(32).toString('base64url')}`;
}

// crypto.hash, one call without a Hash object: a quarter of createHash's time on a key (measured:
// CONTRIBUTING.md, Measurements behind the code), and every API call hashes its key.
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Constant-time comparison of two hex hashes of equal length. */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function keyHint(key: string): string {
  return key.slice(-4);
}
