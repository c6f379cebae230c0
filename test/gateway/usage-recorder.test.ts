import { describe, expect, it } from 'vitest';
import { UsageRecorder } from '../../src/gateway/usage-recorder.js';
import type { UsageTable } from '../../src/store/schema.js';
import type { UsageRepository } from '../../src/store/usage-repo.js';

/** A repository that keeps what it is given, or fails while `failing` is set. */
function repository() {
  const written: UsageTable[][] = [];
  const repo = {
    failing: false,
    written,
    add(rows: UsageTable[]) {
      if (repo.failing) return Promise.reject(new Error('database is locked'));
      written.push(rows.map((row) => ({ ...row })));
      return Promise.resolve();
    },
  };
  return repo;
}

const sorted = (rows: UsageTable[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('usage recorder', () => {
  it('writes one row per subscription, day, operation and status class', async () => {
    const repo = repository();
    const usage = new UsageRecorder(repo as unknown as UsageRepository, () => {});
    usage.record(1, '2026-11-23', 'LatestDate', 200);
    usage.record(1, '2026-11-23', 'LatestDate', 204);
    usage.record(1, '2026-11-23', 'LatestDate', 304);
    usage.record(1, '2026-11-23', 'LatestDate', 429);
    usage.record(1, '2026-11-24', 'LatestDate', 200);
    usage.record(1, '2026-11-23', 'Getfxfamily', 200);
    usage.record(2, '2026-11-23', 'LatestDate', 200);
    await usage.flush();
    const row = (
      subscription_id: number,
      day: string,
      operation: string,
      status_class: string,
      count: number,
    ) => ({ subscription_id, day, operation, status_class, count });
    expect(sorted(repo.written.flat())).toEqual(
      sorted([
        row(1, '2026-11-23', 'LatestDate', '2xx', 2),
        row(1, '2026-11-23', 'LatestDate', '3xx', 1),
        row(1, '2026-11-23', 'LatestDate', '4xx', 1),
        row(1, '2026-11-24', 'LatestDate', '2xx', 1),
        row(1, '2026-11-23', 'Getfxfamily', '2xx', 1),
        row(2, '2026-11-23', 'LatestDate', '2xx', 1),
      ]),
    );
    await usage.flush();
    expect(repo.written).toHaveLength(1); // nothing new, nothing written
  });

  it('keeps the counts of a failed write and adds them to the next one', async () => {
    const repo = repository();
    const errors: unknown[] = [];
    const usage = new UsageRecorder(repo as unknown as UsageRepository, (error) => errors.push(error));
    usage.record(1, '2026-11-23', 'LatestDate', 200);
    usage.record(1, '2026-11-23', 'LatestDate', 200);
    repo.failing = true;
    await usage.flush();
    expect(errors).toHaveLength(1);
    usage.record(1, '2026-11-23', 'LatestDate', 200);
    usage.record(3, '2026-11-23', 'LatestDate', 503);
    repo.failing = false;
    await usage.close();
    expect(sorted(repo.written.flat())).toEqual(
      sorted([
        { subscription_id: 1, day: '2026-11-23', operation: 'LatestDate', status_class: '2xx', count: 3 },
        { subscription_id: 3, day: '2026-11-23', operation: 'LatestDate', status_class: '5xx', count: 1 },
      ]),
    );
  });
});
