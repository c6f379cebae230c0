import { column, type Column } from './define.js';
import { integer, string } from './fields.js';

// Columns several types share.

/** A name in English or Thai. */
export const name = (): Column<string> => column(string(300));
/** A place in a display order. */
export const order = (): Column<number> => column(integer(0, 1_000_000));
