import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

import type { Row, VersionedTable, WriteCounts } from './versioned-tables.js';

/** `a, b, c` as identifiers. */
export const list = (names: readonly string[]) => sql.join(names.map((n) => sql.ref(n)));
/** `(?, ?, ?)` with a row's values for the named columns (missing ones as null). */
export const tuple = (row: Row, names: readonly string[]) =>
  sql`(${sql.join(names.map((n) => row[n] ?? null))})`;
const keyOf = (row: Row, keys: readonly string[]) => JSON.stringify(keys.map((k) => row[k]));
/**
 * A tuple of key values, each cast to its type: PostgreSQL types the parameters of a VALUES list on
 * their own (as text), and `integer = text` does not compare. Keys are whole numbers or text.
 */
const keyTuple = (row: Row, keys: readonly string[]) =>
  sql`(${sql.join(keys.map((k) => (typeof row[k] === 'number' ? sql`cast(${row[k]} as integer)` : sql`cast(${row[k] ?? null} as text)`)))})`;

/**
 * Writes one chunk of rows into a versioned table inside the caller's transaction: new keys are
 * inserted, identical rows are left alone (so re-publishing is idempotent), and a changed row is
 * updated in place after its old values are copied to the revisions table with the batch that
 * replaced them. Standard SQL only, so it runs unchanged on SQLite and PostgreSQL.
 */
export async function writeVersioned(
  trx: Kysely<Database>,
  spec: VersionedTable,
  rows: Row[],
  batchId: number,
  replacedAt: string,
): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, changed: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  const columns = [...spec.keys, ...spec.values];

  const existing = await sql<Row & { id: number; batch_id: number }>`
    select id, batch_id, ${list(columns)} from ${sql.table(spec.table)}
    where (${list(spec.keys)}) in (values ${sql.join(rows.map((r) => keyTuple(r, spec.keys)))})`.execute(trx);
  const byKey = new Map(existing.rows.map((r) => [keyOf(r, spec.keys), r]));

  const fresh: Row[] = [];
  for (const row of rows) {
    const old = byKey.get(keyOf(row, spec.keys));
    if (!old) {
      fresh.push(row);
    } else if (spec.values.every((c) => (old[c] ?? null) === (row[c] ?? null))) {
      counts.unchanged++;
    } else {
      await replace(trx, spec, old, row, batchId, replacedAt);
      counts.changed++;
    }
  }
  if (fresh.length > 0) {
    const insertColumns = [...columns, 'batch_id'];
    const values = fresh.map((r) => tuple({ ...r, batch_id: batchId }, insertColumns));
    await sql`insert into ${sql.table(spec.table)} (${list(insertColumns)}) values ${sql.join(values)}`.execute(
      trx,
    );
    counts.inserted += fresh.length;
  }
  return counts;
}

async function replace(
  trx: Kysely<Database>,
  spec: VersionedTable,
  old: Row & { id: number; batch_id: number },
  row: Row,
  batchId: number,
  replacedAt: string,
): Promise<void> {
  const revisionColumns = [...spec.keys, ...spec.values, 'batch_id', 'replaced_by_batch_id', 'replaced_at'];
  const revision = { ...old, replaced_by_batch_id: batchId, replaced_at: replacedAt };
  await sql`insert into ${sql.table(spec.revisions)} (${list(revisionColumns)})
    values ${tuple(revision, revisionColumns)}`.execute(trx);
  const assignments: RawBuilder<unknown>[] = spec.values.map((c) => sql`${sql.ref(c)} = ${row[c] ?? null}`);
  assignments.push(sql`batch_id = ${batchId}`);
  await sql`update ${sql.table(spec.table)} set ${sql.join(assignments)} where id = ${old.id}`.execute(trx);
}
