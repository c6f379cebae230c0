import { AsyncLocalStorage } from 'node:async_hooks';
import type { JoinNode } from 'kysely';
import {
  AliasNode,
  FromNode,
  IdentifierNode,
  OperationNodeTransformer,
  RawNode,
  SelectQueryNode,
  TableNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { DATA_TYPES, revisionsOf, tableNameOf, type DataType } from '../data-types/index.js';

/**
 * Reads as of a past instant (docs/time-travel.md). A call asked as of an instant runs inside
 * `readAsOf`; every select it makes then reads each data type's table as it stood once the batch
 * `batch` had committed: the served rows written by then, and the revisions that were served then
 * (written by then, replaced after). The queries themselves are the latest answers' own, unchanged.
 */
export interface AsOf {
  /** The last batch committed at the instant. */
  batch: number;
  /** The instant asked (a "today" inside an answer is its Bangkok day). */
  instant: Date;
  /**
   * The versioned tables that batches committed after `batch` changed. Only these are read through
   * their revisions: any other stands now as it stood then, and is read as it is.
   */
  changed: ReadonlySet<string>;
}

/** What the running code reads: as of an instant, and whether the tables it reads are noted. */
interface Reading {
  asOf?: AsOf;
  /** Set while a cached value is made (recordReads): the versioned tables its queries read. */
  reads?: Set<string>;
}

const reading = new AsyncLocalStorage<Reading>();

/** Runs `work` reading as of `asOf` (no instant: the latest). */
export const readAsOf = <T>(asOf: AsOf | undefined, work: () => T): T =>
  asOf ? reading.run({ asOf }, work) : work();

/** The instant the running call reads as of; undefined for the latest. */
export const readingAsOf = (): AsOf | undefined => reading.getStore()?.asOf;

/** Whether the running code reads as of an instant or notes what it reads (undefined: neither). */
export const readingState = (): Readonly<Reading> | undefined => reading.getStore();

/** A value and the versioned tables it was read from. */
export interface Made<V> {
  value: V;
  reads: ReadonlySet<string>;
}

/** Runs `work`, noting the versioned tables its queries read (those it uses from caches too). */
export async function recordReads<V>(work: () => Promise<V>): Promise<Made<V>> {
  const reads = new Set<string>();
  const value = await reading.run({ asOf: readingAsOf(), reads }, work);
  return { value, reads };
}

/**
 * `made`'s value, noting its tables for the value being made around it, if any: a value made from a
 * cached one is read from what that one was read from.
 */
export function used<V>(made: Made<V>): V {
  const reads = reading.getStore()?.reads;
  if (reads) for (const table of made.reads) reads.add(table);
  return made.value;
}

/** Whether every one of `tables` stands now as it stood at `asOf`. */
export function unchangedSince(asOf: AsOf, tables: ReadonlySet<string>): boolean {
  for (const table of tables) if (asOf.changed.has(table)) return false;
  return true;
}

/** The tables of each data type, by its name: its own and its days table. */
const TABLES_OF = new Map<string, string[]>(
  DATA_TYPES.map((type: DataType) => [
    type.name,
    type.kind === 'published' && type.daysTable ? [tableNameOf(type), type.daysTable] : [tableNameOf(type)],
  ]),
);

/** Reads as of `batch`, asked at `instant`, given every commit in order and the types each changed. */
export function asOfState(
  commits: readonly { batch: number; types: ReadonlySet<string> }[],
  batch: number,
  instant: Date,
): AsOf {
  const changed = new Set<string>();
  for (const commit of commits)
    if (commit.batch > batch)
      for (const type of commit.types) for (const table of TABLES_OF.get(type) ?? []) changed.add(table);
  return { batch, instant, changed };
}

/** A versioned table as of batch M, as a subquery of the table's own columns. */
type AsOfTable = (batch: number) => OperationNode;

/** An identifier as both stores' SQL quotes it. */
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const ref = (alias: string, column: string) => `${quote(alias)}.${quote(column)}`;
/** Where the batch read goes in an as-of table's SQL. */
const M = '\u0000m';

/**
 * `text` as a node with the batch read bound at each M. The text is made once per table; a read
 * binds its batch only: a read as of an instant built, transformed and compiled the subquery node by
 * node each time (Convert as of a past batch: 0.3 ms of its 0.5 ms in Kysely).
 */
function withBatch(text: string): AsOfTable {
  const fragments = text.split(M);
  return (m) =>
    RawNode.create(
      fragments,
      fragments.slice(1).map(() => ValueNode.create(m)),
    );
}

/**
 * A table's rows as of batch M: each served row written by then, or in place of a row written after,
 * the revision of its key that was served then (none: the key is newer). A left join on the key
 * rather than a UNION ALL of the two tables: SQLite flattens it into the query around it, so that
 * query keeps its plan (its indexes, its join order); a UNION ALL inside a join it planned as a scan
 * of the table (AllFundPrices as of a past batch: 3 s for 0.4 ms). No key is ever deleted, so every
 * key served then has a served row now.
 */
function overlay(
  type: DataType,
  columns: readonly string[],
  written: (alias: string) => string,
): [string, AsOfTable] {
  const table = tableNameOf(type);
  const keys = type.keys as readonly string[];
  const first = keys[0]!;
  const onKey = keys.map((k) => `${ref('rev', k)} = ${ref('cur', k)}`).join(' and ');
  const pick = (c: string) =>
    c === 'id' || keys.includes(c)
      ? ref('cur', c)
      : `case when ${ref('rev', first)} is null then ${ref('cur', c)} else ${ref('rev', c)} end as ${quote(c)}`;
  return [
    table,
    withBatch(
      `(select ${columns.map(pick).join(', ')} from ${quote(table)} cur
        left join ${quote(revisionsOf(table))} rev on ${onKey} and ${written('rev')} and rev.replaced_by_batch_id > ${M}
        where ${written('cur')} or ${ref('rev', first)} is not null)`,
    ),
  ];
}

function asOfTable(type: DataType): [string, AsOfTable] {
  const given = Object.keys(type.columns);
  if (type.kind === 'reference')
    // Rows written before batches named them (batch_id null) were always there.
    return overlay(
      type,
      [...given, ...Object.keys(type.derive ?? {}), 'batch_id'],
      (alias) => `(${ref(alias, 'batch_id')} is null or ${ref(alias, 'batch_id')} <= ${M})`,
    );
  // A revision is served under the id of its key's served row, as it was when it was served.
  return overlay(
    type,
    ['id', ...given, 'batch_id', ...(type.origin ?? [])],
    (alias) => `${ref(alias, 'batch_id')} <= ${M}`,
  );
}

const AS_OF_TABLES = new Map<string, AsOfTable>([
  ...DATA_TYPES.map(asOfTable),
  ...DATA_TYPES.flatMap((type): [string, AsOfTable][] =>
    type.kind === 'published' && type.daysTable
      ? [
          [
            type.daysTable,
            withBatch(
              `(select ${quote(type.day!)}, batch_id from ${quote(type.daysTable)}
                where batch_id is null or batch_id <= ${M})`,
            ),
          ],
        ]
      : [],
  ),
]);

/**
 * Replaces each versioned table a select reads (FROM, JOIN, subqueries) that changed after the batch
 * read with its rows as of that batch, and notes every versioned table read, when asked to.
 */
class AsOfTables extends OperationNodeTransformer {
  constructor(private readonly state: Reading) {
    super();
  }

  private asOf(node: OperationNode): OperationNode {
    const table = TableNode.is(node)
      ? node
      : AliasNode.is(node) && TableNode.is(node.node)
        ? node.node
        : undefined;
    if (!table) return node;
    const name = table.table.identifier.name;
    const made = AS_OF_TABLES.get(name);
    if (!made) return node;
    this.state.reads?.add(name);
    const { asOf } = this.state;
    if (!asOf?.changed.has(name)) return node;
    return AliasNode.create(made(asOf.batch), AliasNode.is(node) ? node.alias : IdentifierNode.create(name));
  }

  // The tables are replaced after the transform: an as-of table's subquery has no table to replace.
  protected override transformFrom(node: FromNode): FromNode {
    return FromNode.create(super.transformFrom(node).froms.map((f) => this.asOf(f)));
  }

  protected override transformJoin(node: JoinNode): JoinNode {
    const join = super.transformJoin(node);
    return Object.freeze({ ...join, table: this.asOf(join.table) });
  }
}

/** The Kysely plugin that makes selects read as of the running call's instant (none: unchanged). */
export const asOfReads: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const state = reading.getStore();
    if (!state || !SelectQueryNode.is(node)) return node;
    // As of an instant after the last change of every table: nothing to replace, nothing to note.
    if (!state.reads && state.asOf?.changed.size === 0) return node;
    return new AsOfTables(state).transformNode(node);
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};
