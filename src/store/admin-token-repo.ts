import type { Kysely } from 'kysely';
import { hashesMatch, hashKey, keyHint, newAdminToken } from '../domain/keys.js';
import type { Database } from './schema.js';

export class AdminTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new admin token; the plaintext is returned once and never stored. */
  async create(name: string, now = new Date()): Promise<{ id: number; token: string }> {
    const token = newAdminToken();
    const { id } = await this.db
      .insertInto('admin_tokens')
      .values({
        name,
        token_hash: hashKey(token),
        token_hint: keyHint(token),
        created_at: now.toISOString(),
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, token };
  }

  /** Whether a presented token is a live admin token (constant-time comparison of the hashes). */
  async verify(token: string): Promise<{ id: number; name: string } | undefined> {
    const hash = hashKey(token);
    const row = await this.db
      .selectFrom('admin_tokens')
      .select(['id', 'name', 'token_hash'])
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row && hashesMatch(row.token_hash, hash) ? { id: row.id, name: row.name } : undefined;
  }
}
