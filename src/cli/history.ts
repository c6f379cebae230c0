import { parseLooseDate } from '../domain/params.js';
import { FundRepository } from '../funds/repository.js';
import { noCaches } from '../composition/caches.js';
import { HistoryRepository } from '../store/history-repo.js';
import type { HistoryEntry } from '../schemas/history.js';
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
    console.log(`batch ${String(e.batchId).padStart(6)}  ${state}  ${values}`);
  }
}

export async function historyFundPriceCommand(options: { fund: string; date: string }): Promise<void> {
  const date = parseLooseDate('--date', options.date);
  await withStore(async (store) => {
    const fund = await new FundRepository(store.db, noCaches()).findFund(options.fund);
    if (!fund) throw new Error(`unknown fund '${options.fund}'`);
    print(
      await new HistoryRepository(store.db).fundPrice(fund.id, date),
      `price of fund ${options.fund} on ${date}`,
    );
  });
}

export async function historyFxRatesCommand(options: { family: string; date: string }): Promise<void> {
  const date = parseLooseDate('--date', options.date);
  await withStore(async (store) => {
    print(
      await new HistoryRepository(store.db).fxRates(options.family, date),
      `${options.family} rates on ${date}`,
    );
  });
}

export async function historyLoanRateCommand(options: { product: string; date: string }): Promise<void> {
  const date = parseLooseDate('--date', options.date);
  if (!/^[0-9]{1,7}$/.test(options.product)) {
    throw new Error(`--product must be a loan product id; got '${options.product}'`);
  }
  await withStore(async (store) => {
    print(
      await new HistoryRepository(store.db).loanRate(Number(options.product), date),
      `rate of loan product ${options.product} effective ${date}`,
    );
  });
}

export async function historyMarketSummaryCommand(options: { date: string; code?: string }): Promise<void> {
  const date = parseLooseDate('--date', options.date);
  if (options.code !== undefined && !/^[A-Z]{2,6}$/.test(options.code)) {
    throw new Error(`--code must be a market summary code such as RR or FXMO; got '${options.code}'`);
  }
  await withStore(async (store) => {
    print(
      await new HistoryRepository(store.db).marketSummary(date, options.code),
      `market summary${options.code ? ` ${options.code}` : ''} of ${date}`,
    );
  });
}
