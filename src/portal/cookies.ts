import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The portal's two cookies. `rates_portal` carries a session id (only its hash is stored); before
// sign-in, `rates_csrf` carries a random value. The CSRF token is derived from one or the other, so it
// is bound to the browser's session and needs no storage of its own.

export const SESSION_COOKIE = 'rates_portal';
export const CSRF_COOKIE = 'rates_csrf';
export const COOKIE_PATH = '/portal';

export const newSecret = () => randomBytes(32).toString('base64url');

/** What is stored for a session id or a mailed token: SHA-256, hex. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const csrfTokenOf = (secret: string) =>
  createHash('sha256').update(`csrf\0${secret}`).digest('base64url');

export function csrfMatches(secret: string, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The value of cookie `name` in a Cookie header; undefined when absent or not of the form we set. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** A Set-Cookie header: HttpOnly, SameSite=Lax, on /portal only; Secure when the request came over HTTPS. */
export function setCookie(
  name: string,
  value: string,
  options: { secure: boolean; maxAgeS?: number },
): string {
  return [
    `${name}=${value}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.maxAgeS === undefined ? [] : [`Max-Age=${options.maxAgeS}`]),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
