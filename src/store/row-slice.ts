import type { Row } from './versioned-tables.js';

/**
 * Rows a column at a time, numbers in a Float64Array: the one shape the bulk writers take. Rows
 * checked in the import's check thread cross to the writing thread so, the buffers handed over rather
 * than copied, and are bound to SQLite's inserts straight from their columns. Structured clone of the
 * rows as objects cost the receiving thread about 680 ns a fund price (330 ns as one flat array), and
 * making the objects again from columns, then reading them back by name, another 145 ns: more than a
 * third of SQLite's own share of the insert.
 */
export interface RowSlice {
  length: number;
  names: string[];
  /** Per column: numbers (NaN for null: checked numbers are finite), or any other values as they are. */
  columns: (Float64Array | unknown[])[];
}

export const isRowSlice = (rows: readonly object[] | RowSlice): rows is RowSlice => !Array.isArray(rows);

/**
 * The rows as a slice, in the columns `names` (by default the first row's keys: rows of one shape); a
 * row without one of them has null there.
 */
export function encodeRows(
  rows: readonly Record<string, unknown>[],
  names: readonly string[] = rows.length > 0 ? Object.keys(rows[0]!) : [],
): { slice: RowSlice; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const columns = names.map((name) => {
    const numbers = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const value = rows[i]![name];
      if (typeof value === 'number' && Number.isFinite(value)) numbers[i] = value;
      else if (value === null || value === undefined) numbers[i] = NaN;
      else return rows.map((row) => row[name] ?? null);
    }
    transfer.push(numbers.buffer);
    return numbers;
  });
  return { slice: { length: rows.length, names: [...names], columns }, transfer };
}

/** A column's value at row `i`: null where the row has none. */
export function valueAt(column: Float64Array | unknown[] | undefined, i: number): string | number | null {
  if (column instanceof Float64Array) {
    const value = column[i]!;
    return value !== value ? null : value; // NaN stands for null
  }
  return (column?.[i] ?? null) as string | number | null;
}

/** Row `i` of the slice as an object, every column a property. */
export function rowAt(slice: RowSlice, i: number): Row {
  const row: Row = {};
  for (let c = 0; c < slice.names.length; c++) row[slice.names[c]!] = valueAt(slice.columns[c], i);
  return row;
}

/** The slice's rows as objects again. */
export function decodeRows(slice: RowSlice): Row[] {
  return Array.from({ length: slice.length }, (_, i) => rowAt(slice, i));
}
