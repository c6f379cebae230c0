// The portal's JSON API (/portal/api/, docs/portal.md): one fetch wrapper that sends the CSRF token
// with every change and turns an error body into a PortalError carrying its stable `code`.

import type { Lang } from '../i18n.js';

export type { Lang };
export type PortalMode = 'open' | 'invite' | 'off';

export interface Developer {
  id: number | string;
  name: string;
  email: string;
  pendingEmail: string | null;
  confirmed: boolean;
  lang: Lang;
  createdAt: string;
}

export interface Session {
  developer: Developer | null;
  csrfToken: string;
  portal: PortalMode;
}

export interface RateLimit {
  calls: number;
  seconds: number;
}
export interface Quota {
  calls: number;
  period: 'day' | 'month';
}

export interface Product {
  id: number | string;
  name: string;
  description: { en: string; th: string };
  groups: string[];
  rateLimit: RateLimit | null;
  quota: Quota | null;
  approval: boolean;
  perDeveloper: number;
  terms: string;
}

export type SubscriptionState = 'submitted' | 'active' | 'suspended' | 'cancelled' | 'rejected' | 'expired';

export interface Subscription {
  id: number | string;
  name: string;
  /** null for a key the operator made without a product and then gave to the developer. */
  product: { id: number | string; name: string } | null;
  state: SubscriptionState;
  createdAt: string;
  startsAt: string | null;
  endsAt: string | null;
  rejectionReason: string | null;
  rateLimit: RateLimit | null;
  quota: Quota | null;
  quotaLeft: number | null;
  primaryLast4: string;
  secondaryLast4: string;
}

export interface UsageDay {
  date: string;
  operation: string;
  answered: number;
  limited: number;
  failed: number;
}

export type KeySlot = 'primary' | 'secondary';

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
  rename(id: Subscription['id'], name: string) {
    return this.call<Subscription>('PATCH', `/subscriptions/${encodeURIComponent(id)}`, { name });
  }
  cancel(id: Subscription['id']) {
    return this.call<Subscription>('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`);
  }
  regenerate(id: Subscription['id'], which: KeySlot) {
    return this.call<{ key: string; last4: string }>(
      'POST',
      `/subscriptions/${encodeURIComponent(id)}/regenerate`,
      { which },
    );
  }
  usage(id: Subscription['id']) {
    return this.call<{ days: UsageDay[] }>('GET', `/subscriptions/${encodeURIComponent(id)}/usage`);
  }
}

/** Where the usage CSV is (a plain link: the browser downloads it with the session cookie). */
export const usageCsvUrl = (id: Subscription['id']) =>
  `${BASE}/subscriptions/${encodeURIComponent(id)}/usage.csv`;
