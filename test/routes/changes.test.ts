import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_FILE } from '../../src/routes/changes.js';
import type { Changes } from '../../src/schemas/changes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

/** The file as it is in the repository, newest first. */
const file = (): Changes => {
  const changes = JSON.parse(readFileSync(CHANGES_FILE, 'utf8')) as Changes;
  return { ...changes, entries: [...changes.entries].sort((a, b) => b.date.localeCompare(a.date)) };
};
const ATOM = 'http://www.w3.org/2005/Atom';
const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

interface AtomLink {
  '@_href': string;
  '@_rel'?: string;
}
interface AtomEntry {
  id: string;
  title: string | { '#text': string };
  updated: string;
  summary?: string | { '#text': string };
  link: AtomLink | AtomLink[];
  category?: { '@_term': string } | { '@_term': string }[];
}
const text = (value: string | { '#text': string } | undefined) =>
  typeof value === 'object' ? value['#text'] : value;

describe('what changed: docs/changes.json, /changes.json and /changes.atom', () => {
  it('serves the file as JSON, newest first, without a key', async () => {
    const res = await t.app.inject({ url: '/changes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(file());
    const dates = file().entries.map((e) => e.date);
    expect(dates[dates.length - 1]).toBe('2026-11-22'); // the history starts with the ten operations
  });

  it('names only operations the OpenAPI document has, and every operation is in some entry', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([, methods]) => Object.values(methods).map((o) => o.operationId));
    const named = file().entries.flatMap((e) => e.operations);
    expect(named.filter((op) => !ids.includes(op))).toEqual([]);
    expect(ids.filter((id) => !named.includes(id!))).toEqual([]);
  });

  it('serves a valid Atom 1.0 feed whose entries are the file entries, in its order', async () => {
    const res = await t.app.inject({ url: '/changes.atom' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(res.body) as {
      feed: Record<string, unknown> & { entry: AtomEntry | AtomEntry[] };
    };
    const feed = parsed.feed;
    expect(feed['@_xmlns']).toBe(ATOM);
    // What RFC 4287 requires of a feed: id, title, updated, an author (here the feed's), a self link.
    // Under the public address: without PUBLIC_URL, HOST:PORT (an app never started listening here).
    expect(feed.id).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/changes\.atom$/);
    expect(text(feed.title as string)).toBe('Rates data service: what changed in the API');
    expect(feed.author).toEqual({ name: 'Rates data service' });
    const links = asArray(feed.link as AtomLink | AtomLink[]);
    expect(links.find((l) => l['@_rel'] === 'self')?.['@_href']).toBe(feed.id);
    const entries = asArray(feed.entry);
    const expected = file().entries;
    expect(feed.updated).toBe(`${expected[0]!.date}T00:00:00.000Z`);
    expect(entries).toHaveLength(expected.length);
    entries.forEach((entry, i) => {
      const want = expected[i]!;
      expect(text(entry.title)).toBe(want.title.en);
      expect(entry.updated).toBe(`${want.date}T00:00:00.000Z`);
      expect(entry.id).toMatch(new RegExp(`/portal#changes/${want.id}$`));
      expect(asArray(entry.link).map((l) => l['@_href'])).toContain(entry.id);
      expect(text(entry.summary)).toContain(want.summary.en);
      expect(asArray(entry.category).map((c) => c['@_term'])).toEqual(want.operations);
    });
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('is linked from the API reference', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { info: { description: string } };
    expect(doc.info.description).toContain('](/portal#changes)');
    expect(doc.info.description).toContain('](/changes.atom)');
  });
});
