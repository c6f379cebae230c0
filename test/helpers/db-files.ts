import { writeFileSync } from 'node:fs';
import { openStore } from '../../src/store/db.js';

/**
 * What a database holds that a failed or interrupted write must not change; SQLite's integrity check
 * too (a PostgreSQL server keeps its own files consistent, so there it is left empty).
 */
export async function snapshot(
  databaseUrl: string,
): Promise<{ rows: number; batches: number; integrity: string[] }> {
  const store = openStore(databaseUrl);
  try {
    const n = await store.db
      .selectFrom('fund_prices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const batches = await store.db
      .selectFrom('batches')
      .select('id')
      .where('status', '=', 'committed')
      .execute();
    const check =
      store.dialect === 'sqlite'
        ? (store.sqlite.pragma('integrity_check') as { integrity_check: string }[])
        : [];
    return { rows: Number(n.n), batches: batches.length, integrity: check.map((c) => c.integrity_check) };
  } finally {
    await store.close();
  }
}

export async function fundIds(databaseUrl: string): Promise<number[]> {
  const store = openStore(databaseUrl);
  try {
    return (await store.db.selectFrom('funds').select('id').execute()).map((f) => f.id);
  } finally {
    await store.close();
  }
}

/** A fund-prices CSV of every fund on `days` days from 2014-04-01 (after a `demo --until 2014-03-31`). */
export function writeBigPriceFile(file: string, funds: number[], days: number): void {
  const rows = ['fund,date,nav,offer,redemption,total_net_assets'];
  for (let day = 0; day < days; day++) {
    const date = new Date(Date.UTC(2014, 3, 1) + day * 86_400_000).toISOString().slice(0, 10);
    for (const fund of funds) rows.push(`${fund},${date},10.${day % 97},11,9,123456789.12`);
  }
  writeFileSync(file, rows.join('\n'));
}
