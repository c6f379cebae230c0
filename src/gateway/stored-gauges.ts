import { Gauge, type Registry } from 'prom-client';

/** One read of the store serves every gauge of a scrape (they are collected together). */
const READ_REUSE_MS = 1000;
const RESULTS = ['ok', 'failed', 'running'] as const;

/** A run's times as a gauge takes them: seconds since the epoch, none for a run that has not been. */
export const epochSeconds = (iso: string | null) => (iso === null ? undefined : Date.parse(iso) / 1000);

/**
 * Gauges of what a job keeps in the store (the sync, the connectors), read at each scrape, so they
 * say the same whichever process ran the job; every worker of a cluster reads the same values, so a
 * worker's value counts once (`aggregator: 'first'`), not summed. `read` gives one item per series
 * (none: no values); with `label`, each item's series is named by it. A read that fails gives none.
 */
export function storedGauges<T>(
  registry: Registry,
  read: () => Promise<T[]>,
  label?: { name: string; of: (item: T) => string },
) {
  let last: { at: number; items: Promise<T[]> } | undefined;
  const current = (): Promise<T[]> => {
    const now = performance.now();
    if (!last || now - last.at > READ_REUSE_MS) last = { at: now, items: read().catch(() => []) };
    return last.items;
  };
  const labelsOf = (item: T): Record<string, string> => (label ? { [label.name]: label.of(item) } : {});
  const labelNames = label ? [label.name] : [];
  return {
    gauge(name: string, help: string, value: (item: T) => number | null | undefined): void {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        aggregator: 'first',
        async collect() {
          this.reset();
          for (const item of await current()) {
            const v = value(item);
            if (v !== undefined && v !== null) this.set(labelsOf(item), v);
          }
        },
      });
    },
    /** 1 for the last run's result (ok, failed, running), 0 for the others, by label `result`. */
    lastResult(name: string, help: string, resultOf: (item: T) => string | null): void {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames, 'result'],
        registers: [registry],
        aggregator: 'first',
        async collect() {
          this.reset();
          for (const item of await current())
            for (const result of RESULTS)
              this.set({ ...labelsOf(item), result }, resultOf(item) === result ? 1 : 0);
        },
      });
    },
  };
}
