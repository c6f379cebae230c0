import { sql, type Kysely } from 'kysely';
import type { DataVersion } from './data-version.js';
import type { Database } from './schema.js';

/** A committed batch: when it committed and the data types it changed. */
export interface Commit {
  batch: number;
  at: Date;
  types: ReadonlySet<string>;
}

/**
 * Every committed batch in commit order (batch ids follow it: batch-transaction.ts), read once per
 * data version: the instants as-of reads resolve to and the timemaps list (docs/time-travel.md).
 */
export class Timeline {
  private loaded: Promise<Commit[]> | undefined;
  /** The highest batch id, of any status, when the commits were read. */
  private newest = 0;

  constructor(
    private readonly db: Kysely<Database>,
    data?: DataVersion,
  ) {
    data?.onChange(() => this.forget());
  }

  /** Read again on the next call (a batch committed). */
  forget(): void {
    this.loaded = undefined;
  }

  commits(): Promise<Commit[]> {
    if (!this.loaded) {
      const loading = this.read();
      this.loaded = loading;
      // A failed read is not kept: the next call tries again.
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
    }
    return this.loaded;
  }

  /**
   * The commits, read again first when a batch committed since they were read: another process's
   * commit is seen here at the data version's next poll, and until then an as-of read would take a
   * table that batch changed for one unchanged since the instant asked (store/as-of.ts).
   */
  async current(): Promise<Commit[]> {
    const commits = await this.commits();
    // The highest id: one probe of the primary key, where the last committed one sorts by status.
    const { rows } = await sql<{ id: number | null }>`select max(id) as id from batches`.execute(this.db);
    if ((rows[0]?.id ?? 0) <= this.newest) return commits;
    this.forget();
    return this.commits();
  }

  private async read(): Promise<Commit[]> {
    // Before the commits: a batch written in between is newer than this, and makes current() read again.
    const { rows: newest } = await sql<{ id: number | null }>`select max(id) as id from batches`.execute(
      this.db,
    );
    this.newest = newest[0]?.id ?? 0;
    const rows = await this.db
      .selectFrom('batches')
      .leftJoin('batch_types', 'batch_types.batch_id', 'batches.id')
      .select(['batches.id', 'batches.committed_at', 'batch_types.type'])
      .where('batches.status', '=', 'committed')
      .orderBy('batches.id')
      .execute();
    const commits: Commit[] = [];
    for (const row of rows) {
      let last = commits.at(-1);
      if (last?.batch !== row.id) {
        last = { batch: row.id, at: new Date(row.committed_at!), types: new Set() };
        commits.push(last);
      }
      if (row.type) (last.types as Set<string>).add(row.type);
    }
    return commits;
  }
}

/** The last batch committed at `instant`; undefined before the first. */
export function commitAt(commits: readonly Commit[], instant: Date): Commit | undefined {
  for (let i = commits.length - 1; i >= 0; i--) if (commits[i]!.at <= instant) return commits[i];
  return undefined;
}

/**
 * The state an operation reading `reads` served once `batch` had committed: the last batch up to it
 * that changed one of those types (the first batch when none did: the state the first answer had).
 */
export function mementoOf(
  commits: readonly Commit[],
  batch: number,
  reads: readonly string[],
): Commit | undefined {
  for (let i = commits.length - 1; i >= 0; i--) {
    const commit = commits[i]!;
    if (commit.batch <= batch && reads.some((type) => commit.types.has(type))) return commit;
  }
  return commits[0];
}

/** The commits that changed what an operation reads, oldest first: its timemap. */
export const changesOf = (commits: readonly Commit[], reads: readonly string[]): Commit[] =>
  commits.filter((c) => reads.some((type) => c.types.has(type)));
