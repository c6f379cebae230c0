import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';

type Kind = 'text' | 'double precision' | 'integer' | 'fund';

/**
 * A published table and its revisions (docs/adding-a-data-type.md, step 3): the columns, an id and
 * the batch, a unique index on the keys; the revisions add the batch that replaced a value and when.
 */
async function publishedTables(
  db: Kysely<unknown>,
  table: string,
  revisions: string,
  columns: [name: string, kind: Kind, required: boolean][],
  keys: string[],
): Promise<void> {
  const id = idColumn(db);
  const build = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(t: T) => {
    let made = t.addColumn('id', id.type, id.build);
    for (const [name, kind, required] of columns)
      made =
        kind === 'fund'
          ? made.addColumn(name, 'integer', (c) => c.notNull().references('funds.id'))
          : made.addColumn(name, kind, (c) => (required ? c.notNull() : c));
    return made.addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'));
  };
  await build(db.schema.createTable(table)).execute();
  await db.schema.createIndex(`${table}_key`).on(table).columns(keys).unique().execute();
  await build(db.schema.createTable(revisions))
    .addColumn('replaced_by_batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`${revisions}_key`).on(revisions).columns(keys).execute();
}

const texts = (...names: string[]) => names.map((n): [string, Kind, boolean] => [n, 'text', false]);
const numbers = (...names: string[]) =>
  names.map((n): [string, Kind, boolean] => [n, 'double precision', false]);

// A fund's facts as SEC publishes them (one row per fund), and the dividends it paid (one row per
// book-closing day), each with revisions like every published value (src/data-types/fund-facts.ts,
// fund-dividends.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await publishedTables(
    db,
    'fund_facts',
    'fund_fact_revisions',
    [
      ['fund_id', 'fund', true],
      ...texts('fund_house_en', 'fund_house_th', 'fund_type_en', 'fund_type_th'),
      ...texts('policy_en', 'policy_th', 'policy_updated', 'risk_level', 'risk_updated'),
      ...numbers('front_end_max', 'front_end_actual', 'back_end_max', 'back_end_actual'),
      ...numbers('switching_in_max', 'switching_in_actual', 'switching_out_max', 'switching_out_actual'),
      ...numbers('management_max', 'management_actual', 'ter_max', 'ter_actual'),
      ...texts('fees_updated', 'benchmark_en', 'benchmark_th', 'benchmark_updated'),
      ...texts('dividend_policy', 'dividend_policy_en', 'dividend_policy_th', 'dividend_updated'),
      ...texts('inception_date'),
      ...numbers('registered_assets'),
      ...texts('factsheet_url', 'prospectus_url', 'links_updated'),
    ],
    ['fund_id'],
  );
  await publishedTables(
    db,
    'fund_dividends',
    'fund_dividend_revisions',
    [
      ['fund_id', 'fund', true],
      ['book_closing_date', 'text', true],
      ['payment_date', 'text', true],
      ['per_unit', 'double precision', true],
    ],
    ['fund_id', 'book_closing_date'],
  );
}
