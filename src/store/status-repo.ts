import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** What /status says of one published type: its latest day held, and when a batch last wrote it. */
export interface TypeHeld {
  latestDay: string | null;
  lastPublishedAt: string | null;
}

/**
 * The latest day of `table` (its `dayColumn`, read from `daysTable` when the type keeps one: a few
 * thousand rows, not millions) and the commit time of the newest batch whose rows it serves.
 */
export async function typeHeld(
  db: Kysely<Database>,
  table: string,
  dayColumn: string | undefined,
  daysTable: string | undefined,
): Promise<TypeHeld> {
  const latest =
    dayColumn === undefined
      ? undefined
      : await sql<{
          day: string | null;
        }>`select max(${sql.ref(dayColumn)}) as day from ${sql.table(daysTable ?? table)}`.execute(db);
  const published = await sql<{
    at: string | null;
  }>`select committed_at as at from batches where id = (select max(batch_id) from ${sql.table(table)})`.execute(
    db,
  );
  return {
    latestDay: latest?.rows[0]?.day ?? null,
    lastPublishedAt: published.rows[0]?.at ?? null,
  };
}
