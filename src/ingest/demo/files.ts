import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { dataType, toFileRow, type DataTypeName } from '../../data-types/index.js';
import type { DemoTarget, DemoWriter } from './generate.js';

/**
 * Writes the demo dataset as import files, one CSV per type, so the import path can be measured on
 * realistic files (`rates demo --out DIR`, `npm run bench:import`). Writes wait for the disk. A type
 * of one day a batch (the market summary) is not written: the folder is one batch.
 */
export class CsvFilesTarget implements DemoTarget {
  private readonly streams = new Map<DataTypeName, WriteStream>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private async write(type: DataTypeName, rows: readonly object[]): Promise<void> {
    const declared = dataType(type);
    if (rows.length === 0 || (declared.kind === 'published' && declared.dayPerBatch)) return;
    const records = (rows as Readonly<Record<string, unknown>>[]).map((r) => toFileRow(declared, r));
    let stream = this.streams.get(type);
    const header = !stream;
    if (!stream) {
      stream = createWriteStream(join(this.dir, `${type}.csv`));
      this.streams.set(type, stream);
    }
    if (!stream.write(stringify(records, { header }))) await once(stream, 'drain');
  }

  async batch(write: (writer: DemoWriter) => Promise<void>): Promise<void> {
    await write({ write: (type, rows) => this.write(type, rows as readonly object[]) });
  }

  async close(): Promise<string[]> {
    await Promise.all([...this.streams.values()].map((s) => new Promise((resolve) => s.end(resolve))));
    return [...this.streams.keys()].map((t) => join(this.dir, `${t}.csv`));
  }
}
