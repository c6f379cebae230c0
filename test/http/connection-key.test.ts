import { Socket } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../../src/domain/keys.js';
import { keyHashOn, sameKey } from '../../src/http/connection-key.js';

describe("a connection's key hash", () => {
  it('is the hash of the key presented, whatever the connection presented before', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a1', 'a2', 'b1', 'a1a1', ''), { minLength: 1 }), (keys) => {
        const connections = [new Socket(), new Socket()];
        keys.forEach((key, i) => expect(keyHashOn(connections[i % 2]!, key)).toBe(hashKey(key)));
      }),
    );
  });

  it('compares keys as strings compare', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sameKey(a, b)).toBe(a === b);
        expect(sameKey(a, a)).toBe(true);
      }),
    );
  });
});
