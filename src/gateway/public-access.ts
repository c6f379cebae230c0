import { ANONYMOUS, allowsOrigin, type PublicAccess } from '../domain/public-access.js';
import { allowsGroup } from '../domain/subscriptions.js';
import type { Subscription } from '../domain/subscriptions.js';
import type { PublicAccessRepository, StoredPublicAccess } from '../store/public-access-repo.js';

/** Open public access as the gateway enforces it: the settings, and the subscription calls are counted under. */
export interface OpenAccess {
  settings: PublicAccess;
  /**
   * What a call without a key is admitted as: the anonymous subscription's id (usage), the open groups
   * and the limits each client address gets. Built once per change, never per call.
   */
  subscription: Subscription;
}

/**
 * The public access setting this process enforces, read at start and again whenever the subscription
 * change counter moves (the subscription cache's poll, or a change notice over Redis), so opening or
 * closing takes effect on every node as promptly as a key change does.
 */
export class PublicAccessState {
  private open: OpenAccess | undefined;

  constructor(private readonly repo: PublicAccessRepository) {}

  async load(): Promise<void> {
    const stored = await this.repo.current();
    this.open = stored && { settings: stored, subscription: anonymousSubscription(stored) };
  }

  /** Open access, if any group is open. */
  get current(): OpenAccess | undefined {
    return this.open;
  }

  /** The subscription a call without a key to `group` is admitted as; undefined: 401, as when closed. */
  admit(group: string): Subscription | undefined {
    const open = this.open;
    return open && allowsGroup(open.subscription.groups, group) ? open.subscription : undefined;
  }

  /** Whether a browser on `origin` may read keyless answers of `group`. */
  allowsOrigin(group: string, origin: string): boolean {
    return this.admit(group) !== undefined && allowsOrigin(this.open!.settings, origin);
  }

  /** Whether calls counted under `subscriptionId` are the anonymous ones. */
  isAnonymous(subscriptionId: number): boolean {
    return this.open?.subscription.id === subscriptionId;
  }
}

function anonymousSubscription(stored: StoredPublicAccess): Subscription {
  const { limits } = stored;
  return {
    id: stored.subscriptionId,
    name: ANONYMOUS,
    owner: null,
    groups: stored.groups,
    state: 'active',
    rate_limit_calls: limits.rateLimitCalls,
    rate_limit_period_s: limits.rateLimitPeriodS,
    quota_calls: limits.quotaCalls,
    quota_period: limits.quotaPeriod,
    expires_at: null,
    created_at: '',
    updated_at: '',
  };
}
