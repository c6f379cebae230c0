import type { Socket } from 'node:net';
import { hashKey } from '../domain/keys.js';

const LAST_KEY = Symbol('the last subscription key a connection presented, and its hash');

type Remembering = Socket & { [LAST_KEY]?: { key: string; hash: string } };

/**
 * hashKey(key), worked out once per connection while its calls present the same key. A client that
 * polls over a keep-alive connection sends its key with every call, and hashing it (SHA-256, then a
 * Map lookup by a new hex string) was 6,500 of the 139,000 instructions of a cached answer (callgrind,
 * notes of issue 5). The key is kept only as long as its connection, and compared in constant time:
 * behind a proxy that pools its connections, the previous call may have been another client's.
 */
export function keyHashOn(socket: Socket, key: string): string {
  const last = (socket as Remembering)[LAST_KEY];
  if (last !== undefined && sameKey(last.key, key)) return last.hash;
  const hash = hashKey(key);
  (socket as Remembering)[LAST_KEY] = { key, hash };
  return hash;
}

/** Whether two keys are equal, in a time that depends on their lengths only. */
export function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
