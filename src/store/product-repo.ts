import type { Kysely, Selectable } from 'kysely';
import { ActionError } from '../domain/errors.js';
import { perDeveloperOf } from '../domain/products.js';
import { SERVICE_GROUP_NAMES } from '../domain/service-groups.js';
import { validateLimits, type Limits } from '../domain/subscriptions.js';
import type { NewProduct, ProductInfo, ProductUpdate } from '../schemas/portal.js';
import type { Database, ProductTable } from './schema.js';
import { groupsOf } from './subscription-mapping.js';

type Row = Selectable<ProductTable>;
const MAX_ID = 2_147_483_647;

/** Products (docs/portal.md), as the operator manages them and developers subscribe to them. */
export class ProductRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(onlyPublished = false): Promise<ProductInfo[]> {
    let query = this.db.selectFrom('products').selectAll().orderBy('id');
    if (onlyPublished) query = query.where('published', '=', 1);
    return (await query.execute()).map(toProductInfo);
  }

  async row(id: number): Promise<Row | undefined> {
    if (id > MAX_ID) return undefined;
    return this.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async get(id: number): Promise<ProductInfo | undefined> {
    const row = await this.row(id);
    return row && toProductInfo(row);
  }

  async create(input: NewProduct, now = new Date()): Promise<ProductInfo> {
    const stamp = now.toISOString();
    const values = {
      name: input.name,
      description_en: input.descriptionEn ?? '',
      description_th: input.descriptionTh ?? '',
      groups: groupsOf(input.groups ?? 'all'),
      ...limitColumns(input, {
        rateLimitCalls: 300,
        rateLimitPeriodS: 60,
        quotaCalls: null,
        quotaPeriod: null,
      }),
      approval: input.approval ? 1 : 0,
      per_developer: perDeveloperOf(input.perDeveloper ?? 1),
      terms: input.terms ?? '',
      published: 0,
    };
    if (await this.byName(input.name))
      throw new ActionError('conflict', `A product named '${input.name}' exists`);
    const { id } = await this.db
      .insertInto('products')
      .values({ ...values, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.get(id))!;
  }

  async byName(name: string): Promise<ProductInfo | undefined> {
    const row = await this.db.selectFrom('products').selectAll().where('name', '=', name).executeTakeFirst();
    return row && toProductInfo(row);
  }

  /**
   * Changes a product; its subscriptions keep the limits they were made with (a product's change
   * applies to new subscriptions), so no key changes what it may do here.
   */
  async update(
    id: number,
    update: ProductUpdate & { published?: boolean },
    now = new Date(),
  ): Promise<ProductInfo> {
    const row = await this.row(id);
    if (!row) throw new ActionError('not-found', `Product ${id} was not found`);
    if (update.name !== undefined && update.name !== row.name && (await this.byName(update.name)))
      throw new ActionError('conflict', `A product named '${update.name}' exists`);
    const values = {
      ...(update.name !== undefined && { name: update.name }),
      ...(update.descriptionEn !== undefined && { description_en: update.descriptionEn }),
      ...(update.descriptionTh !== undefined && { description_th: update.descriptionTh }),
      ...(update.groups !== undefined && { groups: groupsOf(update.groups) }),
      ...limitColumns(update, {
        rateLimitCalls: row.rate_limit_calls,
        rateLimitPeriodS: row.rate_limit_period_s,
        quotaCalls: row.quota_calls,
        quotaPeriod: row.quota_period,
      }),
      ...(update.approval !== undefined && { approval: update.approval ? 1 : 0 }),
      ...(update.perDeveloper !== undefined && { per_developer: perDeveloperOf(update.perDeveloper) }),
      ...(update.terms !== undefined && { terms: update.terms }),
      ...(update.published !== undefined && { published: update.published ? 1 : 0 }),
    };
    await this.db
      .updateTable('products')
      .set({ ...values, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    return (await this.get(id))!;
  }
}

/** The product's limits as a subscription takes them. */
export function productLimits(row: Row): Limits {
  return {
    rateLimitCalls: row.rate_limit_calls,
    rateLimitPeriodS: row.rate_limit_period_s,
    quotaCalls: row.quota_calls,
    quotaPeriod: row.quota_period,
  };
}

function limitColumns(update: ProductUpdate, base: Limits) {
  const { rateLimit, quota } = update;
  const limits: Limits = {
    rateLimitCalls: rateLimit === undefined ? base.rateLimitCalls : (rateLimit?.calls ?? null),
    rateLimitPeriodS: rateLimit === undefined ? base.rateLimitPeriodS : (rateLimit?.seconds ?? null),
    quotaCalls: quota === undefined ? base.quotaCalls : (quota?.calls ?? null),
    quotaPeriod: quota === undefined ? base.quotaPeriod : (quota?.period ?? null),
  };
  try {
    validateLimits(limits);
  } catch (error) {
    throw new ActionError('invalid', (error as Error).message);
  }
  return {
    rate_limit_calls: limits.rateLimitCalls,
    rate_limit_period_s: limits.rateLimitPeriodS,
    quota_calls: limits.quotaCalls,
    quota_period: limits.quotaPeriod,
  };
}

export function toProductInfo(row: Row): ProductInfo {
  return {
    id: row.id,
    name: row.name,
    description: { en: row.description_en, th: row.description_th },
    groups: row.groups === 'all' ? [...SERVICE_GROUP_NAMES] : row.groups.split(','),
    rateLimit:
      row.rate_limit_calls !== null && row.rate_limit_period_s !== null
        ? { calls: row.rate_limit_calls, seconds: row.rate_limit_period_s }
        : null,
    quota:
      row.quota_calls !== null && row.quota_period !== null
        ? { calls: row.quota_calls, period: row.quota_period }
        : null,
    approval: row.approval === 1,
    perDeveloper: row.per_developer,
    terms: row.terms,
    published: row.published === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
