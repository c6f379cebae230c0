import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/ingest/sources.js';

/** A CSV file of `rows` price rows, made as it is read, counting the bytes taken from it. */
function csvFile(rows: number): { stream: Readable; taken: () => number } {
  let taken = 0;
  const stream = Readable.from(
    (function* () {
      yield 'fund,date,nav\n';
      for (let i = 0; i < rows; i += 1000) {
        const lines: string[] = [];
        for (let j = i; j < i + 1000; j++) lines.push(`F${j % 100},2026-01-05,${j}.125\n`);
        const chunk = Buffer.from(lines.join(''));
        taken += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, taken: () => taken };
}

describe('reading a CSV file', () => {
  it('reads no further ahead than the rows being handled while the reader waits', async () => {
    const file = csvFile(2_000_000); // about 50 MB
    const records = readRecords(file.stream, 'csv');
    const first = await records.next();
    expect(first.value?.[0]).toMatchObject({ line: 2, cells: ['F0', '2026-01-05', '0.125'] });
    // A writer slower than the disk: the file must wait for it rather than fill memory.
    await sleep(300);
    expect(file.taken()).toBeLessThan(8_000_000);

    let rows = first.value!.length;
    for await (const batch of records) rows += batch.length;
    expect(rows).toBe(2_000_000);
  });
});
