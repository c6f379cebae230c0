import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { request } from 'undici';

/**
 * Why a request to a source failed, said by the transport (a timeout, a redirect elsewhere, an answer
 * past the limit); the sync and the connectors prefix it with what was asked and give it their kind.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'not-interface' | 'too-large' | 'stopped',
    message: string,
  ) {
    super(message);
  }
}

/** An answer as it arrives: its status, its headers and its body, decoded. */
export interface Arrival {
  status: number;
  headers: Headers;
  body: Readable;
}

/** The encodings asked for, and how each is decoded (what fetch would ask for and decode). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * One request, following redirects only within the URL's origin: a key goes in a header of every
 * request, so a redirect elsewhere (another host, port or scheme) would hand it to whoever is there.
 * Such a redirect is refused instead. `party` names the other end in messages ('the upstream').
 *
 * undici's `request` rather than `fetch`: the answers are read as Node streams and decoded with zlib,
 * without fetch's web streams between (CONTRIBUTING.md, Measurements behind the code).
 */
export async function arrive(
  url: string,
  asked: 'GET' | 'POST',
  headers: Record<string, string>,
  signal: AbortSignal,
  party: string,
): Promise<Arrival> {
  const origin = new URL(url).origin;
  let target = url;
  let method = asked;
  for (let hops = 0; ; hops++) {
    const res = await request(target, { method, headers, signal });
    const location = REDIRECTS.has(res.statusCode) ? single(res.headers.location) : undefined;
    if (location === undefined) return decoded(res.statusCode, res.headers, res.body);
    discard(res.body);
    const next = new URL(location, target);
    if (next.origin !== origin)
      throw new TransportError(
        'refused',
        `${party} redirected to another origin (${next.origin}); the key is not sent there`,
      );
    if (hops >= MAX_REDIRECTS) throw new TransportError('refused', `more than ${MAX_REDIRECTS} redirects`);
    // As fetch does: a 303, or a 301/302 of a POST, is followed with a GET.
    if (res.statusCode === 303 || (method === 'POST' && res.statusCode <= 302)) method = 'GET';
    target = next.href;
  }
}

/** Stops reading a body that is not wanted (undici's says so with an error event: nobody listens). */
export const discard = (body: Readable) => void body.on('error', () => {}).destroy();

type RawHeaders = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Redirect statuses, and how many in a row a request follows (fetch's own bound). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

const DECODED_PIECE = 64 * 1024;
const DECODERS: Record<string, () => Transform> = {
  gzip: () => createGunzip({ chunkSize: DECODED_PIECE }),
  'x-gzip': () => createGunzip({ chunkSize: DECODED_PIECE }),
  deflate: () => createInflate({ chunkSize: DECODED_PIECE }),
  br: () => createBrotliDecompress({ chunkSize: DECODED_PIECE }),
};

/** The answer with its body decoded as its Content-Encoding says; an encoding not asked for is refused. */
function decoded(status: number, raw: RawHeaders, body: Readable): Arrival {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return { status, headers, body };
  const decoder = DECODERS[encoding];
  if (!decoder) {
    discard(body);
    throw new TransportError(
      'not-interface',
      `the answer is encoded as ${encoding}, which was not asked for`,
    );
  }
  // The decoded body replaces the raw one: a failure of the raw one fails it, and stopping it (a
  // limit, a timeout) stops the raw one. Not stream.pipeline: it makes and aborts an AbortController
  // per answer, a DOMException each (measured with the rest: CONTRIBUTING.md).
  headers.delete('content-encoding');
  headers.delete('content-length');
  const out = decoder();
  body.on('error', (error) => out.destroy(error));
  out.on('close', () => body.destroy());
  return { status, headers, body: body.pipe(out) };
}
