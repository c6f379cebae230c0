// The API writes dates in several formats (see docs/contract-notes.md); the explorer works on ISO days.

/** 'YYYY-MM-DDT00:00:00' (fund prices) to 'YYYY-MM-DD'. */
export const fromDateTime = (value: string): string => value.slice(0, 10);

/** 'MM/dd/yyyy' (GetDownloadfxrates, English format) to 'YYYY-MM-DD'. */
export function fromMonthFirst(value: string): string {
  const [m, d, y] = value.split('/');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

/** 'd/MM/yyyy' or 'dd/MM/yyyy' (banner and deposit dates) to 'YYYY-MM-DD'. */
export function fromDayFirst(value: string): string {
  const [d, m, y] = value.split(' ')[0]!.split('/');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day `months` earlier (or later), kept inside the month (31 March - 1 month = 28 February). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Seconds since the epoch of a day's UTC midnight: the x values of the charts. */
export const toSeconds = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
export const fromSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The Bangkok day ('YYYY-MM-DD') of an instant (an ISO time such as '2025-12-06T18:30:00.000Z'). */
export const bangkokDayOf = (instant: string | number): string =>
  new Date(new Date(instant).getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** Today in Bangkok, where the bank publishes. */
export const bangkokToday = () => bangkokDayOf(Date.now());

/** Presets of the chart periods, as months back from the last day (1 week as a special case). */
export const PRESETS = ['1W', '1M', '3M', '6M', '1Y', '3Y'] as const;
/** Longer periods, for the FX history (fetched in pieces of the 3 years the API answers at a time). */
export const LONG_PRESETS = [...PRESETS, '5Y', '10Y'] as const;
export type Preset = (typeof LONG_PRESETS)[number];
const MONTHS_BACK: Record<Exclude<Preset, '1W'>, number> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1Y': 12,
  '3Y': 36,
  '5Y': 60,
  '10Y': 120,
};

export function presetStart(preset: Preset, end: string): string {
  return preset === '1W' ? addDays(end, -7) : addMonths(end, -MONTHS_BACK[preset]);
}
