import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALONE_BLOCK, BatchedLines, PIPE_BUF } from '../../src/http/log-destination.js';

/** A sink that keeps the blocks it is given, as sonic-boom does until they are written. */
function sink() {
  const blocks: Buffer[] = [];
  return { blocks, write: (block: Buffer) => blocks.push(block) > 0, flushSync: () => {} };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('log lines gathered in blocks', () => {
  // Workers share one stdout: a write of more than PIPE_BUF (4096) bytes to a pipe may go in parts,
  // with another worker's write between them, which cut lines in two (a CI run of the workers test).
  it.each([PIPE_BUF, ALONE_BLOCK])(
    'hands on every line once, in order, as UTF-8, in blocks of whole lines of at most %i bytes',
    (blockBytes) => {
      vi.useFakeTimers();
      const out = sink();
      const lines = new BatchedLines(out, blockBytes);
      // ASCII, Thai (3 bytes a character), an emoji (a surrogate pair, 4 bytes), and one line longer
      // than either block, which goes on its own after the lines before it.
      const long = `${'ก'.repeat(23_000)}\n`;
      const written = Array.from({ length: 2_000 }, (_, i) =>
        i === 1_250 ? long : `{"n":${i},"fund":"กองทุนเปิด 🌏 ${'x'.repeat(i % 97)}"}\n`,
      );
      for (const line of written) lines.write(line);
      vi.runAllTimers();
      expect(Buffer.concat(out.blocks).toString()).toBe(written.join(''));
      expect(out.blocks.length).toBeGreaterThan(3);
      for (const block of out.blocks) {
        expect(block.at(-1)).toBe(0x0a);
        if (block.length > blockBytes) expect(block.toString()).toBe(long);
      }
    },
  );

  it('writes a block at the latest 200 ms after its first line', () => {
    vi.useFakeTimers();
    const out = sink();
    const lines = new BatchedLines(out);
    lines.write('first\n');
    vi.advanceTimersByTime(150);
    lines.write('second\n');
    expect(out.blocks).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(out.blocks.map(String)).toEqual(['first\nsecond\n']);
    lines.write('third\n');
    vi.advanceTimersByTime(199);
    expect(out.blocks).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(out.blocks.map(String)).toEqual(['first\nsecond\n', 'third\n']);
  });
});
