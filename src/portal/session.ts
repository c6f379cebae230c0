import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeveloperRepository, DeveloperRow } from '../store/developer-repo.js';
import {
  CSRF_COOKIE,
  cookieValue,
  csrfMatches,
  csrfTokenOf,
  hashSecret,
  newSecret,
  SESSION_COOKIE,
  setCookie,
} from './cookies.js';
import { PortalError } from './errors.js';

/** A session ends after 2 hours without a request, and 7 days after sign-in whatever (docs/portal.md). */
export const IDLE_MS = 2 * 3_600_000;
export const MAX_AGE_MS = 7 * 24 * 3_600_000;
/** last_seen_at is written at most once a minute per session, not on every request. */
const TOUCH_MS = 60_000;

export interface SignedIn {
  developer: DeveloperRow;
  /** The cookie's value: the CSRF token is derived from it. */
  secret: string;
}

/**
 * Sessions in the store, so any node serves them. The cookie holds a random id; the store only its
 * hash. A new id at every sign-in (no fixation), none reused.
 */
export class Sessions {
  private readonly signedIn = new WeakMap<FastifyRequest, SignedIn>();

  constructor(
    private readonly developers: DeveloperRepository,
    private readonly now: () => Date,
  ) {}

  /** Reads the request's session, if live; onRequest hook of /portal/api/ only. */
  async load(request: FastifyRequest): Promise<void> {
    const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (!secret) return;
    const hash = hashSecret(secret);
    const session = await this.developers.session(hash);
    if (!session) return;
    const now = this.now().getTime();
    const seen = Date.parse(session.last_seen_at);
    if (now - seen >= IDLE_MS || now - Date.parse(session.created_at) >= MAX_AGE_MS) {
      await this.developers.endSession(hash);
      return;
    }
    const developer = await this.developers.get(session.developer_id);
    if (!developer || developer.blocked_at !== null || developer.closed_at !== null) return;
    if (now - seen >= TOUCH_MS) await this.developers.touchSession(hash, this.now(), request.ip);
    this.signedIn.set(request, { developer, secret });
  }

  /** The hash the store keeps of this request's session (the sessions list marks it as this browser's). */
  hashOf(request: FastifyRequest): string | undefined {
    const signedIn = this.signedIn.get(request);
    return signedIn && hashSecret(signedIn.secret);
  }

  current(request: FastifyRequest): SignedIn | undefined {
    return this.signedIn.get(request);
  }

  /** The signed-in developer; 401 unauthorized otherwise. */
  required(request: FastifyRequest): SignedIn {
    const signedIn = this.signedIn.get(request);
    if (!signedIn) throw new PortalError(401, 'unauthorized');
    return signedIn;
  }

  /** Every change needs the CSRF token of the session, or before sign-in of the rates_csrf cookie. */
  checkCsrf(request: FastifyRequest): void {
    const secret = this.signedIn.get(request)?.secret ?? cookieValue(request.headers.cookie, CSRF_COOKIE);
    if (!secret || !csrfMatches(secret, request.headers['x-csrf-token'])) throw new PortalError(403, 'csrf');
  }

  /** The CSRF token for this browser, setting a rates_csrf cookie before sign-in when it has none. */
  csrfToken(request: FastifyRequest, reply: FastifyReply): string {
    const secret = this.signedIn.get(request)?.secret ?? cookieValue(request.headers.cookie, CSRF_COOKIE);
    if (secret) return csrfTokenOf(secret);
    const fresh = newSecret();
    reply.header('set-cookie', setCookie(CSRF_COOKIE, fresh, { secure: secure(request) }));
    return csrfTokenOf(fresh);
  }

  /** Starts a session with a new id (ending the request's old one, if any); returns its CSRF token. */
  async start(request: FastifyRequest, reply: FastifyReply, developer: DeveloperRow): Promise<string> {
    const old = this.signedIn.get(request);
    if (old) await this.developers.endSession(hashSecret(old.secret));
    const secret = newSecret();
    const userAgent = request.headers['user-agent'];
    await this.developers.createSession(hashSecret(secret), developer.id, this.now(), {
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
      address: request.ip,
    });
    this.signedIn.set(request, { developer, secret });
    reply.header(
      'set-cookie',
      setCookie(SESSION_COOKIE, secret, { secure: secure(request), maxAgeS: MAX_AGE_MS / 1000 }),
    );
    return csrfTokenOf(secret);
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const signedIn = this.signedIn.get(request);
    if (signedIn) await this.developers.endSession(hashSecret(signedIn.secret));
    this.signedIn.delete(request);
    reply.header('set-cookie', setCookie(SESSION_COOKIE, '', { secure: secure(request), maxAgeS: 0 }));
  }
}

/** Over HTTPS, as the app's TRUST_PROXY rule reads the request (X-Forwarded-Proto from a trusted proxy). */
const secure = (request: FastifyRequest) => request.protocol === 'https';
