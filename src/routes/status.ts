import type { FastifyPluginAsync } from 'fastify';
import { DATA_TYPES, tableNameOf } from '../data-types/index.js';
import type { PublishedType } from '../data-types/define.js';
import { expectedLatest, releaseDaysBetween } from '../domain/release-schedule.js';
import type { Store } from '../store/db.js';
import { typeHeld } from '../store/status-repo.js';
import type { ServiceStatus, TypeStatus } from './status-types.js';
import { statusLang, statusPage, STATUS_STYLE_HASH } from './status-page.js';

export type { ServiceStatus, TypeStatus } from './status-types.js';

/** Read at most this often per node: the page is public, its reads are not free at market scale. */
const CACHE_MS = 30_000;

const PUBLISHED = DATA_TYPES.filter((t): t is Extract<typeof t, PublishedType> => t.kind === 'published');

/** Each published type's status at `now`. */
export function readTypes(store: Store, now: Date): Promise<TypeStatus[]> {
  return Promise.all(
    PUBLISHED.map(async (type): Promise<TypeStatus> => {
      const held = await typeHeld(store.reader, tableNameOf(type), type.day, type.daysTable);
      const schedule = type.schedule;
      const expectedDay = schedule === 'on-change' || !type.day ? null : expectedLatest(schedule, now);
      const daysBehind =
        expectedDay === null || held.latestDay === null || schedule === 'on-change'
          ? null
          : releaseDaysBetween(schedule, held.latestDay, expectedDay);
      const state =
        held.lastPublishedAt === null
          ? 'no-data'
          : expectedDay === null
            ? 'on-change'
            : daysBehind === 0
              ? 'on-time'
              : 'late';
      return { name: type.name, label: type.label, schedule, ...held, expectedDay, daysBehind, state };
    }),
  );
}

const CSP = [
  "default-src 'none'",
  // The page's icon is the empty data: URL the explorer's pages use (no request for /favicon.ico).
  'img-src data:',
  `style-src 'sha256-${STATUS_STYLE_HASH}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * /status (docs/portal.md): each published data type's latest day and last publication against
 * its schedule, and the service's uptime; HTML, or JSON on `Accept: application/json`. No key, no
 * secrets: what a developer checks before asking why yesterday's prices are missing.
 */
export const statusRoutes: FastifyPluginAsync<{ store: Store; now: () => Date }> = async (
  app,
  { store, now },
) => {
  const startedAt = now();
  let cached: { at: Date; types: Promise<TypeStatus[]> } | undefined;
  const current = async (): Promise<ServiceStatus> => {
    const at = now();
    if (!cached || at.getTime() - cached.at.getTime() >= CACHE_MS) {
      const types = readTypes(store, at);
      cached = { at, types };
      // A failed read is not kept: the next request reads again.
      types.catch(() => (cached = undefined));
    }
    const types = await cached.types;
    return {
      checkedAt: cached.at.toISOString(),
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round((at.getTime() - startedAt.getTime()) / 1000),
      types,
    };
  };
  app.get('/status', { schema: { hide: true } }, async (request, reply) => {
    const status = await current();
    reply.header('cache-control', 'no-cache').header('vary', 'accept, accept-language');
    // JSON when asked for (a program's Accept), HTML for a browser (whose Accept names text/html).
    const accept = request.headers.accept ?? '';
    const json = accept.includes('application/json') && !accept.includes('text/html');
    if (json) return reply.type('application/json; charset=utf-8').send(status);
    const lang = statusLang((request.query as { lang?: unknown }).lang, request.headers['accept-language']);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', CSP)
      .send(statusPage(status, lang));
  });
};
