import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A process of its own that writes through the service's log stream and exits: what the stream still
// held is written before the process goes (the blocks themselves: log-destination.test.ts).

describe('the service log stream at exit', () => {
  it('has written every line when the process exits, also while the thread pool is busy', async () => {
    const script = join(import.meta.dirname, 'fixtures', 'exit-with-busy-pool.ts');
    for (const [count, shared] of [
      [30, ''],
      [3000, ''],
      [30, 'shared'],
    ] as const) {
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        script,
        String(count),
        shared,
      ]);
      const numbers = stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { n: number }).n);
      expect(numbers).toEqual(Array.from({ length: count }, (_, i) => i));
    }
  });
});
