import { DEFAULTS } from '../../settings.js';
import type { Store } from '../../store/db.js';
import { bangkokToday, dateParts, isRealDate } from '../../domain/dates.js';
import { publishBatch, type BatchWriter } from '../../store/publisher.js';
import { DATA_TYPES, type DataTypeName } from '../../data-types/index.js';
import { planFunds } from '../../data-types/demo/funds.js';
import type { DemoPlan } from '../../data-types/demo/plan.js';

export interface DemoOptions {
  seed?: number;
  scale?: 'default' | 'market';
  /** Last day of the history, 'YYYY-MM-DD'; today in Bangkok by default. */
  until?: string;
  onProgress?: (message: string) => void;
  /**
   * Publishes the data first in bulk with a few values as first published, then corrects them in
   * later batches, each at a past instant of its own (history.ts), when the target can date its
   * batches; false: every value as it stands today, batches committed now.
   */
  history?: boolean;
}

export interface DemoSummary {
  /** Rows written per data type. */
  counts: Record<DataTypeName, number>;
  batches: number;
  from: string;
  until: string;
}

/** The summary's counts as a sentence: `120 funds, 301,000 fund prices, ...` (every type, in list order). */
export const describeCounts = (summary: DemoSummary): string =>
  DATA_TYPES.map((t) => `${summary.counts[t.name]} ${t.label}`).join(', ');

export const DEFAULT_DEMO_SEED = DEFAULTS.demoSeed;

// The history starts on a fixed day, whatever `until` is, so a later `until` only appends days.
// `fundsPerBatch` keeps every transaction (and what it holds in memory) bounded at market scale.
interface Scale {
  from: string;
  funds: number;
  fundsPerBatch: number;
}

const SCALES: Readonly<Record<string, Scale>> = {
  default: { from: '2014-01-02', funds: 120, fundsPerBatch: 100 },
  market: { from: '2006-01-03', funds: 2500, fundsPerBatch: 100 },
};

const META = { kind: 'demo', source: 'demo-generator' };

/** What the demo writes through: the batch writer's write, given rows as objects. */
export type DemoWriter = Pick<BatchWriter, 'write'>;

/** Where the demo goes: batches into a database, or files in the import formats. */
export interface DemoTarget {
  /** One batch of rows; `at`: the instant it is published at (the demo's history), else now. */
  batch(write: (writer: DemoWriter) => Promise<void>, at?: Date): Promise<void>;
  /**
   * Whether its batches can be published at the demo's past instants `from` on. Not given: the target
   * keeps no instants (import files), and the history is left out.
   */
  datesFrom?(from: Date): Promise<boolean>;
}

export function storeTarget(store: Store): DemoTarget {
  return {
    batch: async (write, at) => void (await publishBatch(store, META, write, at && (() => at))),
    // Batch ids follow commit instants (store/timeline.ts): a batch committed before the demo's
    // instants (a second run of it) leaves the history out.
    datesFrom: async (from) => {
      const { last } = await store.db
        .selectFrom('batches')
        .select((eb) => eb.fn.max('committed_at').as('last'))
        .where('status', '=', 'committed')
        .executeTakeFirstOrThrow();
      return last === null || Date.parse(last) < from.getTime();
    },
  };
}

export function generateDemo(store: Store, options: DemoOptions = {}): Promise<DemoSummary> {
  return generateDemoInto(storeTarget(store), options);
}

/**
 * Writes a deterministic demo dataset: the same seed and `until` give identical rows. Every reference
 * type's rows go first, in one batch, then each published type's batches as its declaration gives them
 * (src/data-types/: FX rates a batch per year, fund prices a group of funds per batch ...), so no batch
 * is huge and nothing holds the whole history in memory. Into a database, the batches are dated in the
 * past and a few later ones correct values first published otherwise (history.ts).
 */
export async function generateDemoInto(target: DemoTarget, options: DemoOptions = {}): Promise<DemoSummary> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const scale = SCALES[options.scale ?? 'default'];
  if (!scale) throw new RangeError(`scale must be 'default' or 'market', got '${String(options.scale)}'`);
  const until = options.until ?? bangkokToday();
  const progress = options.onProgress ?? (() => undefined);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || !isRealDate(dateParts(until))) {
    throw new RangeError(`until must be a date 'YYYY-MM-DD', got '${until}'`);
  }
  if (until < scale.from) {
    throw new RangeError(`until (${until}) is before the history starts (${scale.from})`);
  }

  const plan: DemoPlan = {
    seed,
    from: scale.from,
    until,
    funds: planFunds(seed, scale.funds),
    fundsPerBatch: scale.fundsPerBatch,
  };
  const counts = Object.fromEntries(DATA_TYPES.map((t) => [t.name, 0])) as Record<DataTypeName, number>;
  const summary: DemoSummary = { counts, batches: 0, from: scale.from, until };
  const history = await historyOf(target, plan, options.history ?? true);
  const publish = async (write: (writer: DemoWriter) => Promise<void>, at = history?.nextFirstBatch()) => {
    await target.batch(write, at);
    summary.batches++;
  };
  const write = async (w: DemoWriter, name: DataTypeName, rows: readonly object[]) => {
    await w.write(name, (history ? history.firstPublished(name, rows) : rows) as never);
    counts[name] += rows.length;
  };

  await publish(async (w) => {
    for (const type of DATA_TYPES)
      if (type.kind === 'reference' && type.demo) await write(w, type.name, await type.demo(plan));
  });
  progress(`Reference data: ${describeCounts(summary)}`);
  for (const type of DATA_TYPES) {
    if (type.kind !== 'published' || !type.demo) continue;
    for await (const chunks of type.demo(plan))
      await publish(async (w) => {
        for (const rows of chunks) await write(w, type.name, rows);
      });
    progress(`${type.label}: ${counts[type.name]} rows`);
  }
  // Rows already counted: a correction replaces one.
  for (const { correction, row, at } of history?.due() ?? []) {
    await publish((w) => w.write(correction.type, [row] as never), at);
    progress(`${at.toISOString()}: ${correction.what}`);
  }
  return summary;
}

/** The demo's history, if asked for and the target can date its batches then. */
async function historyOf(target: DemoTarget, plan: DemoPlan, wanted: boolean) {
  if (!wanted || !target.datesFrom) return undefined;
  const { DemoHistory } = await import('./history.js');
  const history = new DemoHistory(plan, new Date());
  return (await target.datesFrom(history.firstInstant())) ? history : undefined;
}
