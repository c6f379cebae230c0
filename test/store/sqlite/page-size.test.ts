import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/db.js';
import { migrateToLatest } from '../../../src/store/migrate.js';

const dir = mkdtempSync(join(tmpdir(), 'page-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite page size', () => {
  it('makes a new database with 16 KB pages', async () => {
    const store = openStore(`sqlite:${join(dir, 'new.db')}`);
    await migrateToLatest(store.db);
    if (store.dialect !== 'sqlite') throw new Error('expected SQLite');
    expect(store.sqlite.pragma('page_size', { simple: true })).toBe(16384);
    await store.close();
  });

  it('opens a database made with 4 KB pages as it is, and writes to it', async () => {
    const path = join(dir, 'old.db');
    const old = new SQLite(path);
    old.pragma('page_size = 4096');
    old.exec('create table kept (n integer)');
    old.close();
    const store = openStore(`sqlite:${path}`);
    await migrateToLatest(store.db);
    if (store.dialect !== 'sqlite') throw new Error('expected SQLite');
    expect(store.sqlite.pragma('page_size', { simple: true })).toBe(4096);
    expect(store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    await store.close();
  });
});
