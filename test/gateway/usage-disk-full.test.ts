import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageRepository } from '../../src/store/usage-repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { afternoonToday } from '../helpers/clock.js';
import { canMount, fillDisk, mountSmallDisk, unmount } from '../helpers/disk.js';
import { onSqlite } from '../helpers/store.js';

// The usage writer on a full disk. SQLite ends a transaction itself when a write finds the disk full;
// the ROLLBACK that followed then failed ("cannot rollback - no transaction is active"), and that
// error was the one reported, hiding SQLITE_FULL.

const parent = mkdtempSync(join(tmpdir(), 'rates-usage-full-'));
let disk: string | undefined;
let t: TestApp | undefined;
const clock = afternoonToday();
/** What the gateway reported of its background work, as `rates serve` logs it (error and words). */
const reports: { error: unknown; what: string }[] = [];

beforeAll(() => {
  if (onSqlite) disk = mountSmallDisk(parent, '8M');
});
afterAll(async () => {
  await t?.close().catch(() => undefined);
  unmount(disk);
  rmSync(parent, { recursive: true, force: true });
});

describe.runIf(onSqlite)('usage writes on a full disk (SQLite only)', () => {
  it.skipIf(!canMount)(
    'report SQLITE_FULL, once per ten seconds, and keep the counts for when there is room (runs as root only: it mounts a small disk)',
    async () => {
      expect(disk).toBeDefined();
      t = await createTestApp({
        dir: join(disk!, 'data'),
        now: clock.now,
        gateway: { onError: (error, what) => reports.push({ error, what }) },
      });
      const call = async () => {
        const answer = await t!.app.inject({
          url: '/api/FundPriceService/LatestDate',
          headers: { 'ocp-apim-subscription-key': t!.key },
        });
        expect(answer.statusCode).toBe(200);
        await t!.gateway.usage.flush();
      };
      const usageReports = () => reports.filter((r) => r.what.startsWith('writing usage'));

      const filler = fillDisk(disk!);
      await call();
      expect(usageReports()).toHaveLength(1);
      const [first] = usageReports();
      expect(first!.what).toBe('writing usage');
      expect(first!.error).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });

      // Five more writes fail within the ten seconds: none is reported; the next one after says so.
      for (let i = 0; i < 5; i++) await call();
      expect(usageReports()).toHaveLength(1);
      clock.advance(10_001);
      await call();
      expect(usageReports()).toHaveLength(2);
      expect(usageReports()[1]!.what).toBe('writing usage (5 more times since the last report)');
      expect(usageReports()[1]!.error).toMatchObject({ code: 'SQLITE_FULL' });
      expect(reports.map((r) => String(r.error))).not.toContainEqual(expect.stringMatching(/rollback/));

      // Room again: the next write stores every call counted meanwhile.
      rmSync(filler);
      await t.gateway.usage.flush();
      const rows = await new UsageRepository(t.store.db).report();
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(7);
    },
  );
});
