import type pg from 'pg';
import type { VersionedTable } from './versioned-tables.js';

/**
 * Merges staged rows (`stage`: the table's columns and `seq`, the order they came in) into the table
 * in set-based statements inside the batch's transaction: new keys are inserted, identical rows are
 * left alone, and a changed row keeps its earlier value as a revision. Of several rows with one key
 * the last one wins. A row this batch has already written to the table directly (its batch_id is
 * this batch) is overwritten in place: its earlier value was never published, so it is no revision.
 */
export async function mergeStaged(
  client: pg.ClientBase,
  spec: VersionedTable,
  stage: string,
  batchId: number,
  replacedAt: string,
  /** Whether the batch wrote rows of this table directly (a join fewer when it did not). */
  wroteDirectly: boolean,
): Promise<{ changed: number; inserted: number }> {
  const { table, revisions, keys, values } = spec;
  const columns = [...keys, ...values];
  const cols = columns.join(', ');
  const latest = `latest_${table}`;
  const match = keys.map((k) => `t.${k} = s.${k}`).join(' and ');
  const differs = `(${values.map((v) => `t.${v}`).join(', ')}) is distinct from (${values.map((v) => `s.${v}`).join(', ')})`;
  const set = `${values.map((v) => `${v} = s.${v}`).join(', ')}, batch_id = $1::integer`;
  await client.query(
    `create temp table ${latest} on commit drop as
     select distinct on (${keys.join(', ')}) ${cols} from ${stage} order by ${keys.join(', ')}, seq desc`,
  );
  // Fresh statistics, so the planner joins a large batch by hash rather than row by row.
  await client.query(`analyze ${latest}`);
  await client.query(
    `insert into ${revisions} (${cols}, batch_id, replaced_by_batch_id, replaced_at)
     select ${columns.map((c) => `t.${c}`).join(', ')}, t.batch_id, $1::integer, $2::text
     from ${table} t join ${latest} s on ${match} where ${differs} and t.batch_id <> $1::integer`,
    [batchId, replacedAt],
  );
  if (wroteDirectly) {
    // First, so the update below counts only rows of earlier batches as changed.
    await client.query(
      `update ${table} t set ${set} from ${latest} s where ${match} and ${differs} and t.batch_id = $1::integer`,
      [batchId],
    );
  }
  const changed = await client.query(
    `update ${table} t set ${set} from ${latest} s where ${match} and ${differs}`,
    [batchId],
  );
  const inserted = await client.query(
    `insert into ${table} (${cols}, batch_id)
     select ${cols}, $1::integer from ${latest} s where not exists (select 1 from ${table} t where ${match})`,
    [batchId],
  );
  return { changed: changed.rowCount ?? 0, inserted: inserted.rowCount ?? 0 };
}
