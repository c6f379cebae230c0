import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerReader, VALUE_BYTES } from '../../src/sources/answer-reader.js';

// A source's transport parses an answer as it arrives (src/sources/answer-reader.ts): whatever the
// pieces it comes in, the result is JSON.parse's, and what JSON.parse refuses is refused.

/** The reader's result for `text` cut into pieces of `size` bytes, or the error it threw. */
function read(text: string, size: number, limit = 1e9): unknown {
  const reader = new AnswerReader(limit);
  const bytes = Buffer.from(text);
  try {
    for (let i = 0; i < bytes.length; i += size) if (!reader.push(bytes.subarray(i, i + size))) return 'over';
    return reader.end();
  } catch (error) {
    return error instanceof SyntaxError ? 'not JSON' : error;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return 'not JSON';
  }
}

describe('AnswerReader', () => {
  it('gives what JSON.parse gives, in pieces of any size', () => {
    const texts = [
      '[]',
      ' [ ] ',
      '[1,2,3]',
      '[{"a":"x,]}\\"y","b":[1,2]},{"c":"ก,ข"}]',
      '[[1,2],[3]]',
      '{"Success":true,"NAVList":[1,2]}',
      '\uFEFF[1,2]',
      '"text"',
      // Refused, as JSON.parse refuses them:
      '[1,]',
      '[,1]',
      '[1,,2]',
      '[1,2',
      '[1] x',
      '[1,2]]',
      '',
      '  ',
    ];
    for (const text of texts)
      for (const size of [1, 2, 3, 5, 1000])
        expect([text, size, read(text, size)]).toEqual([text, size, parsed(text)]);
  });

  it('gives JSON.parse’s result for any array of objects, cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.object()),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (items, size, pretty) => {
          const text = JSON.stringify(items, null, pretty ? 1 : undefined);
          expect(read(text, size)).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('stops at the limit, of its bytes and VALUE_BYTES for each of its values', () => {
    // 9 bytes and 4 values (the array and the three items after a comma).
    expect(read('[1,2,3,4]', 2, 8)).toBe('over');
    expect(read('[1,2,3,4]', 2, 9 + 4 * VALUE_BYTES - 1)).toBe('over');
    expect(read('[1,2,3,4]', 2, 9 + 4 * VALUE_BYTES)).toEqual([1, 2, 3, 4]);
    // An object, parsed whole at the end, counts its values too: its `{`, `[`, `,` and two `:`.
    expect(read('{"a":[],"b":1}', 3, 14 + 5 * VALUE_BYTES - 1)).toBe('over');
    expect(read('{"a":[],"b":1}', 3, 14 + 5 * VALUE_BYTES)).toEqual({ a: [], b: 1 });
  });
});
