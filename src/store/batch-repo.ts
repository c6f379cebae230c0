import type { Kysely } from 'kysely';
import type { Batch } from '../schemas/admin.js';
import type { Database } from './schema.js';

export class BatchRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
