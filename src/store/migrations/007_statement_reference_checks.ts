import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL checks a foreign key row by row: each inserted price runs one lookup of its fund and one
// of its batch (an SPI query taking a KEY SHARE lock). At market scale that was most of an import,
// and the triggers below cost next to nothing (measured: CONTRIBUTING.md, Measurements behind the code). So on the two tables that take millions of rows,
// fund_prices and fx_rates, the foreign keys become statement-level triggers that check the same
// references once per statement, over the statement's rows (a transition table): the same rule, still
// enforced by the database for every writer (imports, the admin API, psql). The revision tables and
// deposit_rates keep their foreign keys: they take few rows.
//
// Why this is as safe as the foreign key:
// - Inserting or updating a referencing row: the trigger locks every parent row the statement's rows
//   name FOR KEY SHARE, exactly the lock the foreign key's own check takes, and fails the statement
//   (SQLSTATE 23503, foreign_key_violation) if any is missing. Immediate, at the end of the statement,
//   as a foreign key's check. A parent deleted concurrently is either seen as missing or, in
//   REPEATABLE READ and SERIALIZABLE, fails the lock with a serialization error, as with a foreign key.
// - Deleting a parent row or changing its key: a trigger on the parent fails the statement if a
//   referencing row exists. In READ COMMITTED (the default, and every session of this service) the
//   check runs with a fresh snapshot after the delete has waited for the KEY SHARE locks of any writer
//   still in progress, so it sees that writer's rows, as the foreign key's check does. A trigger cannot
//   see rows committed after a REPEATABLE READ or SERIALIZABLE snapshot (the foreign key's code has a
//   crosscheck snapshot for that), so there such a delete or key change is refused outright. Nothing
//   in the service deletes funds, FX families or batches, or changes their keys.
// - TRUNCATE of a parent stays refused by the foreign keys of the revision tables.
// - The triggers name tables in their own schema, so a session's search_path cannot redirect them.

const CHECK_REFERENCES = sql`
create function check_references() returns trigger language plpgsql as $$
declare
  missing text;
begin
  -- Arguments in threes: referencing column, parent table, parent column.
  for i in 0 .. tg_nargs / 3 - 1 loop
    execute format(
      'with wanted as (select distinct %1$I as k from new_rows where %1$I is not null),
            found as materialized (
              select p.%4$I as k from %2$I.%3$I p where p.%4$I in (select k from wanted) for key share of p)
       select min(k::text) from wanted where k not in (select k from found)',
      tg_argv[i * 3], tg_table_schema, tg_argv[i * 3 + 1], tg_argv[i * 3 + 2]) into missing;
    if missing is not null then
      raise foreign_key_violation using
        message = format('insert or update on table "%s" violates foreign key constraint "%s"',
                         tg_table_name, tg_name),
        detail = format('Key (%s)=(%s) is not present in table "%s".', tg_argv[i * 3], missing,
                        tg_argv[i * 3 + 1]),
        table = tg_table_name, constraint = tg_name;
    end if;
  end loop;
  return null;
end $$`;

const CHECK_UNREFERENCED = sql`
create function check_unreferenced() returns trigger language plpgsql as $$
declare
  gone boolean;
  referenced text;
begin
  -- Arguments: the parent's key column, then pairs of referencing table and column.
  execute format('select exists (select 1 from old_rows o where not exists
                    (select 1 from %2$I.%3$I p where p.%1$I = o.%1$I))',
                 tg_argv[0], tg_table_schema, tg_table_name) into gone;
  if not gone then
    return null;
  end if;
  if current_setting('transaction_isolation') <> 'read committed' then
    raise feature_not_supported using
      message = format('deleting rows of "%s" or changing their %s needs READ COMMITTED isolation',
                       tg_table_name, tg_argv[0]),
      detail = 'Rows that refer to them and were committed after this transaction''s snapshot would not be seen.';
  end if;
  for i in 1 .. tg_nargs / 2 loop
    execute format(
      'select min(o.%1$I::text) from old_rows o
       where not exists (select 1 from %2$I.%3$I p where p.%1$I = o.%1$I)
         and exists (select 1 from %2$I.%4$I c where c.%5$I = o.%1$I)',
      tg_argv[0], tg_table_schema, tg_table_name, tg_argv[i * 2 - 1], tg_argv[i * 2]) into referenced;
    if referenced is not null then
      raise foreign_key_violation using
        message = format('update or delete on table "%s" violates foreign key constraint "%s" on table "%s"',
                         tg_table_name, tg_name, tg_argv[i * 2 - 1]),
        detail = format('Key (%s)=(%s) is still referenced from table "%s".', tg_argv[0], referenced,
                        tg_argv[i * 2 - 1]),
        table = tg_table_name, constraint = tg_name;
    end if;
  end loop;
  return null;
end $$`;

/** References checked per statement: referencing table, then (column, parent, parent column) triples. */
const CHILDREN: [string, string[]][] = [
  ['fund_prices', ['fund_id', 'funds', 'id', 'batch_id', 'batches', 'id']],
  ['fx_rates', ['family_code', 'fx_families', 'code', 'batch_id', 'batches', 'id']],
];
/** Parents: table, its key, then (referencing table, column) pairs. */
const PARENTS: [string, string[]][] = [
  ['funds', ['id', 'fund_prices', 'fund_id']],
  ['fx_families', ['code', 'fx_rates', 'family_code']],
  ['batches', ['id', 'fund_prices', 'batch_id', 'fx_rates', 'batch_id']],
];

const args = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite checks a foreign key with an index probe inside the insert itself; nothing to change there.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await CHECK_REFERENCES.execute(db);
  await CHECK_UNREFERENCED.execute(db);
  for (const [table, triples] of CHILDREN) {
    for (let i = 0; i < triples.length; i += 3) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_${triples[i]}_fkey`)}`.execute(
        db,
      );
    }
    // One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
    for (const event of ['insert', 'update']) {
      await sql`create trigger ${sql.ref(`${table}_references_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function check_references(${args(triples)})`.execute(
        db,
      );
    }
  }
  for (const [table, refs] of PARENTS) {
    for (const event of ['delete', 'update']) {
      await sql`create trigger ${sql.ref(`${table}_referenced_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function check_unreferenced(${args(refs)})`.execute(
        db,
      );
    }
  }
}
