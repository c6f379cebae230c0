import type pg from 'pg';
import { CopyIn, copyBlocks, type ClientTurns, type CopyBlock, type CopyHolder } from './copy.js';
import { mergeStaged } from './merge.js';
import { decodeRows, type RowSlice } from '../row-slice.js';
import { RunAhead } from '../run-ahead.js';
import type { Row, VersionedTable, WriteCounts } from '../versioned-tables.js';

/**
 * Bytes of COPY text made ahead of the server: enough to go on parsing while the server closes a
 * chunk, and the bound on memory when the server is the slower side.
 */
const AHEAD = 8 << 20;
/**
 * Rows written directly under one savepoint, kept here until it is released (to be staged instead
 * if a key turns out to exist). The first chunk is small, so a re-import learns that at once; then
 * chunks double up to a bound, so a large import opens few subtransactions (25 for the 11M
 * market-scale prices; past 64 in one transaction, other sessions' snapshots take a slower path
 * while it runs) and keeps at most some 25 MB here.
 */
const FIRST_CHUNK = 50_000;
const MAX_CHUNK = 500_000;

const isKeyConflict = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Orders rows by their keys (never null); any order consistent with equality tells repeats apart. */
function compareKeys(a: Row, b: Row, keys: readonly string[]): number {
  for (const k of keys) {
    const [x, y] = [a[k]!, b[k]!];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * PostgreSQL's path for versioned writes. Rows are COPYed straight into the table while none of
 * their keys exists there: the table's unique key finds out (a duplicate key error inside the chunk's
 * savepoint), and from that chunk on rows go to a temporary staging table instead, which `finish`
 * merges with the table (merge.ts). So a batch of new prices (a first load, a new day) costs
 * one pass, and any other batch gets the full compare-and-revise merge. Same rules as SQLite's
 * row-at-a-time path: new keys inserted, identical rows left alone, a changed row keeps its earlier
 * value as a revision, and of several rows with one key in a batch the last one wins.
 *
 * The COPY text is made ahead of the server (at most `AHEAD`), so parsing and the server's inserting
 * overlap on two cores, and the COPY stays open across writes until the batch's client is needed for
 * something else (`ClientTurns`).
 */
export class PostgresVersionedWriter implements CopyHolder {
  private readonly columns: readonly string[];
  /** The table's own columns and batch_id: in both COPYs, so a failed chunk replays into the stage. */
  private readonly copyList: string;
  private readonly stage: string;
  private readonly savepoint: string;
  private readonly ahead = new RunAhead<CopyBlock>((block) => this.send(block), AHEAD);
  private mode: 'direct' | 'staged' = 'direct';
  private copy: CopyIn | undefined;
  private chunk: CopyBlock[] = [];
  private chunkRows = 0;
  private chunkLimit = FIRST_CHUNK;
  private stageMade = false;
  private staged = 0;
  /** Whether every row so far came in strictly ascending key order, so no key came twice. */
  private ascending = true;
  private last: Row | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly turns: ClientTurns,
    private readonly spec: VersionedTable,
    private readonly batchId: number,
    private readonly replacedAt: string,
    private readonly counts: WriteCounts,
  ) {
    this.columns = [...spec.keys, ...spec.values];
    this.copyList = [...this.columns, 'batch_id'].join(', ');
    this.stage = `stage_${spec.table}`;
    this.savepoint = `direct_${spec.table}`;
  }

  async write(slice: RowSlice): Promise<void> {
    if (slice.length === 0) return;
    // The COPY text is made from rows (copy.ts): a slice costs them here what it saved on the way.
    const rows = decodeRows(slice);
    await this.turns.take(this);
    for (let i = 0; this.ascending && i < rows.length; i++) {
      if (this.last && compareKeys(this.last, rows[i]!, this.spec.keys) >= 0) this.ascending = false;
      this.last = rows[i];
    }
    for (const block of copyBlocks(rows, this.columns, String(this.batchId))) await this.ahead.push(block);
  }

  /** Sends what is made, then closes the COPY in progress, so the client can run other statements. */
  async pause(): Promise<void> {
    await this.ahead.drain();
    await this.closeCopy();
  }

  /** Merges the staged rows, if any, and adds to the counts. */
  async finish(): Promise<void> {
    await this.turns.take(this);
    await this.pause();
    if (this.staged === 0) return;
    const { stage, batchId, replacedAt } = this;
    const merged = await mergeStaged(this.client, this.spec, stage, batchId, replacedAt, this.ascending);
    this.counts.changed += merged.changed;
    this.counts.inserted += merged.inserted;
    // Rows repeated within the batch count as unchanged, as on SQLite when they are identical.
    this.counts.unchanged += this.staged - merged.changed - merged.inserted;
  }

  /** Drops what is not sent and makes the server drop the COPY in progress, before a rollback. */
  async abort(): Promise<void> {
    await this.ahead.cancel(new Error('the batch is rolled back'));
    await this.copy?.abort();
    this.copy = undefined;
  }

  private async send(block: CopyBlock): Promise<void> {
    if (this.mode === 'staged') {
      this.copy ??= await this.openStage();
      this.staged += block.rows;
      return this.copy.send(block.data);
    }
    if (!this.copy) {
      await this.client.query(`savepoint ${this.savepoint}`);
      this.copy = new CopyIn(this.client, `copy ${this.spec.table} (${this.copyList}) from stdin`);
    }
    this.chunk.push(block);
    this.chunkRows += block.rows;
    try {
      await this.copy.send(block.data);
    } catch (error) {
      if (!isKeyConflict(error)) throw error;
      return this.stageChunk();
    }
    if (this.chunkRows >= this.chunkLimit) await this.closeCopy();
  }

  private async closeCopy(): Promise<void> {
    while (this.copy) {
      try {
        await this.copy.end();
      } catch (error) {
        if (this.mode === 'staged' || !isKeyConflict(error)) throw error;
        await this.stageChunk();
        continue;
      }
      this.copy = undefined;
      if (this.mode === 'direct') {
        await this.client.query(`release savepoint ${this.savepoint}`);
        this.counts.inserted += this.chunkRows;
        this.chunk = [];
        this.chunkRows = 0;
        this.chunkLimit = Math.min(this.chunkLimit * 2, MAX_CHUNK);
      }
    }
  }

  /** A key of the chunk exists: undo the chunk, and stage it and every row after it. */
  private async stageChunk(): Promise<void> {
    this.copy = undefined;
    await this.client.query(`rollback to savepoint ${this.savepoint}`);
    await this.client.query(`release savepoint ${this.savepoint}`);
    this.mode = 'staged';
    const chunk = this.chunk;
    this.chunk = [];
    this.chunkRows = 0;
    for (const block of chunk) await this.send(block);
  }

  private async openStage(): Promise<CopyIn> {
    if (!this.stageMade) {
      // The table's own column types (no constraints), so values compare exactly as stored; `seq`
      // keeps the order rows came in. Dropped with the transaction, committed or not.
      await this.client.query(
        `create temp table ${this.stage} on commit drop as
         select ${this.copyList} from ${this.spec.table} with no data`,
      );
      await this.client.query(`alter table ${this.stage} add column seq bigint generated always as identity`);
      this.stageMade = true;
    }
    return new CopyIn(this.client, `copy ${this.stage} (${this.copyList}) from stdin`);
  }
}
