import type { HistoryEntry } from '../schemas/history.js';
import { historyQuery, readHistory } from '../store/history-repo.js';
import { withStore } from './with-store.js';

function print(entries: HistoryEntry[], what: string): void {
  if (entries.length === 0) {
    console.log(`No ${what}.`);
    return;
  }
  for (const e of entries) {
    const state = e.served ? 'served  ' : `replaced by batch ${e.replacedByBatchId} at ${e.replacedAt}`;
    const values = Object.entries(e.values)
      .map(([k, v]) => `${k}=${v ?? ''}`)
      .join(' ');
    console.log(`batch ${String(e.batchId ?? '-').padStart(6)}  ${state}  ${values}`);
  }
}

/** The commands' earlier names, kept for scripts that use them. */
const FORMER_NAMES: Readonly<Record<string, string>> = {
  'fund-price': 'fund-prices',
  'loan-rate': 'loan-rates',
};

/** `k=v` pairs of `--key`, and the named options scripts of earlier releases pass (--fund, --date ...). */
function keysOf(options: HistoryOptions): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const pair of options.key ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--key takes name=value (e.g. --key date=2026-11-20); got '${pair}'`);
    keys[pair.slice(0, at)] = pair.slice(at + 1);
  }
  for (const name of ['fund', 'family', 'product', 'date', 'code'] as const)
    if (options[name] !== undefined) keys[name] = options[name];
  return keys;
}

export interface HistoryOptions {
  key?: string[];
  fund?: string;
  family?: string;
  product?: string;
  date?: string;
  code?: string;
}

/** `rates history TYPE --key k=v ...`: the values a row of any type has had, as the admin API gives them. */
export async function historyCommand(typeName: string, options: HistoryOptions): Promise<void> {
  const type = FORMER_NAMES[typeName] ?? typeName;
  const keys = keysOf(options);
  await withStore(async (store) => {
    const query = await historyQuery(store.db, type, keys);
    const what = `${type} ${Object.entries(keys)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`;
    print(query ? await readHistory(store.db, query) : [], what);
  });
}
