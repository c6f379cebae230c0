import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages, for a report: on a shared machine they explain its figures. */
export const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
