import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/cache/answer-cache.js';

describe('the encoding of an answer, from Accept-Encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
  ] as const)('%j sends %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
    expect(pickEncoding(header)).toBe(expected); // the second time from the remembered values
  });
});
