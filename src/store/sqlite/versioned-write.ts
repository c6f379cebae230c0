import type SQLite from 'better-sqlite3';
import { rowAt, valueAt, type RowSlice } from '../row-slice.js';
import type { Row, VersionedTable, WriteCounts } from '../versioned-tables.js';

/**
 * SQLite's fast path for versioned writes, inside the batch's transaction. New fund prices go in 50
 * to a statement, a plain INSERT that fails whole (SQLite undoes just that statement) if any of its rows
 * meets a key already there. Such a chunk, and the few rows left over, take the row-by-row path: an
 * insert that conflicts falls back to compare-and-replace, so re-publishing the same rows is
 * idempotent and a changed row keeps its earlier value as a revision.
 */
export class SqliteVersionedWriter {
  private readonly rowsPerInsert: number;
  private readonly insertMany: SQLite.Statement | undefined;
  private readonly insert: SQLite.Statement;
  private readonly select: SQLite.Statement;
  private readonly revise: SQLite.Statement;
  private readonly update: SQLite.Statement;
  private readonly columns: readonly string[];

  constructor(
    sqlite: SQLite.Database,
    private readonly spec: VersionedTable,
    private readonly batchId: number,
    private readonly replacedAt: string,
    private readonly counts: WriteCounts,
  ) {
    const { table, revisions, keys, values } = spec;
    this.columns = [...keys, ...values];
    const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
    const keyMatch = keys.map((k) => `${k} = ?`).join(' and ');
    const into = `insert into ${table} (${this.columns.join(', ')}, batch_id) values`;
    const tuple = `(${marks(this.columns.length + 1)})`;
    // One statement per row cost more than the insert itself for fund prices (binding, stepping and
    // resetting a statement, and AUTOINCREMENT reading and writing sqlite_sequence, for every row): the
    // type declares how many rows a statement takes (its `rowsPerInsert`). FX rates come in date order
    // and have three indexes led by other columns, so 50 rows touch some 150 index pages, each copied to
    // the statement journal that lets SQLite undo a multi-row statement: one by one is faster for them.
    // (Measured: CONTRIBUTING.md, Measurements behind the code.)
    this.rowsPerInsert = spec.rowsPerInsert;
    this.insertMany =
      this.rowsPerInsert > 1
        ? sqlite.prepare(`${into} ${Array.from({ length: this.rowsPerInsert }, () => tuple).join(', ')}`)
        : undefined;
    this.insert = sqlite.prepare(`${into} ${tuple} on conflict (${keys.join(', ')}) do nothing`);
    this.select = sqlite.prepare(`select id, batch_id, ${values.join(', ')} from ${table} where ${keyMatch}`);
    this.revise = sqlite.prepare(
      `insert into ${revisions} (${this.columns.join(', ')}, batch_id, replaced_by_batch_id, replaced_at)
       values (${marks(this.columns.length + 3)})`,
    );
    this.update = sqlite.prepare(
      `update ${table} set ${values.map((v) => `${v} = ?`).join(', ')}, batch_id = ? where id = ?`,
    );
    this.manyParams = new Array<string | number | null>(this.rowsPerInsert * (this.columns.length + 1));
  }

  /** Reused for every statement: one array fewer to allocate and collect per row. */
  private readonly params: (string | number | null)[] = [];
  private readonly manyParams: (string | number | null)[];

  write(rows: RowSlice): void {
    // The slice's column for each of the statement's columns (undefined: none, so null).
    const from = this.columns.map((name) => rows.columns[rows.names.indexOf(name)]);
    const width = this.columns.length + 1;
    const many = this.rowsPerInsert;
    let i = 0;
    for (; many > 1 && i + many <= rows.length; i += many) {
      const params = this.manyParams;
      for (let r = 0; r < many; r++) {
        const at = r * width;
        for (let c = 0; c < from.length; c++) params[at + c] = valueAt(from[c], i + r);
        params[at + from.length] = this.batchId;
      }
      if (this.tryInsertMany(params)) {
        this.counts.inserted += many;
        continue;
      }
      for (let r = 0; r < many; r++) this.writeOne(rows, from, i + r);
    }
    for (; i < rows.length; i++) this.writeOne(rows, from, i);
  }

  /** False when a row's key is already there (or comes twice): nothing of the statement is kept. */
  private tryInsertMany(params: (string | number | null)[]): boolean {
    try {
      this.insertMany!.run(params);
      return true;
    } catch (error) {
      // Anything else (a foreign key, a full disk) would fail the row-by-row path the same way: it
      // ends the batch here.
      if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw error;
    }
  }

  private writeOne(rows: RowSlice, from: (Float64Array | unknown[] | undefined)[], i: number): void {
    const params = this.params;
    for (let c = 0; c < from.length; c++) params[c] = valueAt(from[c], i);
    params[from.length] = this.batchId;
    if (this.insert.run(params).changes === 1) {
      this.counts.inserted++;
      return;
    }
    const row: Row = rowAt(rows, i);
    const keyParams = this.spec.keys.map((k) => row[k] ?? null);
    const old = this.select.get(...keyParams) as Row & { id: number; batch_id: number };
    if (this.spec.values.every((v) => (old[v] ?? null) === (row[v] ?? null))) {
      this.counts.unchanged++;
      return;
    }
    const oldValues = this.spec.values.map((v) => old[v] ?? null);
    this.revise.run(...keyParams, ...oldValues, old.batch_id, this.batchId, this.replacedAt);
    this.update.run(...this.spec.values.map((v) => row[v] ?? null), this.batchId, old.id);
    this.counts.changed++;
  }
}
