import { sql, type Kysely } from 'kysely';
import { idColumn } from './columns.js';

/**
 * The portal's second round (docs/portal.md, decisions section 12), in one migration:
 * - `request_log`: each keyed /api/ call of a portal subscription (time, operation, path without the
 *   key, status, duration, request id), written in batches off the call's path, kept 30 days and at
 *   most a cap of rows per subscription (src/gateway/request-log.ts);
 * - keys with an end: `subscription_keys.expires_at` (the developer's choice, or a regenerate's grace
 *   period) and `replaced_at` (an old key kept for its grace period beside the slot's new one), so the
 *   slot is unique only among keys not replaced;
 * - quota warnings: a subscription's opt-out, and one row per warning sent (its day and kind), which
 *   makes "once a day each" hold across nodes (the row is the lock);
 * - sessions: the device (User-Agent) and address each was last seen from;
 * - two-step sign-in: a developer's TOTP secret (set once confirmed) and hashed recovery codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable('request_log')
    .addColumn('id', id.type, id.build)
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ms', 'real', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
  // Newest first per subscription (the page, the cap) and by time (the 30 days' end).
  await db.schema
    .createIndex('request_log_subscription')
    .on('request_log')
    .columns(['subscription_id', 'id'])
    .execute();
  await db.schema.createIndex('request_log_at').on('request_log').column('at').execute();

  await db.schema.alterTable('subscription_keys').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('subscription_keys').addColumn('replaced_at', 'text').execute();
  await db.schema.dropIndex('subscription_keys_slot').execute();
  await db.schema
    .createIndex('subscription_keys_slot')
    .on('subscription_keys')
    .columns(['subscription_id', 'slot'])
    .unique()
    .where(sql.ref('replaced_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('quota_warnings', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('quota_warnings')
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quota_warnings_pk', ['subscription_id', 'day', 'kind'])
    .execute();

  await db.schema.alterTable('portal_sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('portal_sessions').addColumn('address', 'text').execute();

  await db.schema.alterTable('developers').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('developers').addColumn('totp_enabled_at', 'text').execute();
  // The last time step a code was taken for: a code works once (RFC 6238, section 5.2).
  await db.schema.alterTable('developers').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('developer_id', 'integer', (c) => c.notNull().references('developers.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['developer_id', 'code_hash'])
    .execute();
}
