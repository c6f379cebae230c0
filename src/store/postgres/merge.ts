import type pg from 'pg';
import type { VersionedTable } from '../versioned-tables.js';

/**
 * Merges staged rows (`stage`: the table's columns and `seq`, the order they came in) into the table
 * in set-based statements inside the batch's transaction: new keys are inserted, identical rows are
 * left alone, and a changed row keeps its earlier value as a revision. Of several rows with one key
 * the last one wins. A row this batch has already written to the table directly (its batch_id is
 * this batch) is overwritten in place: its earlier value was never published, so it is no revision.
 *
 * The stage is joined with the table once, keeping only the rows that are new or differ, with the
 * table's values beside them; revisions, updates and inserts then read that (usually small) set,
 * where three joins of the whole batch with the table were slow on a re-import (measured:
 * CONTRIBUTING.md, Measurements behind the code).
 */
export async function mergeStaged(
  client: pg.ClientBase,
  spec: VersionedTable,
  stage: string,
  batchId: number,
  replacedAt: string,
  /** No key is staged twice (the rows came in key order): no need to pick each key's last row. */
  uniqueKeys: boolean,
): Promise<{ changed: number; inserted: number }> {
  const { table, revisions, keys, values } = spec;
  const columns = [...keys, ...values];
  const byKey = keys.join(', ');
  const diff = `diff_${table}`;
  let source = stage;
  if (!uniqueKeys) {
    source = `latest_${table}`;
    await client.query(
      `create temp table ${source} on commit drop as
       select distinct on (${byKey}) ${columns.join(', ')} from ${stage} order by ${byKey}, seq desc`,
    );
  }
  // Fresh statistics, so the planner joins a large batch by hash rather than row by row.
  await client.query(`analyze ${source}`);
  const old = (c: string) => `old_${c}`;
  await client.query(
    `create temp table ${diff} on commit drop as
     select ${columns.map((c) => `s.${c}`).join(', ')}, t.id as old_id, t.batch_id as old_batch_id,
       ${values.map((v) => `t.${v} as ${old(v)}`).join(', ')}
     from ${source} s left join ${table} t on ${keys.map((k) => `t.${k} = s.${k}`).join(' and ')}
     where t.id is null
       or (${values.map((v) => `t.${v}`).join(', ')}) is distinct from (${values.map((v) => `s.${v}`).join(', ')})`,
  );
  await client.query(`analyze ${diff}`);
  const changed = await client.query(
    `insert into ${revisions} (${columns.join(', ')}, batch_id, replaced_by_batch_id, replaced_at)
     select ${[...keys, ...values.map(old)].join(', ')}, old_batch_id, $1::integer, $2::text
     from ${diff} where old_id is not null and old_batch_id <> $1::integer`,
    [batchId, replacedAt],
  );
  await client.query(
    `update ${table} t set ${values.map((v) => `${v} = d.${v}`).join(', ')}, batch_id = $1::integer
     from ${diff} d where t.id = d.old_id`,
    [batchId],
  );
  // In key order, so the unique index takes the new keys in sequence rather than at random.
  const inserted = await client.query(
    `insert into ${table} (${columns.join(', ')}, batch_id)
     select ${columns.join(', ')}, $1::integer from ${diff} where old_id is null order by ${byKey}`,
    [batchId],
  );
  return { changed: changed.rowCount ?? 0, inserted: inserted.rowCount ?? 0 };
}
