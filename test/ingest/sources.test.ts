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

describe('reading text from a file in pieces', () => {
  it('keeps a character whole when the file arrives split inside it', async () => {
    // Thai letters take three bytes in UTF-8; a file is read in pieces of any size (64 KB by default),
    // so a piece may end inside a letter.
    const text = `id,name_th\n${Array.from({ length: 100 }, (_, i) => `${i},กองทุนไทย`).join('\n')}\n`;
    const bytes = Buffer.from(text);
    const pieces: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7));
    const names: string[] = [];
    for await (const batch of readRecords(Readable.from(pieces), 'csv'))
      for (const record of batch) names.push(record.cells![1]!);
    expect(names).toHaveLength(100);
    expect(names.filter((n) => n !== 'กองทุนไทย')).toEqual([]);
  });
});
