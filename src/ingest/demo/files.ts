import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { ReferenceTableName } from '../../store/reference-tables.js';
import type { VersionedTableName } from '../../store/versioned-tables.js';
import type { ImportType } from '../spec.js';
import type { DemoTarget, DemoWriter } from './generate.js';

type Rec = Record<string, unknown>;

/** How a stored row becomes a row of the import format (see docs/import-formats.md). */
const RENAME: Partial<Record<ImportType, Record<string, string>>> = {
  'fund-prices': { fund_id: 'fund', price_date: 'date' },
  'fx-rates': { family_code: 'family', rate_date: 'date', rate_time: 'time' },
  'deposit-rates': { product_id: 'product' },
  'loan-rates': { product_id: 'product' },
};

/** The import type whose file holds a table's rows. */
const FILE_OF: Record<VersionedTableName | ReferenceTableName, ImportType> = {
  fund_categories: 'fund-categories',
  funds: 'funds',
  fx_families: 'fx-families',
  deposit_products: 'deposit-products',
  loan_products: 'loan-products',
  fund_prices: 'fund-prices',
  fx_rates: 'fx-rates',
  deposit_rates: 'deposit-rates',
  loan_rates: 'loan-rates',
  market_summary: 'market-summary',
};

/**
 * Writes the demo dataset as import files, one CSV per type, so the import path can be measured on
 * realistic files (`rates demo --out DIR`, `npm run bench:import`). Writes wait for the disk. The
 * market summary is not written: it is imported a day per batch, and the folder is one batch.
 */
export class CsvFilesTarget implements DemoTarget {
  private readonly streams = new Map<ImportType, WriteStream>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private async write(type: ImportType, rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    const rename = RENAME[type] ?? {};
    const records = (rows as Rec[]).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [rename[k] ?? k, v])),
    );
    let stream = this.streams.get(type);
    const header = !stream;
    if (!stream) {
      stream = createWriteStream(join(this.dir, `${type}.csv`));
      this.streams.set(type, stream);
    }
    if (!stream.write(stringify(records, { header }))) await once(stream, 'drain');
  }

  async batch(write: (writer: DemoWriter) => Promise<void>): Promise<void> {
    await write({
      upsert: (table, rows) => this.write(FILE_OF[table], rows),
      // The market summary is left out: a market-summary batch holds one day, and a folder is one batch.
      write: async (table, rows) => {
        if (table !== 'market_summary') await this.write(FILE_OF[table], rows);
      },
    });
  }

  async close(): Promise<string[]> {
    await Promise.all([...this.streams.values()].map((s) => new Promise((resolve) => s.end(resolve))));
    return [...this.streams.keys()].map((t) => join(this.dir, `${t}.csv`));
  }
}
