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

/** The operations under /api (the spec's ten and the website's, contract notes: the website), behind the key check, limits and usage counting (in that order). */
export const apiRoutes: FastifyPluginAsync<{
  repos: Repositories;
  now: () => Date;
  gateway: Gateway;
  /** The answer cache and its caching headers; none: CACHE_MAX_BYTES=0. */
  answers: { cache: AnswerCache; caching: Readonly<Record<string, string>> } | undefined;
  /** CORS_ORIGINS, as the call core's CORS rule takes them (calls/cors.ts). */
  corsOrigins: CorsOrigin;
}> = async (api, { repos, now, gateway, answers, corsOrigins }) => {
  // The one POST operation ignores its body: accept any content type, keep nothing of it.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  // CORS first: its hook sets the allow headers before the key check, so a browser can read a 401 too.
  await installApiCors(api, corsOrigins, gateway.publicAccess);
  installGatewayHooks(api, gateway);
  // Without an answer cache (CACHE_MAX_BYTES=0) answers carry no ETag and are built on every call.
  if (answers) installResponseCache(api, answers.cache, gateway, { caching: answers.caching, now });
  // Each group under /api/{name}, in the list's order, handed its own repositories only.
  for (const { name } of SERVICE_GROUPS) {
    const group = SERVICE_GROUP_CODE[name];
    const own = Object.fromEntries(group.repositories.map((r) => [r, repos[r]])) as unknown as Repositories;
    await api.register(group.routes, { prefix: `/${name}`, repos: own, now });
  }
};
