import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { DATA_TYPES, tableNameOf } from '../data-types/index.js';
import type { PublishedType } from '../data-types/define.js';
import { expectedLatest, releaseDaysBetween, type ReleaseSchedule } from '../domain/release-schedule.js';
import type { Store } from '../store/db.js';
import { typeHeld } from '../store/status-repo.js';

/** One published type on /status. */
export interface TypeStatus {
  name: string;
  label: string;
  /** When its day's rows are out (Bangkok time), or 'on-change': no day is expected. */
  schedule: ReleaseSchedule | 'on-change';
  latestDay: string | null;
  /** The day the schedule says is out by now; null for an 'on-change' type. */
  expectedDay: string | null;
  /** Release days the latest day held is behind the expected one (0: on time); null when unknown. */
  daysBehind: number | null;
  lastPublishedAt: string | null;
  state: 'on-time' | 'late' | 'no-data' | 'on-change';
}

export interface ServiceStatus {
  checkedAt: string;
  startedAt: string;
  uptimeSeconds: number;
  types: TypeStatus[];
}

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

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:16px;color:#111827}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb}
.late{color:#b91c1c;font-weight:600}.on-time{color:#15803d}nav a{margin-right:16px}
.scroll{overflow-x:auto}td:nth-child(n+3){white-space:nowrap}
@media (max-width:640px){table,tbody,tr,td{display:block}thead{position:absolute;left:-9999px}
tr{border-bottom:1px solid #e5e7eb;padding:6px 0}td{border:none;padding:2px 0;white-space:normal}
td::before{content:attr(data-label) ": ";color:#4b5563}}`;
const CSP = [
  "default-src 'none'",
  // The page's icon is the empty data: URL the explorer's pages use (no request for /favicon.ico).
  'img-src data:',
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const scheduleText = (s: TypeStatus['schedule']) =>
  s === 'on-change'
    ? 'when the source changes a value'
    : `${s.time} Bangkok time, ${s.businessDaysOnly ? 'Thai business days' : 'every day'}`;

const STATES: Record<TypeStatus['state'], string> = {
  'on-time': 'On time',
  late: 'Late',
  'no-data': 'No data yet',
  'on-change': 'Published on change',
};

function page(status: ServiceStatus): string {
  const rows = status.types
    .map(
      (t) => `<tr data-type="${escape(t.name)}">
<td data-label="Data">${escape(t.label)}</td><td data-label="Published">${escape(scheduleText(t.schedule))}</td>
<td data-label="Latest day">${t.latestDay ?? '–'}</td><td data-label="Expected day">${t.expectedDay ?? '–'}</td>
<td data-label="Last published">${t.lastPublishedAt ?? '–'}</td>
<td data-label="State" class="${t.state}">${STATES[t.state]}${t.daysBehind ? ` (${t.daysBehind} release day${t.daysBehind === 1 ? '' : 's'} behind)` : ''}</td></tr>`,
    )
    .join('\n');
  const hours = Math.floor(status.uptimeSeconds / 3600);
  const minutes = Math.floor((status.uptimeSeconds % 3600) / 60);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Status: Rates data service</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><nav aria-label="Pages"><a href="/">Explorer</a><a href="/docs">API docs</a><a href="/portal">Developer portal</a></nav>
<main><h1>Data status</h1>
<p>Each data type's latest day held against the day its schedule says is out by now, and when it was last published (times UTC). The service has been up ${hours} h ${minutes} min (since ${status.startedAt}). Checked ${status.checkedAt}; the same as JSON with <code>Accept: application/json</code>.</p>
<div class="scroll"><table><caption>Data types</caption>
<thead><tr><th scope="col">Data</th><th scope="col">Published</th><th scope="col">Latest day</th><th scope="col">Expected day</th><th scope="col">Last published</th><th scope="col">State</th></tr></thead>
<tbody>
${rows}
</tbody></table></div></main></body></html>`;
}

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
    reply.header('cache-control', 'no-cache').header('vary', 'accept');
    // JSON when asked for (a program's Accept), HTML for a browser (whose Accept names text/html).
    const accept = request.headers.accept ?? '';
    const json = accept.includes('application/json') && !accept.includes('text/html');
    if (json) return reply.type('application/json; charset=utf-8').send(status);
    return reply.type('text/html; charset=utf-8').header('content-security-policy', CSP).send(page(status));
  });
};
