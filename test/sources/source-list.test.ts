import { mkdtempSync, rmSync } from 'node:fs';
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
});
