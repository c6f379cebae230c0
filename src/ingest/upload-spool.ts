import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';

/** An upload written to a file of its own; `remove` deletes it (and its folder). */
export interface SpooledUpload {
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

/** The upload is larger than the limit; nothing of it is kept. */
export class UploadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the upload is larger than ${limit} bytes`);
  }
}

/**
 * Writes `body` to a new temporary file as it arrives, a chunk at a time, so an upload of any size
 * costs a few chunks of memory. Stops with UploadTooLarge as soon as more than `limit` bytes came; on
 * any failure (too large, the client gone) the file is removed before the error is thrown.
 */
export async function spoolUpload(body: Readable, limit: number): Promise<SpooledUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'rates-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) done(new UploadTooLarge(limit));
      else done(null, chunk);
    },
  });
  // Not pipeline(body, ...): on an error that would destroy the request, and with it the socket the
  // answer (413) must go out on. The body is unpiped and drained instead; a client gone mid-upload
  // (the body closes before its end) fails the copy.
  const copied = pipeline(counter, createWriteStream(path));
  body.pipe(counter);
  finished(body).catch((error: Error) => counter.destroy(error));
  try {
    await copied;
  } catch (error) {
    body.unpipe(counter);
    body.resume();
    await remove();
    throw error;
  }
  return { path, bytes, remove };
}
