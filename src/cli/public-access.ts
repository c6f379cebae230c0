import { InvalidArgumentError } from 'commander';
import type { PublicAccessInfo, PublicAccessSettings } from '../schemas/public-access.js';
import { PublicAccessRepository } from '../store/public-access-repo.js';
import { parseQuota, parseRate } from './subscription-options.js';
import { withStore } from './with-store.js';

// The `public-access` commands (docs/public-access.md). A change bumps the subscription change
// counter, so running servers apply it within a second (at once with REDIS_URL).

export interface OpenOptions {
  groups: string;
  origins: string;
  rate: string;
  quota?: string;
  json?: boolean;
}

const withAccess = <T>(work: (repo: PublicAccessRepository) => Promise<T>) =>
  withStore((store) => work(new PublicAccessRepository(store.db)));

export async function publicAccessShowCommand(options: { json?: boolean }): Promise<void> {
  await withAccess(async (repo) => print(await repo.show(), options.json));
}

export async function publicAccessOpenCommand(options: OpenOptions): Promise<void> {
  const settings = settingsOf(options);
  await withAccess(async (repo) => print(await repo.open(settings), options.json));
}

export async function publicAccessCloseCommand(options: { json?: boolean }): Promise<void> {
  await withAccess(async (repo) => print(await repo.close(), options.json));
}

/** The options as the admin API's body, so both go through one repository call and one set of rules. */
export function settingsOf(options: OpenOptions): PublicAccessSettings {
  const rateLimit = parseRate(options.rate);
  if (!rateLimit) throw new InvalidArgumentError('--rate: public access needs a rate limit per address');
  const list = (value: string) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return {
    groups: list(options.groups),
    origins: list(options.origins),
    rateLimit,
    quota: options.quota === undefined ? null : (parseQuota(options.quota) ?? null),
  };
}

function print(info: PublicAccessInfo, json = false): void {
  if (json) return console.log(JSON.stringify(info, null, 2));
  if (!info.open) return console.log('Public access: closed (calls without a key get 401).');
  const lines: [string, string][] = [
    ['Public access', 'open (calls without a key are answered)'],
    ['Groups', info.groups.join(', ')],
    ['Origins', info.origins.join(', ')],
    [
      'Rate limit',
      info.rateLimit ? `${info.rateLimit.calls}/${info.rateLimit.periodSeconds}s per address` : 'none',
    ],
    ['Quota', info.quota ? `${info.quota.calls}/${info.quota.period} per address` : 'none'],
    ['Usage under', `subscription ${info.subscriptionId} 'anonymous'`],
    ['Updated', info.updatedAt ?? '-'],
  ];
  console.log(lines.map(([k, v]) => `${`${k}:`.padEnd(15)}${v}`).join('\n'));
}
