import { ActionError } from '../domain/errors.js';
import type { KeySlot, StateAction } from '../domain/subscriptions.js';
import type { SubscriptionInfo } from '../schemas/subscriptions.js';
import { SubscriptionRepository } from '../store/subscription-repo.js';
import { settingsOf, type SettingOptions } from './subscription-options.js';
import { table } from './table.js';
import { withStore } from './with-store.js';

// The `keys` commands. A change is written with the subscription change counter, so a running server
// applies it within a second. Keys are printed only by `create` and `regenerate`, and only once.

const withSubscriptions = <T>(work: (repo: SubscriptionRepository) => Promise<T>) =>
  withStore((store) => work(new SubscriptionRepository(store.db)));

export async function keysCreateCommand(options: SettingOptions & { name: string }): Promise<void> {
  await withSubscriptions(async (repo) => {
    const created = await repo.create({ ...settingsOf(options), name: options.name });
    const s = created.subscription;
    console.log(`Subscription ${s.id} '${s.name}' created: ${limitsText(s)}.`);
    console.log('The keys are shown only now; store them safely.');
    console.log(`Secondary key: ${created.secondaryKey}`);
    console.log('Primary key:');
    console.log(created.primaryKey);
  });
}

export async function keysListCommand(options: { json?: boolean }): Promise<void> {
  await withSubscriptions(async (repo) => {
    const all = await repo.list();
    if (options.json) return console.log(JSON.stringify(all, null, 2));
    const rows = all.map((s) => [
      String(s.id),
      s.name,
      s.state,
      s.groups,
      rateText(s),
      quotaText(s),
      s.expiresAt ?? '-',
      `...${s.keys.primary.hint} ...${s.keys.secondary.hint}`,
    ]);
    console.log(table(['ID', 'NAME', 'STATE', 'GROUPS', 'RATE LIMIT', 'QUOTA', 'EXPIRES', 'KEYS'], rows));
  });
}

export async function keysShowCommand(id: number, options: { json?: boolean }): Promise<void> {
  await withSubscriptions(async (repo) => {
    const s = await repo.get(id);
    if (!s) throw new ActionError('not-found', `Subscription ${id} was not found`);
    print(s, options.json);
  });
}

export async function keysUpdateCommand(id: number, options: SettingOptions): Promise<void> {
  await withSubscriptions(async (repo) => print(await repo.update(id, settingsOf(options))));
}

export function keysStateCommand(action: StateAction) {
  return async (id: number): Promise<void> => {
    await withSubscriptions(async (repo) => print(await repo.act(id, action)));
  };
}

export async function keysRegenerateCommand(id: number, slot: KeySlot): Promise<void> {
  await withSubscriptions(async (repo) => {
    const key = await repo.regenerate(id, slot);
    console.log(`New ${slot} key of subscription ${id}; the old one no longer works. Shown only now:`);
    console.log(key);
  });
}

function print(s: SubscriptionInfo, json = false): void {
  if (json) return console.log(JSON.stringify(s, null, 2));
  const lines: [string, string][] = [
    ['Subscription', `${s.id} '${s.name}'`],
    ['Owner', s.owner ?? '-'],
    ['State', s.state],
    ['Groups', s.groups],
    ['Rate limit', rateText(s)],
    ['Quota', quotaText(s)],
    ['Expires', s.expiresAt ?? 'never'],
    ['Primary key', `...${s.keys.primary.hint} (since ${s.keys.primary.createdAt})`],
    ['Secondary key', `...${s.keys.secondary.hint} (since ${s.keys.secondary.createdAt})`],
    ['Created', s.createdAt],
    ['Updated', s.updatedAt],
  ];
  console.log(lines.map(([k, v]) => `${`${k}:`.padEnd(15)}${v}`).join('\n'));
}

const rateText = (s: SubscriptionInfo) =>
  s.rateLimit ? `${s.rateLimit.calls}/${s.rateLimit.periodSeconds}s` : 'none';
const quotaText = (s: SubscriptionInfo) => (s.quota ? `${s.quota.calls}/${s.quota.period}` : 'none');
const limitsText = (s: SubscriptionInfo) =>
  `groups ${s.groups}, rate limit ${rateText(s)}, quota ${quotaText(s)}, expires ${s.expiresAt ?? 'never'}`;
