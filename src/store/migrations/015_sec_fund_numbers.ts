import type { Kysely } from 'kysely';

// SEC Thailand names a fund by its project id (`M0080_2544`) and, where it has classes, by a class;
// the service serves each as a fund numbered by mf_iNumber. `rates connect sec-funds` gives each
// project and class a number the first time it sees it and keeps it here: a client that stored a
// number keeps getting the same fund under it, and a number is never given to another fund (rows are
// never deleted, and fund_id is unique).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sec_fund_numbers')
    .addColumn('proj_id', 'text', (c) => c.notNull())
    // '' for a fund without classes (a primary key column cannot be null on PostgreSQL).
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('fund_id', 'integer', (c) => c.notNull().unique())
    .addColumn('allocated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sec_fund_numbers_pk', ['proj_id', 'class_name'])
    .execute();
}
