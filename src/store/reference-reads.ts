import type { Kysely } from 'kysely';
import type { Database, Fund } from './schema.js';

/** The keys a batch's rows may refer to, as stored: what an import checks its rows against. */
export interface ReferenceKeys {
  funds: { id: number; code_key: string }[];
  categories: number[];
  families: string[];
  depositProducts: number[];
  loanProducts: number[];
}

export async function readReferenceKeys(db: Kysely<Database>): Promise<ReferenceKeys> {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    funds: await db.selectFrom('funds').select(['id', 'code_key']).execute(),
    categories: ids(await db.selectFrom('fund_categories').select('id').execute()),
    families: (await db.selectFrom('fx_families').select('code').execute()).map((f) => f.code),
    depositProducts: ids(await db.selectFrom('deposit_products').select('id').execute()),
    loanProducts: ids(await db.selectFrom('loan_products').select('id').execute()),
  };
}

/** Every stored fund, as a sync compares the upstream's with them. */
export function readFunds(db: Kysely<Database>): Promise<Fund[]> {
  return db.selectFrom('funds').selectAll().execute();
}

/** A kind of product's ids and English names (a sync matches the upstream's products by name). */
export function readProductNames(
  db: Kysely<Database>,
  kind: 'deposit' | 'loan',
): Promise<{ id: number; name_en: string }[]> {
  return db
    .selectFrom(kind === 'deposit' ? 'deposit_products' : 'loan_products')
    .select(['id', 'name_en'])
    .execute();
}

/**
 * Each product's rate in force on `day` (its latest effective date on or before it), of a kind: a
 * connector that publishes only changes compares with these.
 */
export async function readRatesInForce(
  db: Kysely<Database>,
  kind: 'deposit' | 'loan',
  day: string,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom(kind === 'deposit' ? 'deposit_rates' : 'loan_rates')
    .select(['product_id', 'rate', 'effective_date'])
    .where('effective_date', '<=', day)
    .orderBy('product_id')
    .orderBy('effective_date')
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.rate]));
}
