import type { ReleaseSchedule } from '../domain/release-schedule.js';

// What /status says, as JSON and on its page.

/** One published type on /status. */
export interface TypeStatus {
  name: string;
  label: string;
  /** When its day's rows are out (Bangkok time), or 'on-change': no day is expected. */
  schedule: ReleaseSchedule | 'on-change';
  latestDay: string | null;
  /** The day the schedule says is out by now; null for an 'on-change' type. */
  expectedDay: string | null;
  /** Release days the latest day held is behind the expected one (0: on time); null when unknown. */
  daysBehind: number | null;
  lastPublishedAt: string | null;
  state: 'on-time' | 'late' | 'no-data' | 'on-change';
}

export interface ServiceStatus {
  checkedAt: string;
  startedAt: string;
  uptimeSeconds: number;
  types: TypeStatus[];
}
