import type { Kysely } from 'kysely';
import type { Batch } from '../schemas/admin.js';
import type { Database } from './schema.js';

export class BatchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether any batch was ever recorded (a first start loads the demo data only when none was). */
  async any(): Promise<boolean> {
    return (await this.db.selectFrom('batches').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Records a batch refused before any of its rows was written; its id, for the report. */
  async recordRejected(kind: string, source: string, at: Date): Promise<number> {
    const { id } = await this.db
      .insertInto('batches')
      .values({
        kind,
        source,
        status: 'rejected',
        created_at: at.toISOString(),
        committed_at: null,
        row_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async recent(limit: number): Promise<Batch[]> {
    const rows = await this.db.selectFrom('batches').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      source: r.source,
      status: r.status,
      createdAt: r.created_at,
      committedAt: r.committed_at,
      rowCount: r.row_count,
    }));
  }
}
