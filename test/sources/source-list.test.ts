import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSourceJobs } from '../../src/source-list.js';
import type { SourceLog } from '../../src/sources/job.js';
import { testConfig } from '../helpers/config.js';
import { openTestStore } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'source-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet: SourceLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('startSourceJobs', () => {
  it('stops the jobs it started when a later source fails to start, and closes their stores', async () => {
    // The sync starts first (its run goes to port 1, where nothing listens); the connectors' store
    // cannot be opened (as the cluster's primary opens one per source).
    const config = testConfig({ syncFrom: 'http://127.0.0.1:1', syncRetries: 0, connectors: ['bot-fx'] });
    const store = await openTestStore(dir);
    const closed: string[] = [];
    let opened = 0;
    const failure = await startSourceJobs(config, quiet, () => {
      if (opened++ > 0) throw new Error('no store for the second source');
      return { store, close: async () => void closed.push('sync') };
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ message: 'no store for the second source' });
    // The sync's job was stopped (its store is closed only once its stop resolved).
    expect(closed).toEqual(['sync']);
    await store.close();
  });

  it('tells a wait in the same words for every source, from the transport', async () => {
    // An upstream and a source that are briefly down: each job's first request is answered 503 and
    // waits its back-off before its one retry.
    const down = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    const waits: string[] = [];
    const log: SourceLog = { ...quiet, warn: (_fields, message) => void waits.push(message) };
    const config = testConfig({
      syncFrom: url,
      syncRetries: 1,
      connectors: ['bot-fx'],
      botApiUrl: url,
      botApiToken: 'token',
      connectRetries: 1,
    });
    const store = await openTestStore(dir, 'waits.db');
    const jobs = await startSourceJobs(config, log, () => ({ store }));
    try {
      await expect.poll(() => waits.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      expect(waits.slice(0, 2)).toEqual([
        'sync: the upstream answered 503; waiting 0.5 s',
        'bot-fx: the source answered 503; waiting 1.0 s',
      ]);
    } finally {
      await jobs.stop();
      await store.close();
      down.close();
    }
  });
});
