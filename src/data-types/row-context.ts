import type { DateKeySet } from './duplicates.js';
import { References, type ReferenceKeys } from './references.js';

/** A row refused by a check across columns: the column it is about (null: the row), and why. */
export class RowError extends Error {
  constructor(
    readonly column: string | null,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * A second row for a key the batch already has: which of the two is meant cannot be told, so a batch
 * from a source is refused whole for it, as an import is (a file's is refused whole for any row).
 */
export class DuplicateRowError extends RowError {
  constructor(what: string) {
    super(null, `duplicate ${what} in this batch`);
  }
}

/** What one batch's rows are checked against; its keys carry across the batch's inputs. */
export interface RowContext {
  refs: References;
  /** Today in Bangkok: no price or rate may be dated after it. */
  today: string;
  /** Per type, the keys seen in this batch (by day, where the type has one): a second row is refused. */
  seen: Map<string, DateKeySet | Set<string>>;
  /** Other things that must be unique in a batch, e.g. `fund code B-TREASURY`. */
  ids: Set<string>;
  /** Per type of one day a batch, that day. */
  days: Map<string, string>;
}

export function newRowContext(refs: References | ReferenceKeys, today: string): RowContext {
  return {
    refs: refs instanceof References ? refs : References.fromKeys(refs),
    today,
    seen: new Map(),
    ids: new Set(),
    days: new Map(),
  };
}

/** Refuses a second `what` in the batch (e.g. `fund code B-TREASURY`). */
export function once(ctx: RowContext, what: string): void {
  if (ctx.ids.has(what)) throw new DuplicateRowError(what);
  ctx.ids.add(what);
}

export function notFuture(ctx: RowContext, column: string, day: string): void {
  if (day > ctx.today) throw new RowError(column, `is after today (${ctx.today})`);
}
