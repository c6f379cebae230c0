// The portal's JSON API (/portal/api/, docs/portal.md): one fetch wrapper that sends the CSRF token
// with every change and turns an error body into a PortalError carrying its stable `code`.

import type { Lang } from '../i18n.js';

export type { Lang };
export type PortalMode = 'open' | 'invite' | 'off';

// The answers' shapes are the server's own schemas (src/schemas/portal.ts), imported as types only.
import type {
  Developer,
  PortalSubscription as Subscription,
  PortalQuota as Quota,
  PortalRateLimit as RateLimit,
  Product,
} from '../../../src/schemas/portal.js';
import type { SubscriptionState } from '../../../src/schemas/subscriptions.js';
import type { UsageDay } from '../../../src/portal/usage.js';

export type { Developer, Product, Quota, RateLimit, Subscription, SubscriptionState, UsageDay };

export interface Session {
  developer: Developer | null;
  csrfToken: string;
  portal: PortalMode;
  /** Whom to ask for a key or an invitation (PORTAL_CONTACT), when the operator named someone. */
  contact: string | null;
}

export type KeySlot = 'primary' | 'secondary';
/** The grace periods offered for an old key, in seconds: none, 1 hour, 24 hours, 7 days. */
export const GRACES = [0, 3600, 86_400, 604_800] as const;
export type Grace = (typeof GRACES)[number];
export interface SignedIn {
  developer: Developer;
  csrfToken: string;
}

/** One call of a subscription's request log (GET .../requests). */
export interface LoggedRequest {
  id: number;
  time: string;
  operation: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
}
export interface RequestPage {
  requests: LoggedRequest[];
  /** The `before` of the next (older) page, or null: this is the last. */
  next: number | null;
  operations: string[];
  days: number;
}
export interface RequestFilter {
  status?: string;
  operation?: string;
  day?: string;
  before?: number;
}
/** An active session of the account (GET /sessions). */
export interface PortalSession {
  id: string;
  device: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const query = (filter: RequestFilter): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};
/** A subscription's id as the routes carry it: a number from an answer, or text from the page's hash. */
type SubscriptionId = number | string;

/** A refused or failed call: `code` is the API's stable code ('unreachable' when no answer came). */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const BASE = '/portal/api';

export class PortalApi {
  csrfToken = '';

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    let res: Response;
    try {
      res = await fetch(`${BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch (error) {
      throw new PortalError(0, 'unreachable', String(error));
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const error = (parsed ?? {}) as { code?: string; message?: string };
      const retry = Number(res.headers.get('retry-after'));
      throw new PortalError(
        res.status,
        error.code ?? (res.status === 401 ? 'unauthorized' : 'other'),
        error.message ?? text,
        Number.isFinite(retry) && retry > 0 ? retry : undefined,
      );
    }
    return parsed as T;
  }

  async session(): Promise<Session> {
    const session = await this.call<Session>('GET', '/session');
    this.csrfToken = session.csrfToken;
    return session;
  }

  signup(body: { name: string; email: string; password: string; lang: Lang; invitation?: string }) {
    return this.call<object>('POST', '/signup', body);
  }
  confirm(token: string) {
    return this.call<object>('POST', '/confirm', { token });
  }
  /** A right password gives a session, or (two-step sign-in on) a challenge for the app's code. */
  async signin(email: string, password: string): Promise<SignedIn | { twoStep: true; challenge: string }> {
    const answer = await this.call<SignedIn | { twoStep: true; challenge: string }>('POST', '/signin', {
      email,
      password,
    });
    if ('csrfToken' in answer) this.csrfToken = answer.csrfToken;
    return answer;
  }
  /** The second step of a sign-in: the app's current code, or a recovery code. */
  async signinCode(challenge: string, code: string): Promise<SignedIn> {
    const answer = await this.call<SignedIn>('POST', '/signin/code', { challenge, code });
    this.csrfToken = answer.csrfToken;
    return answer;
  }
  signout() {
    return this.call<void>('POST', '/signout');
  }
  forgot(email: string) {
    return this.call<object>('POST', '/password/forgot', { email });
  }
  reset(token: string, password: string) {
    return this.call<object>('POST', '/password/reset', { token, password });
  }
  me() {
    return this.call<Developer>('GET', '/me');
  }
  updateMe(changes: { name?: string; lang?: Lang }) {
    return this.call<Developer>('PATCH', '/me', changes);
  }
  changeEmail(email: string, password: string) {
    return this.call<object>('POST', '/me/email', { email, password });
  }
  async changePassword(current: string, password: string): Promise<void> {
    const answer = await this.call<{ csrfToken: string }>('POST', '/me/password', { current, password });
    this.csrfToken = answer.csrfToken;
  }
  close(password: string) {
    return this.call<void>('POST', '/me/close', { password });
  }
  products() {
    return this.call<Product[]>('GET', '/products');
  }
  subscriptions() {
    return this.call<Subscription[]>('GET', '/subscriptions');
  }
  subscribe(productId: Product['id'], name: string) {
    return this.call<{ subscription: Subscription; primaryKey: string; secondaryKey: string }>(
      'POST',
      '/subscriptions',
      { productId, name, acceptTerms: true },
    );
  }
  rename(id: SubscriptionId, name: string) {
    return this.call<Subscription>('PATCH', `/subscriptions/${encodeURIComponent(id)}`, { name });
  }
  cancel(id: SubscriptionId) {
    return this.call<Subscription>('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`);
  }
  /** A new key in `which`; the old one works `grace` seconds more (0: stops at once). */
  regenerate(id: SubscriptionId, which: KeySlot, grace: Grace = 0, expiresAt: string | null = null) {
    return this.call<{ key: string; last4: string; expiresAt: string | null; oldKeyUntil: string | null }>(
      'POST',
      `/subscriptions/${encodeURIComponent(id)}/regenerate`,
      { which, grace, expiresAt },
    );
  }
  /** A key's end (an ISO time), or null: it never ends. */
  setKeyExpiry(id: SubscriptionId, slot: KeySlot, expiresAt: string | null) {
    return this.call<Subscription>('PUT', `/subscriptions/${encodeURIComponent(id)}/keys/${slot}/expiry`, {
      expiresAt,
    });
  }
  setQuotaWarnings(id: SubscriptionId, quotaWarnings: boolean) {
    return this.call<Subscription>('PATCH', `/subscriptions/${encodeURIComponent(id)}`, { quotaWarnings });
  }
  requests(id: SubscriptionId, filter: RequestFilter) {
    return this.call<RequestPage>('GET', `/subscriptions/${encodeURIComponent(id)}/requests${query(filter)}`);
  }
  sessions() {
    return this.call<PortalSession[]>('GET', '/sessions');
  }
  endSession(id: string) {
    return this.call<void>('DELETE', `/sessions/${encodeURIComponent(id)}`);
  }
  twoStep() {
    return this.call<{ enabled: boolean; recoveryCodesLeft: number }>('GET', '/me/two-step');
  }
  twoStepSetup(password: string) {
    return this.call<{ secret: string; uri: string }>('POST', '/me/two-step/setup', { password });
  }
  twoStepEnable(code: string) {
    return this.call<{ recoveryCodes: string[] }>('POST', '/me/two-step/enable', { code });
  }
  twoStepDisable(password: string, code: string) {
    return this.call<object>('POST', '/me/two-step/disable', { password, code });
  }
  usage(id: SubscriptionId) {
    return this.call<{ days: UsageDay[] }>('GET', `/subscriptions/${encodeURIComponent(id)}/usage`);
  }
}

/** The request log's CSV with the same filters (no paging: every row kept). */
export const requestsCsvUrl = (id: SubscriptionId, filter: RequestFilter) =>
  `${BASE}/subscriptions/${encodeURIComponent(id)}/requests.csv${query({ ...filter, before: undefined })}`;

/** Where the usage CSV is (a plain link: the browser downloads it with the session cookie). */
export const usageCsvUrl = (id: SubscriptionId) =>
  `${BASE}/subscriptions/${encodeURIComponent(id)}/usage.csv`;
