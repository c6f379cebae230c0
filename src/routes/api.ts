import type { FastifyPluginAsync } from 'fastify';
import type { Gateway } from '../gateway/index.js';
import type { AnswerCache } from '../cache/answer-cache.js';
import type { CorsOrigin } from '../calls/cors.js';
import { installGatewayHooks } from '../http/gateway-hooks.js';
import { installResponseCache } from '../http/response-cache.js';
import { installApiCors } from '../http/security-headers.js';
import type { Repositories } from '../composition/repositories.js';
import { SERVICE_GROUPS } from '../domain/service-groups.js';
import { SERVICE_GROUP_CODE } from '../composition/service-groups.js';
import { installAsOf, type RouteReads } from '../http/as-of.js';
import { serviceGroup } from '../http/route-names.js';
import { readAsOf, readingAsOf } from '../store/as-of.js';
import type { Timeline } from '../store/timeline.js';

/** The data types a group's routes read, by the route's path (/api/{group}/...). */
const groupReads = (url: string) =>
  SERVICE_GROUP_CODE[serviceGroup(url) as keyof typeof SERVICE_GROUP_CODE]?.reads ?? [];

/** The operations under /api (the spec's ten and the website's, contract notes: the website), behind the key check, limits and usage counting (in that order). */
export const apiRoutes: FastifyPluginAsync<{
  repos: Repositories;
  now: () => Date;
  gateway: Gateway;
  /** The answer cache and its caching headers; none: CACHE_MAX_BYTES=0. */
  answers: { cache: AnswerCache; caching: Readonly<Record<string, string>> } | undefined;
  /** CORS_ORIGINS, as the call core's CORS rule takes them (calls/cors.ts). */
  corsOrigins: CorsOrigin;
  /** The committed batches, for calls as of an instant and every answer's Last-Modified. */
  timeline: Timeline;
  /** Filled with each operation's path and what it reads (the timemaps find operations there). */
  routeReads: RouteReads;
}> = async (api, { repos, now, gateway, answers, corsOrigins, timeline, routeReads }) => {
  // The one POST operation ignores its body: accept any content type, keep nothing of it.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  // CORS first: its hook sets the allow headers before the key check, so a browser can read a 401 too.
  await installApiCors(api, corsOrigins, gateway.publicAccess);
  installGatewayHooks(api, gateway);
  // Before the answer cache: an answer as of an instant is cached under the state it reads.
  installAsOf(api, { timeline, now, shared: /^public/.test(answers?.caching['cache-control'] ?? '') });
  // Each operation reads as of the call's instant, if it asks for one; its "today" is that instant's.
  api.addHook('onRoute', (route) => {
    const reads = route.config?.reads ?? groupReads(route.url);
    route.config = { ...route.config, reads };
    routeReads.add(route.url, reads);
    const handler = route.handler;
    route.handler = function (request, reply) {
      return readAsOf(request.asOf, () => handler.call(this, request, reply));
    };
  });
  const clock = () => readingAsOf()?.instant ?? now();
  // Without an answer cache (CACHE_MAX_BYTES=0) answers carry no ETag and are built on every call.
  if (answers) installResponseCache(api, answers.cache, gateway, { caching: answers.caching, now });
  // Each group under /api/{name}, in the list's order, handed its own repositories only.
  for (const { name } of SERVICE_GROUPS) {
    const group = SERVICE_GROUP_CODE[name];
    const own = Object.fromEntries(group.repositories.map((r) => [r, repos[r]])) as unknown as Repositories;
    await api.register(group.routes, { prefix: `/${name}`, repos: own, now: clock });
  }
};
