import type { NewSubscription } from '../../src/schemas/subscriptions.js';
import { SubscriptionRepository } from '../../src/store/subscription-repo.js';
import type { TestApp } from './app.js';

/** Creates a subscription as an operator would, and returns its id and keys. */
export async function subscribe(
  t: TestApp,
  settings: Partial<NewSubscription> = {},
): Promise<{ id: number; primaryKey: string; secondaryKey: string }> {
  const created = await new SubscriptionRepository(t.store.db).create({ name: 'sub', ...settings });
  return { id: created.subscription.id, primaryKey: created.primaryKey, secondaryKey: created.secondaryKey };
}

/** Changes state as the CLI does (in the database), then lets the app notice without waiting for its poll. */
export async function act(t: TestApp, id: number, action: 'suspend' | 'resume' | 'cancel'): Promise<void> {
  await new SubscriptionRepository(t.store.db).act(id, action);
  await t.gateway.subscriptions.refresh();
}

export const RATE_LIMITED = (seconds: number) => ({
  statusCode: 429,
  message: `Rate limit is exceeded. Try again in ${seconds} seconds.`,
});
export const OUT_OF_QUOTA = (hms: string) => ({
  statusCode: 403,
  message: `Out of call volume quota. Quota will be replenished in ${hms}.`,
});
