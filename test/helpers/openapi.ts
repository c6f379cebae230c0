import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** The parts of the served OpenAPI document the checks read. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  security: Record<string, string[]>[];
}
export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  example?: string;
  schema: { pattern?: string };
}

/** An answer as inject gives it, or as made from a fetch Response by `answerOf`. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** The body's bytes as sent, compressed or not (inject); fetch gives them decoded in `body`. */
  rawPayload?: Buffer;
}

/** The answer's body as text, decoded when it came gzip- or brotli-compressed. */
function bodyText(res: Answer): string {
  const encoding = res.headers['content-encoding'];
  if (!res.rawPayload || encoding === undefined) return res.body;
  return (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload).toString();
}

/** A fetch Response as an Answer (reads its body). */
export async function answerOf(res: Response): Promise<Answer> {
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  operation: Operation;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Checks answers against the served OpenAPI document: the operation the request reached, the status it
 * got, the media type and the body must all be in the document. Requests to paths or methods the
 * document does not list (404s, /health, the docs themselves) are not checked.
 */
export class Conformance {
  private readonly ajv = new Ajv2020({ allErrors: true });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    // The whole document is added as one schema so that its $refs resolve; its top-level OpenAPI
    // fields are declared as keywords, so strict mode still catches any unknown keyword inside schemas.
    this.ajv.addVocabulary(Object.keys(doc));
    this.ajv.addSchema(doc, 'openapi.json');
    this.routes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        // Paths match case-insensitively and with a trailing slash, as the service routes them.
        pattern: new RegExp(
          `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
          'i',
        ),
        operation,
      })),
    );
  }

  static async of(app: Pick<FastifyInstance, 'inject'>): Promise<Conformance> {
    // The document is served like any route, so an app made to shed load (test/http/overload.test.ts)
    // may refuse it for a moment: ask again after its Retry-After rather than check against a 503 body.
    for (let attempt = 1; ; attempt++) {
      const res = await app.inject({ url: '/openapi.json' });
      if (res.statusCode === 200) return new Conformance(res.json() as OpenApiDocument);
      if (res.statusCode !== 503 || attempt === 20) {
        throw new Error(`/openapi.json answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  route(method: string, url: string): Route | undefined {
    const path = url.replace(/[?#].*$/, '');
    return this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
  }

  /** What is wrong with this answer, by the document; [] when it conforms or is not an operation's. */
  problems(method: string, url: string, res: Answer): string[] {
    const route = this.route(method, url);
    if (!route) return [];
    const { operationId, responses } = route.operation;
    const status = String(res.statusCode);
    const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!documented) return [`${operationId}: status ${status} is not documented`];
    const media = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!documented.content)
      return res.body === '' ? [] : [`${operationId} ${status}: a body not documented`];
    if (!documented.content[media]) return [`${operationId} ${status}: media type '${media}' not documented`];
    const at = pointer(
      'paths',
      route.path,
      route.method.toLowerCase(),
      'responses',
      status,
      'content',
      media,
    );
    const validate = this.validator(`openapi.json#/${at}/schema`);
    const text = bodyText(res);
    const body: unknown = media === 'application/json' ? JSON.parse(text) : text;
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${operationId} ${status}: body${e.instancePath} ${e.message ?? 'is invalid'}`,
    );
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

/**
 * Makes every `app.inject` of the tests also check its answer against the app's own /openapi.json, and
 * fail the calling test when the answer is not in it: the document cannot drift from the code.
 */
export function checkResponsesAgainstOpenApi(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  let conformance: Promise<Conformance> | undefined;
  const checked = async (options: InjectOptions) => {
    const res = await inject(options);
    conformance ??= Conformance.of({ inject } as Pick<FastifyInstance, 'inject'>);
    const method = options.method ?? 'GET';
    const url = typeof options.url === 'string' ? options.url : (options.path as string);
    const problems = (await conformance).problems(method, url, res);
    if (problems.length > 0) {
      throw new Error(`Answer to ${method} ${url} is not in /openapi.json:\n  ${problems.join('\n  ')}`);
    }
    return res;
  };
  Object.assign(app, { inject: checked });
}

/**
 * Every API operation (under /api/) of the document with its path and method. The document also lists
 * the operator's admin routes of the developer portal (test/portal/subscriptions.test.ts checks those):
 * they have their own token and none of the gateway's answers.
 */
export function operationsOf(doc: OpenApiDocument): { path: string; method: string; operation: Operation }[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
}

/** The request the document's parameter examples make up; `override` replaces some of the values. */
export function exampleUrl(
  path: string,
  operation: Operation,
  override: Record<string, string> = {},
): string {
  const value = (name: string) => {
    const example = override[name] ?? operation.parameters?.find((p) => p.name === name)?.example;
    if (example === undefined) throw new Error(`${operation.operationId}: no example for ${name}`);
    return encodeURIComponent(example);
  };
  // The required ones: an optional one (asOf) changes what is asked.
  const query = (operation.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${value(p.name)}`);
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));
  return query.length > 0 ? `${url}?${query.join('&')}` : url;
}
