import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { demoService, emptyService, type Service } from './services.js';

// A hostile upstream for the sync tests (issue 45): a plain node:http server in front of a real
// service A. It forwards every request to A, except those its handler answers itself: with an answer
// that never ends, a body that trickles, a redirect elsewhere, or A's own answer with rows changed.

/** A's own answer to the request, for a handler that changes it. */
export interface RealAnswer {
  status: number;
  type: string;
  text: string;
}

/** Answers a request itself (and returns true), or returns false to let A answer. */
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  real: () => Promise<RealAnswer>,
) => boolean | Promise<boolean>;

export interface Hostile {
  url: string;
  /** Paths asked of it, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** A server on a port of its own (a test closes it); `handle` answers every request. */
export async function server(
  handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<{ url: string; close(): Promise<void> }> {
  const s = createServer((req, res) => {
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  };
}

/** The fund of a FundPrice_ByFundCode path. */
export const fundOf = (url: string) => /FundPrice_ByFundCode\/(\d+)\//.exec(url)?.[1];

/**
 * The one request a handler misbehaves on, while A answers the rest: the first whose path `matches`,
 * and that same path each time it is asked again (a retry).
 */
export function firstOf(matches: (url: string) => boolean) {
  const picked = {
    url: undefined as string | undefined,
    is(req: IncomingMessage): boolean {
      const url = req.url ?? '';
      if (!matches(url)) return false;
      picked.url ??= url;
      return url === picked.url;
    },
  };
  return picked;
}

/** The first fund's price history asked for. */
export const firstFundPrices = () => firstOf((url) => fundOf(url) !== undefined);

/**
 * What a test file of hostile upstreams shares: A (the demo until `until`), made before its tests,
 * and the hostile upstreams in front of A and the empty mirrors its tests make, all closed after them.
 */
export function hostileSuite(until: string) {
  const closing: { close(): Promise<void> }[] = [];
  /** Closed with the rest after the file's tests. */
  const keep = <T extends { close(): Promise<void> }>(opened: T): T => (closing.push(opened), opened);
  const suite = {
    a: undefined as unknown as Service,
    /** A hostile upstream in front of A. */
    upstream: async (handler: Handler) => keep(await hostileUpstream(suite.a, handler)),
    /** An empty service to sync into. */
    mirror: async () => keep(await emptyService()),
    keep,
  };
  beforeAll(async () => {
    suite.a = keep(await demoService(until));
  });
  afterAll(async () => {
    for (const c of closing.reverse()) await c.close();
  });
  return suite;
}

export async function hostileUpstream(a: Service, handler: Handler): Promise<Hostile> {
  const asked: string[] = [];
  const fromA = async (req: IncomingMessage): Promise<RealAnswer> => {
    const headers: Record<string, string> = {};
    for (const h of ['ocp-apim-subscription-key', 'accept'] as const) {
      const value = req.headers[h];
      if (typeof value === 'string') headers[h] = value;
    }
    const res = await fetch(`${a.url}${req.url}`, { method: req.method, headers });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };
  const s = await server(async (req, res) => {
    asked.push(req.url ?? '');
    let answer: Promise<RealAnswer> | undefined;
    const real = () => (answer ??= fromA(req));
    if (await handler(req, res, real)) return;
    const { status, type, text } = await real();
    res.writeHead(status, { 'content-type': type }).end(text);
  });
  return { ...s, asked };
}

/** A JSON answer. */
export function json(res: ServerResponse, value: unknown, status = 200): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
  return true;
}

/**
 * Writes `head`, then `piece` again and again (waiting while the socket is full) until the client
 * goes away or `cap` bytes were written (the test's own guard: a sync that reads on would otherwise
 * fill the memory), then `tail`. Resolves with the bytes written.
 */
export function stream(
  res: ServerResponse,
  head: string,
  piece: string,
  tail: string,
  cap: number,
  pauseMs = 0,
): Promise<number> {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.write(head);
  let sent = Buffer.byteLength(head);
  const chunk = Buffer.from(piece);
  return new Promise((resolve) => {
    const more = () => {
      while (!res.destroyed && sent < cap) {
        sent += chunk.length;
        const room = res.write(chunk);
        if (pauseMs > 0) return void setTimeout(more, pauseMs);
        if (!room) return void res.once('drain', more);
      }
      if (!res.destroyed) res.end(tail);
      resolve(sent);
    };
    res.once('close', () => resolve(sent));
    more();
  });
}

/** A server that records the headers of every request it gets, and answers 404. */
export async function recorder(): Promise<{
  url: string;
  got: IncomingHttpHeaders[];
  close(): Promise<void>;
}> {
  const got: IncomingHttpHeaders[] = [];
  const s = await server((req, res) => {
    got.push(req.headers);
    json(res, { statusCode: 404, message: 'Resource not found' }, 404);
  });
  return { ...s, got };
}
