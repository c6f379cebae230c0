import { hash, verify } from '@node-rs/argon2';

// Passwords (docs/portal.md): at least 10 characters, no rules about kinds of characters, the most common
// ones refused, kept as argon2id. @node-rs/argon2 hashes on libuv's thread pool, so a sign-in never
// holds the event loop (and with it the /api/ calls) for the hash's tens of milliseconds.

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** OWASP's Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD = 10;
/** Longer is refused as a bad request: hashing megabytes is a way to make the server work. */
export const MAX_PASSWORD = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. Without an account (`stored` undefined) a hash is still checked,
 * so an unknown email takes as long to refuse as a wrong password.
 */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined || stored === '') {
    dummy ??= hashPassword('not the password of any account');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * The most common passwords, from @zxcvbn-ts/language-common (MIT; its `passwords-common` list of
 * some 49,000, taken from leaked-password frequency lists), compared without case.
 */
let common: Promise<Set<string>> | undefined;
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return common;
}

/** Why a new password is refused (the portal's error code), or undefined when it will do. */
export async function passwordProblem(
  password: string,
): Promise<'password_short' | 'password_common' | undefined> {
  if ([...password].length < MIN_PASSWORD) return 'password_short';
  if ((await commonPasswords()).has(password.toLowerCase())) return 'password_common';
  return undefined;
}
