import type { Selectable } from 'kysely';
import type { FxRateTable } from './schema.js';

/** The rate columns served; with the date, round and time they are all a covering index holds. */
export const RATE_COLUMNS = [
  'buying_notes',
  'selling_notes',
  'buying_sight_bill',
  'selling_tt',
  'buying_tt',
] as const;

/** A stored row's five rates (each null when not quoted). */
export type RateRow = Pick<Selectable<FxRateTable>, (typeof RATE_COLUMNS)[number]>;
