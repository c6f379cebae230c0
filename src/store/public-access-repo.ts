import type { Kysely, Selectable } from 'kysely';
import { ActionError } from '../domain/errors.js';
import { ANONYMOUS, parseOrigins, parsePublicGroups, type PublicAccess } from '../domain/public-access.js';
import { validateLimits, type Limits } from '../domain/subscriptions.js';
import type { PublicAccessInfo, PublicAccessSettings } from '../schemas/public-access.js';
import { KeyRepository } from './key-repo.js';
import type { Database, PublicAccessTable } from './schema.js';
import { bumpVersion } from './subscription-writes.js';

type Row = Selectable<PublicAccessTable>;

/** The one row of the table. */
const ROW_ID = 1;

/** The open public access and the subscription its calls are counted under. */
export interface StoredPublicAccess extends PublicAccess {
  subscriptionId: number;
}

/**
 * Public access as operators manage it (admin API and CLI) and as the gateway reads it. Every change
 * bumps the subscription change counter, so running servers apply it as they apply a key change.
 */
export class PublicAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** What the gateway enforces; undefined: closed. */
  async current(): Promise<StoredPublicAccess | undefined> {
    const row = await this.db
      .selectFrom('public_access')
      .selectAll()
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
    return row && toAccess(row);
  }

  /** What operators see: the settings, or closed. */
  async show(): Promise<PublicAccessInfo> {
    const row = await this.db
      .selectFrom('public_access')
      .selectAll()
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
    return toInfo(row);
  }

  /** Opens the groups with these settings, replacing any earlier ones. */
  async open(settings: PublicAccessSettings, now = new Date()): Promise<PublicAccessInfo> {
    const access = validated(settings);
    const stamp = now.toISOString();
    const subscriptionId = await this.anonymousSubscription(now);
    const values = {
      subscription_id: subscriptionId,
      groups: access.groups,
      origins: access.origins.join(','),
      rate_limit_calls: access.limits.rateLimitCalls,
      rate_limit_period_s: access.limits.rateLimitPeriodS,
      quota_calls: access.limits.quotaCalls,
      quota_period: access.limits.quotaPeriod,
      updated_at: stamp,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('public_access')
        .values({ id: ROW_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await bumpVersion(trx);
    });
    return this.show();
  }

  /** Closes every group: calls without a key get 401 again. */
  async close(): Promise<PublicAccessInfo> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('public_access').where('id', '=', ROW_ID).execute();
      await bumpVersion(trx);
    });
    return this.show();
  }

  /**
   * The subscription keyless calls are counted under: the one named 'anonymous' that public access
   * made before (kept when closed, so usage keeps one name over time), else a new one. It is
   * cancelled at once: its keys are thrown away unseen, and a cancelled subscription's keys (even
   * regenerated ones) never open anything.
   */
  private async anonymousSubscription(now: Date): Promise<number> {
    const known = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('name', '=', ANONYMOUS)
      .where('owner', '=', PUBLIC_OWNER)
      .orderBy('id')
      .executeTakeFirst();
    if (known) return known.id;
    const { subscription } = await new KeyRepository(this.db).create(ANONYMOUS, PUBLIC_OWNER, now, {
      groups: 'all',
      limits: { rateLimitCalls: null, rateLimitPeriodS: null, quotaCalls: null, quotaPeriod: null },
    });
    await this.db
      .updateTable('subscriptions')
      .set({ state: 'cancelled' })
      .where('id', '=', subscription.id)
      .execute();
    return subscription.id;
  }
}

/** The owner recorded on the anonymous subscription, telling it from a subscription an operator named so. */
export const PUBLIC_OWNER = 'public access (calls without a key)';

function validated(settings: PublicAccessSettings): PublicAccess {
  const invalid = (what: string, error: unknown) =>
    new ActionError('invalid', `Invalid ${what}: ${(error as Error).message}`);
  let groups: string;
  try {
    groups = parsePublicGroups(settings.groups.join(','));
  } catch (error) {
    throw invalid('groups', error);
  }
  let origins: string[];
  try {
    origins = parseOrigins(settings.origins);
  } catch (error) {
    throw invalid('origins', error);
  }
  const limits: Limits = {
    rateLimitCalls: settings.rateLimit.calls,
    rateLimitPeriodS: settings.rateLimit.periodSeconds,
    quotaCalls: settings.quota?.calls ?? null,
    quotaPeriod: settings.quota?.period ?? null,
  };
  try {
    validateLimits(limits);
  } catch (error) {
    throw invalid('limits', error);
  }
  return {
    groups,
    origins,
    limits: {
      ...limits,
      rateLimitCalls: settings.rateLimit.calls,
      rateLimitPeriodS: settings.rateLimit.periodSeconds,
    },
  };
}

function toAccess(row: Row): StoredPublicAccess {
  return {
    subscriptionId: row.subscription_id,
    groups: row.groups,
    origins: row.origins.split(','),
    limits: {
      rateLimitCalls: row.rate_limit_calls,
      rateLimitPeriodS: row.rate_limit_period_s,
      quotaCalls: row.quota_calls,
      quotaPeriod: row.quota_period,
    },
  };
}

function toInfo(row: Row | undefined): PublicAccessInfo {
  if (!row) {
    return {
      open: false,
      groups: [],
      origins: [],
      rateLimit: null,
      quota: null,
      subscriptionId: null,
      updatedAt: null,
    };
  }
  return {
    open: true,
    groups: row.groups.split(','),
    origins: row.origins.split(','),
    rateLimit: { calls: row.rate_limit_calls, periodSeconds: row.rate_limit_period_s },
    quota:
      row.quota_calls !== null && row.quota_period !== null
        ? { calls: row.quota_calls, period: row.quota_period }
        : null,
    subscriptionId: row.subscription_id,
    updatedAt: row.updated_at,
  };
}
