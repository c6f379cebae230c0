import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { Feed } from 'feed';
import { Changes } from '../schemas/changes.js';

/** The API's change log, one file in the repository (docs/changes.md says how to add to it). */
export const CHANGES_FILE = join(import.meta.dirname, '..', '..', 'docs', 'changes.json');

/** The file as checked against its schema, newest entry first; a malformed file stops the start. */
export function readChanges(file = CHANGES_FILE): Changes {
  const changes = Value.Parse(Changes, JSON.parse(readFileSync(file, 'utf8')));
  changes.entries.sort((a, b) => b.date.localeCompare(a.date));
  return changes;
}

/** The log as an Atom 1.0 feed, in English, its links under the service's public address. */
export function atomFeed(changes: Changes, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const page = `${base}/portal#changes`;
  const feed = new Feed({
    id: `${base}/changes.atom`,
    title: 'Rates data service: what changed in the API',
    description: 'Operations added or changed, newest first',
    link: page,
    feedLinks: { atom: `${base}/changes.atom` },
    updated: new Date(`${changes.entries[0]!.date}T00:00:00Z`),
    author: { name: 'Rates data service' },
    copyright: 'Rates data service',
    generator: false,
  });
  for (const entry of changes.entries) {
    const operations = entry.operations.length > 0 ? ` Operations: ${entry.operations.join(', ')}.` : '';
    feed.addItem({
      // The entry's permalink is its id: stable while the service keeps its address.
      id: `${page}/${entry.id}`,
      link: `${page}/${entry.id}`,
      title: entry.title.en,
      date: new Date(`${entry.date}T00:00:00Z`),
      description: `${entry.summary.en}${operations}`,
      category: entry.operations.map((operation) => ({ term: operation })),
    });
  }
  return feed.atom1();
}

/** /changes.json for the portal's page and /changes.atom for feed readers; no key needed. */
export async function changesRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: () => string }) {
  const changes = readChanges();
  const json = JSON.stringify(changes);
  // Made at the first request: the server learns where it listens after the routes are registered.
  let atom: { base: string; text: string } | undefined;
  const atomText = () => {
    if (atom?.base !== publicUrl()) atom = { base: publicUrl(), text: atomFeed(changes, publicUrl()) };
    return atom.text;
  };
  // The file changes with a release only; a reader checking hourly is asked again within minutes.
  const cache = 'public, max-age=300';
  app.get('/changes.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', cache).type('application/json; charset=utf-8').send(json),
  );
  app.get('/changes.atom', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', cache).type('application/atom+xml; charset=utf-8').send(atomText()),
  );
}
