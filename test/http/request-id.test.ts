import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newRequestId, requestId } from '../../src/http/request-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are random UUIDs (version 4), all different, across many refills of the random bytes', () => {
    const first = newRequestId();
    const ids = Array.from({ length: 5_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set([first, ...ids]).size).toBe(5_001);
  });

  it('spread over every hex digit in every random position', () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId().replaceAll('-', ''));
    for (let position = 0; position < 32; position++) {
      const digits = new Set(ids.map((id) => id[position]));
      // Position 12 is the version (4), position 16 the variant (8 to b).
      const expected = position === 12 ? 1 : position === 16 ? 4 : 16;
      expect(digits.size, `position ${position}`).toBe(expected);
    }
  });

  it("keep a caller's id that is safe to log, and replace any other", () => {
    const call = (id?: string) =>
      ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
    expect(requestId(call('trace-42'))).toBe('trace-42');
    expect(requestId(call('bad id\u0000'))).toMatch(UUID_V4);
    expect(requestId(call('x'.repeat(65)))).toMatch(UUID_V4);
    expect(requestId(call())).toMatch(UUID_V4);
  });
});
