import type { Kysely } from 'kysely';

// Where the server last said it listens (the start banner's address), one row: a CLI command that
// mails a portal link (`rates subscriptions approve`) names it when PUBLIC_URL is not set
// (src/portal/public-url.ts), whatever HOST and PORT the command's own shell has.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('serving_address')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();
}
