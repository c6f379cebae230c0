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
  async signin(email: string, password: string): Promise<Developer> {
    const answer = await this.call<{ developer: Developer; csrfToken: string }>('POST', '/signin', {
      email,
      password,
    });
    this.csrfToken = answer.csrfToken;
    return answer.developer;
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
  regenerate(id: SubscriptionId, which: KeySlot) {
    return this.call<{ key: string; last4: string }>(
      'POST',
      `/subscriptions/${encodeURIComponent(id)}/regenerate`,
      { which },
    );
  }
  usage(id: SubscriptionId) {
    return this.call<{ days: UsageDay[] }>('GET', `/subscriptions/${encodeURIComponent(id)}/usage`);
  }
}

/** Where the usage CSV is (a plain link: the browser downloads it with the session cookie). */
export const usageCsvUrl = (id: SubscriptionId) =>
  `${BASE}/subscriptions/${encodeURIComponent(id)}/usage.csv`;
