import type { DeveloperRepository, DeveloperRow } from '../store/developer-repo.js';
import type { PortalTokenKind } from '../store/schema.js';
import { email as emailOf, type EmailKind, type Lang } from './emails.js';
import { hashSecret, newSecret } from './cookies.js';
import { PortalError } from './errors.js';
import type { Mailer } from './mailer.js';
import { hashPassword, passwordMatches, passwordProblem } from './passwords.js';
import type { PortalSettings } from './public-url.js';

const HOUR_MS = 3_600_000;
/** How long each mailed link works. */
export const TOKEN_LIFETIMES_MS: Record<PortalTokenKind, number> = {
  confirm: 24 * HOUR_MS,
  reset: HOUR_MS,
  email: 24 * HOUR_MS,
  invite: 7 * 24 * HOUR_MS,
  // A sign-in's second step (two-step.ts): never mailed.
  totp: 5 * 60_000,
};
/** The page route each link opens (web/portal.html reads the fragment). */
const ROUTES: Record<PortalTokenKind, string> = {
  confirm: 'confirm',
  reset: 'reset',
  email: 'email',
  invite: 'signup',
  totp: 'signin',
};

export interface AccountsOptions {
  developers: DeveloperRepository;
  mailer: Mailer;
  config: PortalSettings;
  now: () => Date;
  /** Mail goes out in the background, so a known and an unknown email are answered alike and at once. */
  onMailError: (error: unknown) => void;
}

/** What the portal does with accounts; routes (routes.ts) stay a few lines over it. */
export class Accounts {
  constructor(private readonly o: AccountsOptions) {}

  /** Same answer whether the email has an account or not: the known one is told by email instead. */
  async signup(input: { name: string; email: string; password: string; lang: Lang; invitation?: string }) {
    const mode = this.o.config.portal;
    if (mode === 'off') throw new PortalError(403, 'signup_closed');
    await this.checkNewPassword(input.password);
    let invited: string | null = null;
    if (mode === 'invite' || input.invitation !== undefined) {
      const token = input.invitation ? await this.take(input.invitation, ['invite']) : undefined;
      if (!token) throw new PortalError(403, 'invitation_required');
      invited = token.email;
    }
    const now = this.o.now();
    // Hashed for a known email too: both answers take the hash's time.
    const passwordHash = await hashPassword(input.password);
    const known = await this.o.developers.byEmail(input.email);
    if (known) {
      this.mail('known', known, known.email, await this.link('reset', known.id, known.email));
      return;
    }
    // An invitation was mailed to its address: signing up with that address confirms it.
    const confirmed = invited === input.email;
    const id = await this.o.developers.create(
      {
        email: input.email,
        name: input.name,
        password_hash: passwordHash,
        lang: input.lang,
        confirmed_at: confirmed ? now.toISOString() : null,
      },
      now,
    );
    if (id === undefined || confirmed) return;
    const developer = (await this.o.developers.get(id))!;
    this.mail('confirm', developer, developer.email, await this.link('confirm', id, developer.email));
  }

  /** A sign-up's or an email change's link. */
  async confirm(token: string): Promise<void> {
    const used = await this.take(token, ['confirm', 'email']);
    const developer = used?.developer_id == null ? undefined : await this.o.developers.get(used.developer_id);
    if (!used || !developer || developer.closed_at !== null) throw new PortalError(400, 'token_invalid');
    const now = this.o.now();
    if (used.kind === 'confirm') {
      if (developer.email === used.email && developer.confirmed_at === null)
        await this.o.developers.update(developer.id, { confirmed_at: now.toISOString() }, now);
      return;
    }
    if (used.email === null || !(await this.o.developers.changeEmail(developer.id, used.email, now)))
      throw new PortalError(400, 'token_invalid');
  }

  /** The developer behind an email and password; signin_failed alike for an unknown email and a wrong password. */
  async signin(email: string, password: string): Promise<DeveloperRow> {
    const developer = await this.o.developers.byEmail(email);
    const usable = developer && developer.closed_at === null ? developer : undefined;
    if (!(await passwordMatches(usable?.password_hash, password)) || !usable)
      throw new PortalError(401, 'signin_failed');
    if (usable.blocked_at !== null) throw new PortalError(403, 'blocked');
    return usable;
  }

  /**
   * A reset link to an address that has an account, worked out and mailed after the caller has
   * answered (a failure goes to onMailError): the answer waits for nothing a known address has and an
   * unknown one has not, so its time tells nothing.
   */
  forgot(email: string): void {
    const work = async () => {
      const developer = await this.o.developers.byEmail(email);
      if (!developer || developer.closed_at !== null) return;
      const now = this.o.now();
      // A newer link replaces the older ones.
      await this.o.developers.spendTokens(developer.id, 'reset', now);
      await this.mail(
        'reset',
        developer,
        developer.email,
        await this.link('reset', developer.id, developer.email),
      );
    };
    setImmediate(() => void work().catch(this.o.onMailError));
  }

  /** Sets a new password from a reset link; every session and every other reset or email-change link ends. */
  async reset(token: string, password: string): Promise<void> {
    await this.checkNewPassword(password);
    const used = await this.take(token, ['reset']);
    const developer = used?.developer_id == null ? undefined : await this.o.developers.get(used.developer_id);
    if (!used || !developer || developer.closed_at !== null) throw new PortalError(400, 'token_invalid');
    const now = this.o.now();
    // The link reached the account's address: that confirms it too.
    const confirms = developer.confirmed_at === null && developer.email === used.email;
    await this.o.developers.setPassword(developer.id, await hashPassword(password), now, {
      ...(confirms && { confirmed_at: now.toISOString() }),
    });
  }

  /** Sends a link to the new address (the caller checked the password); the address changes once it is opened. */
  async changeEmail(developer: DeveloperRow, email: string): Promise<void> {
    const now = this.o.now();
    await this.o.developers.update(developer.id, { pending_email: email }, now);
    await this.o.developers.spendTokens(developer.id, 'email', now);
    // Whether another account has the address is not told here; the link then fails (token_invalid).
    this.mail('email', developer, email, await this.link('email', developer.id, email));
  }

  /** Changes the password, ending every session and link as a reset does; the caller starts a new session here. */
  async changePassword(developer: DeveloperRow, current: string, password: string): Promise<void> {
    await this.checkPassword(developer, current);
    await this.checkNewPassword(password);
    await this.o.developers.setPassword(developer.id, await hashPassword(password), this.o.now());
  }

  async checkPassword(developer: DeveloperRow, password: string): Promise<void> {
    if (!(await passwordMatches(developer.password_hash, password)))
      throw new PortalError(403, 'password_wrong');
  }

  /** An invitation (operator): a sign-up link for `email`, which works in every PORTAL mode but off. */
  async invite(email: string, lang: Lang): Promise<void> {
    const link = await this.link('invite', null, email);
    await this.o.mailer.send(emailOf('invite', lang, email, { link }));
  }

  /** Mails `kind` to a developer in their language; waits for it when `wait` (operator commands). */
  mail(
    kind: EmailKind,
    developer: Pick<DeveloperRow, 'name' | 'lang'>,
    to: string,
    link: string,
    extra: { subscription?: string; reason?: string; used?: string; quota?: string } = {},
  ): Promise<void> {
    const sent = this.o.mailer
      .send(emailOf(kind, developer.lang, to, { link, name: developer.name, ...extra }))
      .catch(this.o.onMailError);
    return sent;
  }

  /** A page link (PUBLIC_URL + /portal#route) with no token. */
  page(route: string): string {
    return `${this.o.config.publicUrl()}/portal#${route}`;
  }

  private async link(kind: PortalTokenKind, developerId: number | null, email: string): Promise<string> {
    const token = newSecret();
    const now = this.o.now();
    await this.o.developers.putToken(
      { hash: hashSecret(token), kind, developerId, email },
      new Date(now.getTime() + TOKEN_LIFETIMES_MS[kind]),
      now,
    );
    return this.page(`${ROUTES[kind]}/${token}`);
  }

  private take(token: string, kinds: PortalTokenKind[]) {
    return this.o.developers.takeToken(hashSecret(token), kinds, this.o.now());
  }

  private async checkNewPassword(password: string): Promise<void> {
    const problem = await passwordProblem(password);
    if (problem) throw new PortalError(400, problem);
  }
}
