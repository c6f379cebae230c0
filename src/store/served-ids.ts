import { sql, type AliasedRawBuilder } from 'kysely';

/**
 * A row's `id` or `batch_id` as the API serves it: a synced row's upstream number (its `origin_`
 * column, migration 011) when set, else this store's own. Every read that serves an ID takes it here,
 * so the rule is written once. `table`: the alias the query gives the table, if any.
 */
export function servedId<C extends 'id' | 'batch_id'>(
  column: C,
  table?: string,
): AliasedRawBuilder<number, C> {
  const ref = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<number>`coalesce(${ref(`origin_${column}`)}, ${ref(column)})`.as(column);
}
