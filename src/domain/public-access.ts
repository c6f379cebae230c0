import { parseGroups, type Limits } from './subscriptions.js';

// Public access (docs/public-access.md) as pure rules: which groups, which origins, what limits.

/** The name usage reports and /metrics give calls made without a key. */
export const ANONYMOUS = 'anonymous';

/** Open public access: groups, origins and the limits every client address gets on its own. */
export interface PublicAccess {
  /** Service groups in their stored form, e.g. 'FundPriceService,ExchangeRateService'. */
  groups: string;
  /** Browser origins allowed to read the answers ('https://www.bank.example'), or ['*']. */
  origins: string[];
  /** Per client address; a rate limit is required: an open group with no limit is a free-for-all. */
  limits: Limits & { rateLimitCalls: number; rateLimitPeriodS: number };
}

/**
 * The service groups that may be opened: a list of named groups, never 'all' (a group added later
 * must be opened on purpose, not by accident).
 */
export function parsePublicGroups(input: string): string {
  if (input.split(',').some((name) => name.trim().toLowerCase() === 'all')) {
    throw new Error("name the service groups to open; 'all' is not accepted for public access");
  }
  return parseGroups(input);
}

/**
 * Browser origins as browsers send them: scheme, host and optional port, no path ('*' alone for any).
 * Stored in the URL parser's normal form so they compare with the Origin header exactly.
 */
export function parseOrigins(input: readonly string[]): string[] {
  const values = input.map((value) => value.trim()).filter(Boolean);
  if (values.length === 0)
    throw new Error("expected at least one origin such as https://www.bank.example, or '*'");
  if (values.includes('*')) {
    if (values.length > 1) throw new Error("'*' allows every origin and cannot be listed with others");
    return ['*'];
  }
  const origins = values.map((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`expected an origin such as https://www.bank.example, got '${value}'`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
      throw new Error(`expected an origin (scheme, host and port, no path), got '${value}'`);
    }
    return url.origin;
  });
  return [...new Set(origins)];
}

/** Whether a browser on `origin` may read answers of the open groups. */
export function allowsOrigin(access: Pick<PublicAccess, 'origins'>, origin: string): boolean {
  return access.origins[0] === '*' || access.origins.includes(origin);
}
