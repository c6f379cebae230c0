import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../src/store/sqlite/statements.js';

describe('the SQLite statement cache', () => {
  it('prepares a SQL text once, and never shares a statement that is still being iterated', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const db = withStatementCache(sqlite);
    const sql = 'select n from t order by n';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    const iterator = first.iterate([]);
    expect(iterator.next().value).toEqual({ n: 1 });
    // The same query again while the first is half-read: a statement of its own, both finish.
    const second = db.prepare(sql);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...iterator]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare(sql)).toBe(first);
    db.close();
  });
});
