import { AsyncLocalStorage } from 'node:async_hooks';
import type { JoinNode } from 'kysely';
import {
  AliasNode,
  FromNode,
  IdentifierNode,
  OperationNodeTransformer,
  SelectQueryNode,
  TableNode,
  sql,
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
}

const asOfStore = new AsyncLocalStorage<AsOf>();

/** Runs `work` reading as of `asOf` (no instant: the latest). */
export const readAsOf = <T>(asOf: AsOf | undefined, work: () => T): T =>
  asOf ? asOfStore.run(asOf, work) : work();

/** The instant the running call reads as of; undefined for the latest. */
export const readingAsOf = (): AsOf | undefined => asOfStore.getStore();

/** A versioned table as of batch M, as a subquery of the table's own columns. */
type AsOfTable = (batch: number) => OperationNode;

const list = (names: readonly string[], prefix?: string) =>
  sql.join(names.map((n) => sql.ref(prefix ? `${prefix}.${n}` : n)));

function asOfTable(type: DataType): [string, AsOfTable] {
  const table = tableNameOf(type);
  const revisions = revisionsOf(table);
  const given = Object.keys(type.columns);
  if (type.kind === 'reference') {
    const columns = [...given, ...Object.keys(type.derive ?? {}), 'batch_id'];
    // Rows written before batches named them (batch_id null) were always there.
    return [
      table,
      (m) =>
        sql`(select ${list(columns)} from ${sql.table(table)} where batch_id is null or batch_id <= ${m}
          union all select ${list(columns)} from ${sql.table(revisions)}
          where (batch_id is null or batch_id <= ${m}) and replaced_by_batch_id > ${m})`.toOperationNode(),
    ];
  }
  const columns = [...given, 'batch_id', ...(type.origin ?? [])];
  // A revision is served under the id of its key's served row, as it was when it was served.
  const sameKey = sql.join(
    type.keys.map((k) => sql`s.${sql.ref(k)} = r.${sql.ref(k)}`),
    sql` and `,
  );
  return [
    table,
    (m) =>
      sql`(select id, ${list(columns)} from ${sql.table(table)} where batch_id <= ${m}
        union all select (select s.id from ${sql.table(table)} s where ${sameKey}) as id, ${list(columns, 'r')}
        from ${sql.table(revisions)} r where r.batch_id <= ${m} and r.replaced_by_batch_id > ${m})`.toOperationNode(),
  ];
}

const AS_OF_TABLES = new Map<string, AsOfTable>([
  ...DATA_TYPES.map(asOfTable),
  ...DATA_TYPES.flatMap((type): [string, AsOfTable][] =>
    type.kind === 'published' && type.daysTable
      ? [
          [
            type.daysTable,
            (m) =>
              sql`(select ${sql.ref(type.day!)}, batch_id from ${sql.table(type.daysTable!)}
                where batch_id is null or batch_id <= ${m})`.toOperationNode(),
          ],
        ]
      : [],
  ),
]);

/** Replaces each versioned table a select reads (FROM, JOIN, subqueries) with its rows as of a batch. */
class AsOfTables extends OperationNodeTransformer {
  constructor(private readonly batch: number) {
    super();
  }

  private asOf(node: OperationNode): OperationNode {
    if (TableNode.is(node)) {
      const name = node.table.identifier.name;
      const made = AS_OF_TABLES.get(name);
      return made ? AliasNode.create(made(this.batch), IdentifierNode.create(name)) : node;
    }
    if (AliasNode.is(node) && TableNode.is(node.node)) {
      const made = AS_OF_TABLES.get(node.node.table.identifier.name);
      return made ? AliasNode.create(made(this.batch), node.alias) : node;
    }
    return node;
  }

  protected override transformFrom(node: FromNode): FromNode {
    return super.transformFrom(FromNode.create(node.froms.map((f) => this.asOf(f))));
  }

  protected override transformJoin(node: JoinNode): JoinNode {
    return super.transformJoin({ ...node, table: this.asOf(node.table) });
  }
}

/** The Kysely plugin that makes selects read as of the running call's instant (none: unchanged). */
export const asOfReads: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const asOf = asOfStore.getStore();
    if (!asOf || !SelectQueryNode.is(node)) return node;
    return new AsOfTables(asOf.batch).transformNode(node);
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};
