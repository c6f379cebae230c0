import { writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { UsageRepository } from '../store/usage-repo.js';
import { table } from './table.js';
import { withStore } from './with-store.js';

export interface UsageOptions {
  id?: number;
  from?: string;
  to?: string;
  /** true: CSV on stdout; a string: CSV into that file. */
  csv?: boolean | string;
}

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const COLUMNS = [
  { key: 'subscriptionId', header: 'subscription_id' },
  { key: 'subscription', header: 'subscription' },
  { key: 'day', header: 'day' },
  { key: 'operation', header: 'operation' },
  { key: 'statusClass', header: 'status_class' },
  { key: 'count', header: 'count' },
];

/** Calls per subscription, Bangkok day, operation and status class, as servers last wrote them. */
export async function keysUsageCommand(options: UsageOptions): Promise<void> {
  for (const [name, value] of [
    ['--from', options.from],
    ['--to', options.to],
  ] as const) {
    if (value !== undefined && !DAY.test(value))
      throw new Error(`${name} must be a day YYYY-MM-DD, got '${value}'`);
  }
  await withStore(async (store) => {
    const rows = await new UsageRepository(store.db).report({
      subscriptionId: options.id,
      from: options.from,
      to: options.to,
    });
    if (options.csv !== undefined && options.csv !== false) {
      const csv = stringify(rows, { header: true, columns: COLUMNS });
      if (typeof options.csv === 'string') {
        writeFileSync(options.csv, csv);
        console.log(`Wrote ${rows.length} rows to ${options.csv}.`);
      } else process.stdout.write(csv);
      return;
    }
    if (rows.length === 0) return console.log('No usage recorded for that selection.');
    const total = rows.reduce((sum, r) => sum + r.count, 0);
    console.log(
      table(
        ['SUBSCRIPTION', 'DAY', 'OPERATION', 'STATUS', 'CALLS'],
        rows.map((r) => [
          `${r.subscriptionId} ${r.subscription}`,
          r.day,
          r.operation,
          r.statusClass,
          String(r.count),
        ]),
      ),
    );
    console.log(`Total: ${total} calls.`);
  });
}
