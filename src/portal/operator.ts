import { ActionError } from '../domain/errors.js';
import type { DeveloperInfo } from '../schemas/portal.js';
import type { SubscriptionInfo } from '../schemas/subscriptions.js';
import type { Store } from '../store/db.js';
import { DeveloperRepository, type DeveloperRow } from '../store/developer-repo.js';
import { SubscriptionRepository } from '../store/subscription-repo.js';
import { Accounts } from './accounts.js';
import type { Lang } from './emails.js';
import type { Mailer } from './mailer.js';
import type { PortalSettings } from './public-url.js';
import { EMAIL_RULE, plainEmail } from './addresses.js';
import { toDeveloper } from './developer-view.js';

/**
 * What the operator does to developers and their subscriptions, one set of rules for the CLI and the
 * admin API. Each change that alters what a key may do moves the subscription change counter; the
 * caller applies it (admin API: gateway.subscriptionsChanged(); CLI: announced by withStore).
 */
export class PortalOperator {
  readonly developers: DeveloperRepository;
  readonly subscriptions: SubscriptionRepository;
  private readonly accounts: Accounts;

  constructor(
    store: Store,
    mailer: Mailer,
    config: PortalSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.developers = new DeveloperRepository(store.db);
    this.subscriptions = new SubscriptionRepository(store.db);
    this.accounts = new Accounts({
      developers: this.developers,
      mailer,
      config,
      now,
      onMailError: (error) => {
        throw error;
      },
    });
  }

  async list(): Promise<DeveloperInfo[]> {
    const owned = new Map<number, number>();
    for (const s of await this.subscriptions.list(this.now()))
      if (s.developerId !== null) owned.set(s.developerId, (owned.get(s.developerId) ?? 0) + 1);
    return (await this.developers.list()).map((d) => info(d, owned.get(d.id) ?? 0));
  }

  async show(id: number): Promise<{ developer: DeveloperInfo; subscriptions: SubscriptionInfo[] }> {
    const row = await this.row(id);
    const subscriptions = await this.subscriptions.ownedBy(id, this.now());
    return { developer: info(row, subscriptions.length), subscriptions };
  }

  /** A blocked developer cannot sign in (sessions end) and their active subscriptions are suspended. */
  async block(id: number, blocked: boolean): Promise<DeveloperInfo> {
    const row = await this.row(id);
    const now = this.now();
    await this.developers.update(id, { blocked_at: blocked ? now.toISOString() : null }, now);
    if (blocked) await this.developers.endSessions(id);
    await this.subscriptions.holdOwned(id, blocked ? 'block' : 'unblock', now);
    return (await this.show(row.id)).developer;
  }

  async invite(email: string, lang: Lang): Promise<void> {
    const plain = plainEmail(email);
    if (plain === undefined) throw new ActionError('invalid', EMAIL_RULE);
    await this.accounts.invite(plain, lang);
  }

  async pending(): Promise<SubscriptionInfo[]> {
    return this.subscriptions.pending(this.now());
  }

  /** Approves or rejects a submitted subscription and tells its developer by email. */
  async decide(
    id: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<SubscriptionInfo> {
    const decided = decision.approve
      ? await this.subscriptions.approve(id, this.now())
      : await this.subscriptions.reject(id, decision.reason, this.now());
    const developer =
      decided.developerId === null ? undefined : await this.developers.get(decided.developerId);
    if (developer && developer.closed_at === null) {
      await this.accounts.mail(
        decision.approve ? 'approved' : 'rejected',
        developer,
        developer.email,
        this.accounts.page('profile'),
        {
          subscription: decided.name,
          ...(!decision.approve && { reason: decision.reason }),
        },
      );
    }
    return decided;
  }

  private async row(id: number): Promise<DeveloperRow> {
    const row = id > 2_147_483_647 ? undefined : await this.developers.get(id);
    if (!row) throw new ActionError('not-found', `Developer ${id} was not found`);
    return row;
  }
}

function info(row: DeveloperRow, subscriptions: number): DeveloperInfo {
  return {
    ...toDeveloper(row),
    blocked: row.blocked_at !== null,
    closed: row.closed_at !== null,
    subscriptions,
  };
}
