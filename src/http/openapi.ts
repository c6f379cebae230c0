import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { KEY_QUERY } from '../calls/presented-key.js';
import { SERVICE_GROUPS } from '../domain/service-groups.js';

/** The tag of the admin routes shown in the document (src/routes/admin/portal.ts uses it). */
export const PORTAL_ADMIN_TAG = 'Admin: developer portal';

const { version } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
) as {
  version: string;
};

const DESCRIPTION = `Fund prices, exchange rates and deposit rates, read-only, behind subscription keys.

Every operation needs a subscription key, in the \`Ocp-Apim-Subscription-Key\` header (preferred) or
the \`subscription-key\` query parameter. Paths match case-insensitively. Dates in paths are
day/month/year with a four-digit A.D. year; a fund is named by its number or its short code. Unknown
funds and currencies are not errors: the answer is \`[]\`.

Errors have the API gateway's shape \`{"statusCode": N, "message": "..."}\`. Checks run in this order:
operation exists (404 \`Resource not found\`, for any path or method not listed here), key (401), rate
limit and quota (429 with \`Retry-After\`, 403), parameters (400, naming the parameter), then the
operation. Every answer carries an \`X-Request-Id\` header.

What changed in the API, newest first: [the change log](/portal#changes), also as an
[Atom feed](/changes.atom). Each data type's latest day and last publication against its schedule:
[data status](/status).`;

type RouteSchema = {
  description?: string;
  querystring?: { type?: string; properties?: Record<string, unknown> };
  headers?: { type?: string; properties?: Record<string, unknown> };
};

/** Every operation answers as of a past instant (docs/time-travel.md): its parameter and header. */
function withAsOf(schema: RouteSchema): RouteSchema {
  const query = schema.querystring ?? { type: 'object', properties: {} };
  const headers = schema.headers ?? { type: 'object', properties: {} };
  return {
    ...schema,
    description: [schema.description, AS_OF_NOTE].filter(Boolean).join('\n\n'),
    querystring: { ...query, properties: { ...query.properties, asOf: AS_OF_PARAM } },
    headers: { ...headers, properties: { ...headers.properties, 'accept-datetime': ACCEPT_DATETIME } },
  };
}

const AS_OF_NOTE =
  'As of a past instant (`Accept-Datetime` or `asOf`): the answer as it was then, byte for byte, with ' +
  '`Memento-Datetime` and a `Link` to the original and its timemap (`/timemap/api/...`).';

const AS_OF_PARAM = {
  type: 'string',
  description:
    'the answer as of this instant: ISO 8601 with its offset, or a day (the end of that Bangkok day); for clients that cannot set Accept-Datetime',
  pattern:
    '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,3})?)?(Z|[+-][0-9]{2}:[0-9]{2}))?$',
  // The docs page's "try it" sends the example: an instant to come answers the latest on any service.
  examples: ['2099-12-31T00:00:00+07:00'],
};

const ACCEPT_DATETIME = {
  type: 'string',
  description: 'the answer as of this instant (RFC 7089), an HTTP-date',
  pattern: '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$',
  examples: ['Thu, 31 Dec 2099 00:00:00 GMT'],
};

/**
 * Collects every route's schema into an OpenAPI 3.1 document (served by the docs routes). Registered
 * before the routes, so it sees them all; nothing in the document is written by hand beside them.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rates data service', version, description: DESCRIPTION },
      tags: [
        ...SERVICE_GROUPS.map(({ name, description }) => ({ name, description })),
        {
          name: PORTAL_ADMIN_TAG,
          description: 'Products, developers and approvals of the developer portal (admin token)',
        },
      ],
      components: {
        // Not an answer of any operation listed here, so no operation refers to it; it documents the
        // body of the 404 for every other path and method.
        responses: {
          NotFound: {
            description:
              'No such operation or method: `{"statusCode": 404, "message": "Resource not found"}`',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/GatewayError' } } },
          },
        },
        securitySchemes: {
          SubscriptionKeyHeader: { type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key' },
          AdminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'An admin token (`rates admin-token create`), for the admin routes only',
          },
          SubscriptionKeyQuery: {
            type: 'apiKey',
            in: 'query',
            name: KEY_QUERY,
            description: 'The key in the URL (masked in the service logs); prefer the header',
          },
        },
      },
      // Either scheme will do: the key check takes the header first, then the query parameter.
      security: [{ SubscriptionKeyHeader: [] }, { SubscriptionKeyQuery: [] }],
    },
    // Shared schemas become components named by their $id (FxRateRow, GatewayError ...), not def-0.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    // The spec groups operations by the first path segment after /api/; the tags follow it.
    // The document is the public API: admin, metrics and health routes stay out of it.
    transform: ({ schema, url }) => {
      // Of the rest, only the admin routes of the developer portal, which the operator scripts against.
      if (!url.startsWith('/api/')) {
        const shown = ((schema as { tags?: string[] } | undefined)?.tags ?? []).includes(PORTAL_ADMIN_TAG);
        return { schema: shown ? schema : { ...schema, hide: true }, url };
      }
      const group = /^\/api\/([^/]+)\//.exec(url)?.[1];
      return { schema: withAsOf((group ? { ...schema, tags: [group] } : schema) as RouteSchema), url };
    },
  });
}
