import type { FastifyPluginAsync } from 'fastify';
import { httpDate } from '../domain/as-of.js';
import { ApiError } from '../domain/errors.js';
import type { RouteReads } from '../http/as-of.js';
import { changesOf, type Timeline } from '../store/timeline.js';

/**
 * GET /timemap/{path under /api/} (RFC 7089 section 5, docs/time-travel.md): the instants at which
 * that operation's answer could have changed, the commits of the batches that touched what it reads,
 * oldest first. application/link-format, or JSON on Accept: application/json. It names instants
 * only, no data: no key is asked.
 */
export const timemapRoutes: FastifyPluginAsync<{ timeline: Timeline; routeReads: RouteReads }> = async (
  app,
  { timeline, routeReads },
) => {
  app.get('/timemap/*', async (request, reply) => {
    const path = `/${(request.params as { '*': string })['*']}`.split('?')[0]!;
    const reads = /^\/api\//i.test(path) ? routeReads.of(path) : undefined;
    if (!reads)
      throw new ApiError(404, `No /api/ operation answers ${path}: a timemap is of one (/timemap/api/...)`);
    const commits = changesOf(await timeline.commits(), reads);
    const mementos = commits.map((c, i) => ({
      datetime: httpDate(c.at),
      uri: `${path}?asOf=${c.at.toISOString()}`,
      rel: [i === 0 && 'first', i === commits.length - 1 && 'last', 'memento'].filter(Boolean).join(' '),
    }));
    const self = `/timemap${path}`;
    void reply.header('vary', 'Accept').header('cache-control', 'no-cache');
    if (/application\/json/i.test(request.headers.accept ?? ''))
      return {
        original: path,
        timemap: self,
        mementos: mementos.map(({ datetime, uri }) => ({ datetime, uri })),
      };
    void reply.type('application/link-format; charset=utf-8');
    return [
      `<${path}>; rel="original"`,
      `<${self}>; rel="self"; type="application/link-format"` +
        (commits.length > 0 ? `; from="${mementos[0]!.datetime}"; until="${mementos.at(-1)!.datetime}"` : ''),
      ...mementos.map((m) => `<${m.uri}>; rel="${m.rel}"; datetime="${m.datetime}"`),
    ].join(',\n');
  });
};
