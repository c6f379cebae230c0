import { sql, type Kysely } from 'kysely';
import { DATA_TYPES, tableNameOf } from '../data-types/index.js';
import type { ReferenceKeys } from '../data-types/references.js';
import type { Database, Fund } from './schema.js';

/** The keys of every reference type's stored rows: what an import checks its rows against. */
export async function readReferenceKeys(db: Kysely<Database>): Promise<ReferenceKeys> {
  const keys: Record<string, (string | number)[]> = {};
  for (const type of DATA_TYPES) {
    if (type.kind !== 'reference') continue;
    const key = type.keys[0]!;
    const { rows } = await sql<Record<string, string | number>>`select ${sql.ref(key)} from ${sql.table(
      tableNameOf(type),
    )}`.execute(db);
    keys[type.name] = rows.map((r) => r[key]!);
  }
  return { keys, funds: await db.selectFrom('funds').select(['id', 'code_key']).execute() };
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
