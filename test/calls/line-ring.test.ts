import { describe, expect, it } from 'vitest';
import { LineRing } from '../../src/calls/line-ring.js';

describe('the line ring of the request log', () => {
  it('reads back exactly what was written, across its end, and refuses what does not fit', () => {
    const ring = new LineRing(1024);
    const texts = ['plain', 'é\u2028"\\', '\ud83d\ude00 and a lone \ud83d', 'x'.repeat(300)];
    let readTo = 0;
    for (let round = 0; round < 40; round++) {
      const text = texts[round % texts.length]!;
      const from = ring.written();
      expect(ring.write(text, readTo)).toBe(true);
      expect(ring.read(from, ring.written())).toBe(text);
      readTo = ring.written();
    }
    // 40 writes of up to 600 bytes went round a 1 kB ring many times.
    expect(readTo).toBeGreaterThan(4 * 1024);

    // With nothing read, the room is the capacity: 512 UTF-16 units.
    const full = ring.written();
    expect(ring.write('y'.repeat(500), readTo)).toBe(true);
    expect(ring.write('z'.repeat(13), readTo)).toBe(false);
    expect(ring.write('z'.repeat(12), readTo)).toBe(true);
    expect(ring.read(full, ring.written())).toBe(`${'y'.repeat(500)}${'z'.repeat(12)}`);
  });

  it('keeps counting past 2^32 bytes', () => {
    const ring = new LineRing(1024);
    // The head as a long-running service would have it: 100 bytes short of 2^32.
    new Int32Array(ring.shared, 0, 1)[0] = -100;
    const from = ring.written();
    expect(from).toBe(2 ** 32 - 100);
    expect(ring.write('a'.repeat(60), from)).toBe(true);
    expect(ring.written()).toBe(20);
    expect(ring.read(from, ring.written())).toBe('a'.repeat(60));
    expect(ring.write('b'.repeat(452), from)).toBe(true);
    expect(ring.write('c', from)).toBe(false);
    expect(ring.write('c', 20)).toBe(true);
  });

  it('is shared with another thread through its memory', () => {
    const writer = new LineRing(2048);
    writer.write('seen from the other side', 0);
    const reader = new LineRing(writer.shared);
    expect(reader.read(0, reader.written())).toBe('seen from the other side');
  });
});
