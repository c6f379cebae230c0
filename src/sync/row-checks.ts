import type { References } from '../data-types/references.js';
import { echo } from '../domain/errors.js';
import { newRowContext } from '../data-types/row-context.js';
import { checkObjects } from '../ingest/check.js';
import type { ImportType, RowContext } from '../ingest/spec.js';
import { UpstreamError } from './upstream.js';

/** Rows read from one answer of the upstream, and how to name each (`GetLoanRate, row 3`). */
export interface Sourced<T> {
  rows: T[];
  where(index: number): string;
}

/** The rows of one answer, named by their place in it. */
export const answerRows = <T>(what: string, rows: T[]): Sourced<T> => ({
  rows,
  where: (i) => `${what}, row ${i + 1}`,
});

/**
 * One batch's rows through the import's own checks (ingest/check.ts, checkObjects): the same
 * parsers, the same references and the same duplicates within the batch as a file or an admin batch
 * of that type, so the sync publishes nothing that `rates import` would refuse. The first row refused
 * ends the run, named as the import names one: which answer, which row, which day, which column, why.
 */
export class BatchChecks {
  private readonly ctx: RowContext;

  constructor(refs: References, today: string) {
    this.ctx = newRowContext(refs, today);
  }

  /**
   * The rows of `answer` as `type` (each given to the checks as `shape` makes it), checked and built as
   * the import builds them. One answer at a time, with a turn of the event loop before each: the
   * service's own calls go between two answers' checks (the sync runs in the serving process).
   */
  async check<T>(
    type: ImportType,
    answer: Sourced<T>,
    shape: (row: T) => Readonly<Record<string, unknown>>,
    day?: (row: T) => string,
  ): Promise<object[]> {
    await new Promise((resolve) => setImmediate(resolve));
    const result = checkObjects(type, answer.rows.map(shape), this.ctx);
    if ('rows' in result) return result.rows;
    const { index, column, reason } = result.issue;
    const on = day ? ` (${echo(day(answer.rows[index]!))})` : '';
    throw new UpstreamError(
      'refused-row',
      `${answer.where(index)}${on}: ${column ? `${column}: ` : ''}${reason}`,
    );
  }
}
