import type { PublicAccessState } from '../gateway/public-access.js';

/** Answer headers a browser script on another origin may read. */
export const EXPOSED_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'X-Request-Id',
  // The state an answer as of an instant serves, and its timemap (docs/time-travel.md).
  'Memento-Datetime',
  'Link',
];

/** Which origins may read an answer: '*' any, one origin, a list (CORS_ORIGINS), or none. */
export type CorsOrigin = '*' | string | string[] | false;

/** The CORS settings of the API: CORS_ORIGINS, as the CORS plugin takes them. */
export function keyedOrigins(origins: readonly string[]): CorsOrigin {
  return origins.includes('*') ? '*' : [...origins];
}

/**
 * The CORS headers of an answer any origin may read ('*'), as @fastify/cors sets them on a call that
 * is not a preflight: then they do not depend on the call.
 */
const ANY_ORIGIN_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
});

/** What the CORS rule needs to know of a call. */
export interface CorsCall {
  method: string;
  origin: string | undefined;
  /** The call presents no key. */
  keyless: boolean;
  group: string;
}

/**
 * Which origin may read this call's answer. A call without a key to a group public access opened is
 * readable only from public access's origins (whatever CORS_ORIGINS says: the page that calls keyless
 * is the bank's own); a preflight (never keyed) to such a group is allowed from them too; everything
 * else keeps CORS_ORIGINS (`keyed`).
 */
export function corsOrigin(call: CorsCall, keyed: CorsOrigin, publicAccess: PublicAccessState): CorsOrigin {
  const { origin, group } = call;
  const listed = origin !== undefined && publicAccess.allowsOrigin(group, origin);
  if (call.method === 'OPTIONS') return listed ? origin : keyed;
  if (call.keyless && publicAccess.admit(group)) return listed ? origin : false;
  return keyed;
}

const NO_CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
const EXPOSE_ONLY: Readonly<Record<string, string>> = Object.freeze({
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
});

/**
 * The CORS headers of a call that is not a preflight, when `allowed` (corsOrigin) makes them the same
 * whatever its Origin, as @fastify/cors sets them: any origin; none (CORS off for the call); a list
 * of origins and a call that names none (only the exposed headers). Undefined when they depend on
 * the Origin named: the plugin must match it.
 */
export function fixedCorsHeaders(
  allowed: CorsOrigin,
  origin: string | undefined,
): Readonly<Record<string, string>> | undefined {
  if (allowed === '*') return ANY_ORIGIN_HEADERS;
  if (allowed === false) return NO_CORS_HEADERS;
  if (origin === undefined && Array.isArray(allowed)) return EXPOSE_ONLY;
  return undefined;
}
