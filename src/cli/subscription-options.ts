import { InvalidArgumentError } from 'commander';
import type { SubscriptionUpdate } from '../schemas/subscriptions.js';

// Parses the `keys` commands' options into the admin API's shapes, so both paths share one repository
// call and one set of rules.

export interface SettingOptions {
  name?: string;
  owner?: string;
  groups?: string;
  rate?: string;
  quota?: string;
  expires?: string;
  /** A developer id, or 'none': gives the subscription to a portal account, or takes it back. */
  developer?: string;
}

const NONE = ['none', 'never', 'off'];

/** `--rate CALLS/SECONDS` (e.g. 300/60), or `none`. */
export function parseRate(value: string): SubscriptionUpdate['rateLimit'] {
  if (NONE.includes(value.toLowerCase())) return null;
  const match = /^([0-9]+)\/([0-9]+)s?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError("expected CALLS/SECONDS such as 300/60, or 'none'");
  return { calls: Number(match[1]), periodSeconds: Number(match[2]) };
}

/** `--quota CALLS/day` or `CALLS/month`, or `none`. */
export function parseQuota(value: string): SubscriptionUpdate['quota'] {
  if (NONE.includes(value.toLowerCase())) return null;
  const match = /^([0-9]+)\/(day|month)$/i.exec(value.trim());
  if (!match)
    throw new InvalidArgumentError("expected CALLS/day or CALLS/month such as 10000/day, or 'none'");
  return { calls: Number(match[1]), period: match[2]!.toLowerCase() as 'day' | 'month' };
}

/** `--expires` an ISO date or date-time (a date means its start, UTC), or `never`. */
export function parseExpires(value: string): string | null {
  if (NONE.includes(value.toLowerCase())) return null;
  if (Number.isNaN(new Date(value).getTime())) {
    throw new InvalidArgumentError("expected an ISO date or date-time such as 2027-01-01, or 'never'");
  }
  return value;
}

export function settingsOf(options: SettingOptions): SubscriptionUpdate {
  return {
    ...(options.name !== undefined && { name: options.name }),
    ...(options.owner !== undefined && { owner: options.owner === '' ? null : options.owner }),
    ...(options.groups !== undefined && { groups: options.groups }),
    ...(options.rate !== undefined && { rateLimit: parseRate(options.rate) }),
    ...(options.quota !== undefined && { quota: parseQuota(options.quota) }),
    ...(options.expires !== undefined && { expiresAt: parseExpires(options.expires) }),
    ...(options.developer !== undefined && { developerId: parseDeveloper(options.developer) }),
  };
}

/** `--developer ID`, or `none`. */
export function parseDeveloper(value: string): number | null {
  if (NONE.includes(value.toLowerCase())) return null;
  if (!/^[0-9]{1,10}$/.test(value)) throw new InvalidArgumentError("expected a developer id, or 'none'");
  return Number(value);
}
