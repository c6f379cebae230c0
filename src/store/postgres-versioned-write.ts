import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Row, VersionedTable, WriteCounts } from './versioned-tables.js';

/** A value in COPY's text format: `\N` for null, and backslash escapes for the separators. */
function copyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
}

/**
 * PostgreSQL's path for versioned writes: rows stream into a temporary staging table with COPY, and
 * `finish` merges them in four set-based statements inside the batch's transaction. Same rules as
 * SQLite's row-at-a-time path: new keys are inserted, identical rows are left alone (re-publishing is
 * idempotent), and a changed row keeps its earlier value as a revision. Of several rows with one key
 * in a batch the last one wins.
 */
export class PostgresVersionedWriter {
  private readonly columns: readonly string[];
  private readonly stage: string;
  private staged = 0;
  private created = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly spec: VersionedTable,
    private readonly batchId: number,
    private readonly replacedAt: string,
    private readonly counts: WriteCounts,
  ) {
    this.columns = [...spec.keys, ...spec.values];
    this.stage = `stage_${spec.table}`;
  }

  async write(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    if (!this.created) {
      // The target's own column types (no constraints), so values compare exactly as stored; `seq`
      // keeps the order rows came in. Dropped with the transaction, committed or not.
      await this.client.query(
        `create temp table ${this.stage} on commit drop as
         select ${this.columns.join(', ')}, 0::bigint as seq from ${this.spec.table} with no data`,
      );
      this.created = true;
    }
    const columns = this.columns;
    const first = this.staged;
    this.staged += rows.length;
    const lines = function* () {
      // Lines are sent in blocks: one write per row would cost more than the row itself.
      let block = '';
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        for (const c of columns) block += `${copyText(row[c])}\t`;
        block += `${first + i}\n`;
        if (block.length > 64 * 1024) {
          yield block;
          block = '';
        }
      }
      if (block) yield block;
    };
    const copy = this.client.query(copyFrom(`copy ${this.stage} (${columns.join(', ')}, seq) from stdin`));
    await pipeline(Readable.from(lines()), copy);
  }

  /** Merges the staged rows into the table and adds to the counts. */
  async finish(): Promise<void> {
    if (this.staged === 0) return;
    const { table, revisions, keys, values } = this.spec;
    const latest = `latest_${table}`;
    const match = keys.map((k) => `t.${k} = s.${k}`).join(' and ');
    const differs = `(${values.map((v) => `t.${v}`).join(', ')}) is distinct from (${values.map((v) => `s.${v}`).join(', ')})`;
    const cols = this.columns.join(', ');
    await this.client.query(
      `create temp table ${latest} on commit drop as
       select distinct on (${keys.join(', ')}) ${cols} from ${this.stage} order by ${keys.join(', ')}, seq desc`,
    );
    // Fresh statistics, so the planner joins a large batch by hash rather than row by row.
    await this.client.query(`analyze ${latest}`);
    await this.client.query(
      `insert into ${revisions} (${cols}, batch_id, replaced_by_batch_id, replaced_at)
       select ${this.columns.map((c) => `t.${c}`).join(', ')}, t.batch_id, $1::integer, $2::text
       from ${table} t join ${latest} s on ${match} where ${differs}`,
      [this.batchId, this.replacedAt],
    );
    const changed = await this.client.query(
      `update ${table} t set ${values.map((v) => `${v} = s.${v}`).join(', ')}, batch_id = $1::integer
       from ${latest} s where ${match} and ${differs}`,
      [this.batchId],
    );
    const inserted = await this.client.query(
      `insert into ${table} (${cols}, batch_id)
       select ${cols}, $1::integer from ${latest} s where not exists (select 1 from ${table} t where ${match})`,
      [this.batchId],
    );
    const changedRows = changed.rowCount ?? 0;
    const insertedRows = inserted.rowCount ?? 0;
    this.counts.changed += changedRows;
    this.counts.inserted += insertedRows;
    // Rows repeated within the batch count as unchanged, as on SQLite when they are identical.
    this.counts.unchanged += this.staged - changedRows - insertedRows;
  }
}
