import { revisionsOf, tableNameOf, type PublishedType } from '../data-types/index.js';

/**
 * A published type's tables as the versioned writes work from them (docs/contract-notes.md,
 * Revisions): the batch writer (publisher.ts) and each engine's bulk writer (sqlite/, postgres/) need
 * nothing else. Made from the type's declaration (src/data-types/).
 */
export interface VersionedTable {
  table: string;
  revisions: string;
  /** The columns that name a row: one row per key. */
  keys: readonly string[];
  /** The served values: a row whose values differ from the stored ones replaces them, keeping a revision. */
  values: readonly string[];
  /** New rows a SQLite insert statement takes. */
  rowsPerInsert: number;
}

export interface WriteCounts {
  inserted: number;
  /** Rows whose served value changed; each one kept its earlier value as a revision. */
  changed: number;
  unchanged: number;
}

export type Row = Record<string, string | number | null>;

const specs = new Map<string, VersionedTable>();

/**
 * The type's spec as a write uses it: with `fromUpstream` (rates sync), the upstream's own numbers
 * for its rows (its `origin` columns: mfr_iId, l_ID, ID) count as values too. One object per type and
 * flavour: the batch writer keeps one bulk writer per spec.
 */
export function versionedTable(type: PublishedType, fromUpstream = false): VersionedTable {
  const name = `${type.name}${fromUpstream ? '+origin' : ''}`;
  let spec = specs.get(name);
  if (!spec) {
    const keys = type.keys;
    const values = Object.keys(type.columns).filter((c) => !keys.includes(c));
    const table = tableNameOf(type);
    spec = {
      table,
      revisions: revisionsOf(table),
      keys,
      values: fromUpstream && type.origin ? [...values, ...type.origin] : values,
      rowsPerInsert: type.rowsPerInsert ?? 1,
    };
    specs.set(name, spec);
  }
  return spec;
}
