import { sql, type Kysely } from 'kysely';

// The portal's rate-limit warning counts each subscription's refused calls (429) of the last hour
// after every request log write. Without an index of its own that count read every call of the
// last hour (a few hundred thousand rows on a busy service, every few seconds); a partial index
// holds the refused ones only, so the calls answered cost nothing more to write.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('request_log_refused')
    .on('request_log')
    .column('at')
    .where(sql.ref('status'), '=', sql.lit(429))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('request_log_refused').execute();
}
