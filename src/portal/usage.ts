import { addDays, bangkokToday } from '../domain/dates.js';
import type { UsageRow } from '../schemas/subscriptions.js';

// A subscription's usage as the portal shows it: the rows `rates keys usage` prints (the one usage
// table, src/store/usage-repo.ts), grouped by day and operation into outcomes. A status class of 2xx
// or 3xx is answered; 4xx is refused (by the rate limit, the quota, or a parameter: a known key's 4xx
// is never a wrong key); 5xx failed.

export const USAGE_DAYS = 30;

export interface UsageDay {
  date: string;
  operation: string;
  answered: number;
  limited: number;
  failed: number;
}

export function usageRange(now: Date): { from: string; to: string } {
  const to = bangkokToday(now);
  return { from: addDays(to, -(USAGE_DAYS - 1)), to };
}

export function outcomeOf(statusClass: string): 'answered' | 'limited' | 'failed' {
  if (statusClass === '2xx' || statusClass === '3xx') return 'answered';
  return statusClass === '4xx' ? 'limited' : 'failed';
}

export function usageDays(rows: UsageRow[]): UsageDay[] {
  const days = new Map<string, UsageDay>();
  for (const row of rows) {
    const key = `${row.day} ${row.operation}`;
    let day = days.get(key);
    if (!day) {
      day = { date: row.day, operation: row.operation, answered: 0, limited: 0, failed: 0 };
      days.set(key, day);
    }
    day[outcomeOf(row.statusClass)] += row.count;
  }
  return [...days.values()].sort((a, b) =>
    a.date === b.date ? a.operation.localeCompare(b.operation) : a.date.localeCompare(b.date),
  );
}
