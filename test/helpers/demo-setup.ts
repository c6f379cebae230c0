import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundle, stale } from '../../scripts/start.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding the demo database and its key as `serve` made them on first start (SQLite). */
    demoDataDir: string;
  }
}

/**
 * Global setup of the journeys (vitest.e2e.config.ts): the demo database, made once by `serve` on an
 * empty DATA_DIR as a newcomer's first start makes it (some 945k rows, 16 s), for the files to copy
 * (test/helpers/demo.ts) rather than each server making it again. On PostgreSQL each server still
 * makes its own, in a schema of its own.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (project.config.env?.TEST_STORE !== 'sqlite') return () => {};
  if (stale()) await bundle();
  const dir = mkdtempSync(join(tmpdir(), 'rates-demo-template-'));
  const { startServer } = await import('./cli.js');
  const server = await startServer({ DATA_DIR: dir });
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  project.provide('demoDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
