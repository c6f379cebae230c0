import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** An SEC fund as the connector names it: its project and class ('' when it has none). */
export interface SecFundKey {
  projId: string;
  className: string;
}

const keyOf = (k: SecFundKey) => `${k.projId}\u0000${k.className}`;

/**
 * The fund numbers of `keys`, each given once and kept (migration 015): a key seen before keeps its
 * number, a new one takes the next number after every number given so far and every fund stored
 * (funds imported by hand or by the demo keep theirs). One transaction, so two runs never give one
 * number twice; the unique fund_id would refuse it anyway. `keep: false` (a dry run, which changes
 * nothing in the store): the numbers new keys would get, not kept; `after`: numbers such a run gave
 * already (new keys get numbers after it).
 */
export async function secFundNumbers(
  db: Kysely<Database>,
  keys: readonly SecFundKey[],
  { now = new Date(), keep = true, after = 0 }: { now?: Date; keep?: boolean; after?: number } = {},
): Promise<Map<string, number>> {
  return db.transaction().execute(async (trx) => {
    const numbers = new Map<string, number>();
    for (const row of await trx.selectFrom('sec_fund_numbers').selectAll().execute())
      numbers.set(keyOf({ projId: row.proj_id, className: row.class_name }), row.fund_id);
    const fresh = [...new Map(keys.map((k) => [keyOf(k), k])).values()].filter((k) => !numbers.has(keyOf(k)));
    if (fresh.length > 0) {
      const { rows } = await sql<{ top: number | string | null }>`select max(top) as top from (
          select max(fund_id) as top from sec_fund_numbers union all select max(id) from funds) highest`.execute(
        trx,
      );
      let next = Math.max(Number(rows[0]?.top ?? 0), after) + 1;
      const allocated_at = now.toISOString();
      const values = fresh.map((k) => ({
        proj_id: k.projId,
        class_name: k.className,
        fund_id: next++,
        allocated_at,
      }));
      for (let i = 0; keep && i < values.length; i += 500)
        await trx
          .insertInto('sec_fund_numbers')
          .values(values.slice(i, i + 500))
          .execute();
      for (const v of values) numbers.set(keyOf({ projId: v.proj_id, className: v.class_name }), v.fund_id);
    }
    return numbers;
  });
}

/** The number of an SEC fund in a map from secFundNumbers. */
export const secFundNumber = (numbers: Map<string, number>, key: SecFundKey): number | undefined =>
  numbers.get(keyOf(key));
