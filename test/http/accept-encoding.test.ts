import { describe, expect, it } from 'vitest';
import { answerEncoding } from '../../src/calls/answer-headers.js';

// gzip whenever the client accepts it, brotli only for one that accepts brotli and not gzip
// (contract notes: every operation: clients advertise br without being able to decode it).
describe('the encoding of an API answer, from Accept-Encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'gzip'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br, gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'gzip'],
    ['br;q=1, gzip;q=0.1', 'gzip'],
    ['x-gzip', 'identity'],
    ['*', 'gzip'],
    ['br', 'br'],
    ['deflate, br', 'br'],
    ['gzip;q=0, br', 'br'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
  ] as const)('%j sends %s', (header, expected) => {
    expect(answerEncoding(header)).toBe(expected);
    expect(answerEncoding(header)).toBe(expected); // the second time from the remembered values
  });
});
