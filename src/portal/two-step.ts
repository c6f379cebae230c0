import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { DeveloperRepository, DeveloperRow } from '../store/developer-repo.js';
import type { TwoStepRepository } from '../store/two-step-repo.js';
import { TOKEN_LIFETIMES_MS } from './accounts.js';
import { hashSecret, newSecret } from './cookies.js';
import { PortalError } from './errors.js';
import type { Throttle } from './throttle.js';

// Two-step sign-in with an authenticator app (RFC 6238 TOTP through `otpauth`: SHA-1, 6 digits, 30 s,
// the parameters every app reads from an otpauth:// link), and recovery codes shown once, kept hashed.

const PERIOD_S = 30;
/** A code of the step before or after the server's is taken too: clocks drift, people type slowly. */
const WINDOW = 1;
export const RECOVERY_CODES = 10;
/** Recovery codes: 10 characters (50 bits) of an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export function totpOf(secret: string, email: string, issuer: string): TOTP {
  return new TOTP({ issuer, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });
}

/** The time step `code` is the code of, within the window around `now`; undefined: none. */
export function stepOf(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^[0-9]{6}$/.test(token)) return undefined;
  const delta = totpOf(secret, '', 'rates').validate({ token, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODES }, () => {
    const c = code();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without its dash or spaces) to what is hashed. */
export const recoveryHash = (code: string): string =>
  hashSecret(`recovery\0${code.toLowerCase().replace(/[\s-]/g, '')}`);

/**
 * The second step of a sign-in, or of turning two-step off: a current code of the app (once), or
 * an unused recovery code (once). Throws 400 code_invalid otherwise.
 */
export async function checkSecondStep(
  repo: TwoStepRepository,
  developer: DeveloperRow,
  code: string,
  now: Date,
): Promise<'app' | 'recovery'> {
  const secret = developer.totp_secret;
  if (secret === null || developer.totp_enabled_at === null) throw new PortalError(400, 'code_invalid');
  const step = stepOf(secret, code, now);
  if (step !== undefined && (await repo.takeStep(developer.id, step))) return 'app';
  if (step === undefined && (await repo.takeRecoveryCode(developer.id, recoveryHash(code), now)))
    return 'recovery';
  throw new PortalError(400, 'code_invalid');
}

/** Two-step sign-in for the routes: the challenge a right password gives, its second step, and the setup. */
export class TwoStep {
  constructor(
    private readonly developers: DeveloperRepository,
    readonly repo: TwoStepRepository,
    private readonly throttle: Throttle,
    private readonly now: () => Date,
  ) {}

  /** A single-use challenge for the second step (a portal token of kind 'totp'); its plaintext goes to the browser. */
  async challenge(developer: DeveloperRow): Promise<string> {
    const challenge = newSecret();
    const now = this.now();
    await this.developers.putToken(
      { hash: hashSecret(challenge), kind: 'totp', developerId: developer.id, email: null },
      new Date(now.getTime() + TOKEN_LIFETIMES_MS.totp),
      now,
    );
    return challenge;
  }

  /**
   * The developer whose challenge this is, once `code` is right. Wrong codes count as wrong passwords
   * of that developer (only someone who knew the password gets here); the challenge is spent on success.
   */
  async secondStep(challenge: string, code: string): Promise<DeveloperRow> {
    const hash = hashSecret(challenge);
    const id = await this.developers.tokenOwner(hash, 'totp', this.now());
    const developer = id === undefined ? undefined : await this.developers.get(id);
    if (!developer || developer.closed_at !== null) throw new PortalError(400, 'token_invalid');
    if (developer.blocked_at !== null) throw new PortalError(403, 'blocked');
    await this.throttle.password(developer.id, () => checkSecondStep(this.repo, developer, code, this.now()));
    if (!(await this.developers.takeToken(hash, ['totp'], this.now())))
      throw new PortalError(400, 'token_invalid');
    return developer;
  }

  /** A new secret, waiting for the first code; its otpauth:// link is what the authenticator app reads. */
  async setup(developer: DeveloperRow, issuer: string): Promise<{ secret: string; uri: string }> {
    const secret = newTotpSecret();
    await this.repo.setPending(developer.id, secret);
    return { secret, uri: totpOf(secret, developer.email, issuer).toString() };
  }

  /** Turns two-step on with the app's first code; returns the recovery codes, shown this once. */
  async enable(developer: DeveloperRow, code: string): Promise<string[]> {
    const secret = developer.totp_secret;
    const step = secret === null ? undefined : stepOf(secret, code, this.now());
    if (step === undefined) throw new PortalError(400, 'code_invalid');
    const codes = newRecoveryCodes();
    await this.repo.enable(developer.id, step, codes.map(recoveryHash), this.now());
    return codes;
  }
}
