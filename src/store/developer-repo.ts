import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DeveloperTable, PortalTokenKind } from './schema.js';
import { bumpVersion } from './subscription-writes.js';

export type DeveloperRow = Selectable<DeveloperTable>;

/** Developers' accounts, their sessions and the single-use tokens mailed to them (hashes only). */
export class DeveloperRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new account; undefined when the email has one already (the caller answers as if it had not). */
  async create(
    values: Pick<DeveloperRow, 'email' | 'name' | 'password_hash' | 'lang' | 'confirmed_at'>,
    now: Date,
  ): Promise<number | undefined> {
    const stamp = now.toISOString();
    const row = await this.db
      .insertInto('developers')
      .values({
        ...values,
        pending_email: null,
        blocked_at: null,
        closed_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async byEmail(email: string): Promise<DeveloperRow | undefined> {
    return this.db.selectFrom('developers').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async get(id: number): Promise<DeveloperRow | undefined> {
    return this.db.selectFrom('developers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<DeveloperRow[]> {
    return this.db.selectFrom('developers').selectAll().orderBy('id').execute();
  }

  async update(id: number, values: Updateable<DeveloperTable>, now: Date): Promise<void> {
    await this.db
      .updateTable('developers')
      .set({ ...values, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Moves the account to its confirmed new address; false when another account has taken it meanwhile. */
  async changeEmail(id: number, email: string, now: Date): Promise<boolean> {
    if (await this.byEmail(email)) return false;
    await this.update(id, { email, pending_email: null, confirmed_at: now.toISOString() }, now);
    return true;
  }

  /**
   * A new password, in one transaction with what it ends: every session of the account, and every
   * reset and email-change link mailed before it (a pending change to another mailbox must not outlive
   * the password the owner replaced). `also`: other columns set with it (confirmed_at by a reset link).
   */
  async setPassword(
    id: number,
    passwordHash: string,
    now: Date,
    also: Updateable<DeveloperTable> = {},
  ): Promise<void> {
    const stamp = now.toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('developers')
        .set({ ...also, password_hash: passwordHash, pending_email: null, updated_at: stamp })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('portal_sessions').where('developer_id', '=', id).execute();
      await trx
        .updateTable('portal_tokens')
        .set({ used_at: stamp })
        .where('developer_id', '=', id)
        .where('kind', 'in', ['reset', 'email'])
        .where('used_at', 'is', null)
        .execute();
    });
  }

  /**
   * Closes an account in one transaction: its subscriptions are cancelled (the change counter moves, so
   * keys stop on every node), its sessions and unused links end, and the person's data goes. The row
   * stays (subscriptions and usage refer to its id); its email, which must stay unique, becomes a random
   * value under the reserved `.invalid` domain, which sign-up refuses: no one can take it beforehand.
   */
  async close(id: number, now: Date): Promise<void> {
    const stamp = now.toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ state: 'cancelled', updated_at: stamp })
        .where('developer_id', '=', id)
        .where('state', '!=', 'cancelled')
        .execute();
      await bumpVersion(trx);
      await trx.deleteFrom('portal_sessions').where('developer_id', '=', id).execute();
      await trx.deleteFrom('recovery_codes').where('developer_id', '=', id).execute();
      await trx
        .updateTable('portal_tokens')
        .set({ used_at: stamp })
        .where('developer_id', '=', id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .updateTable('developers')
        .set({
          email: `closed-${randomUUID()}@closed.invalid`,
          name: '',
          password_hash: '',
          pending_email: null,
          totp_secret: null,
          totp_enabled_at: null,
          closed_at: stamp,
          updated_at: stamp,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  // Sessions

  async createSession(
    idHash: string,
    developerId: number,
    now: Date,
    seen: { userAgent: string | null; address: string | null } = { userAgent: null, address: null },
  ): Promise<void> {
    const stamp = now.toISOString();
    await this.db
      .insertInto('portal_sessions')
      .values({
        id_hash: idHash,
        developer_id: developerId,
        created_at: stamp,
        last_seen_at: stamp,
        user_agent: seen.userAgent,
        address: seen.address,
      })
      .execute();
  }

  /** A developer's sessions, the latest seen first (the sessions list). */
  async sessionsOf(developerId: number): Promise<
    {
      id_hash: string;
      created_at: string;
      last_seen_at: string;
      user_agent: string | null;
      address: string | null;
    }[]
  > {
    return this.db
      .selectFrom('portal_sessions')
      .select(['id_hash', 'created_at', 'last_seen_at', 'user_agent', 'address'])
      .where('developer_id', '=', developerId)
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  /** Ends one of a developer's sessions; false when they have none of that hash. */
  async endSessionOf(developerId: number, idHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('portal_sessions')
      .where('developer_id', '=', developerId)
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async session(
    idHash: string,
  ): Promise<{ developer_id: number; created_at: string; last_seen_at: string } | undefined> {
    return this.db
      .selectFrom('portal_sessions')
      .select(['developer_id', 'created_at', 'last_seen_at'])
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
  }

  async touchSession(idHash: string, now: Date, address?: string): Promise<void> {
    await this.db
      .updateTable('portal_sessions')
      .set({ last_seen_at: now.toISOString(), ...(address !== undefined && { address }) })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async endSession(idHash: string): Promise<void> {
    await this.db.deleteFrom('portal_sessions').where('id_hash', '=', idHash).execute();
  }

  async endSessions(developerId: number): Promise<void> {
    await this.db.deleteFrom('portal_sessions').where('developer_id', '=', developerId).execute();
  }

  // Tokens

  async putToken(
    values: { hash: string; kind: PortalTokenKind; developerId: number | null; email: string | null },
    expiresAt: Date,
    now: Date,
  ): Promise<void> {
    await this.db
      .insertInto('portal_tokens')
      .values({
        token_hash: values.hash,
        kind: values.kind,
        developer_id: values.developerId,
        email: values.email,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
  }

  /**
   * Uses a token of one of `kinds` that is unused and unexpired, once: of two requests racing with the
   * same token, the one whose update marks it used gets it. Undefined for any other token.
   */
  async takeToken(
    hash: string,
    kinds: PortalTokenKind[],
    now: Date,
  ): Promise<{ kind: PortalTokenKind; developer_id: number | null; email: string | null } | undefined> {
    const stamp = now.toISOString();
    const row = await this.db
      .selectFrom('portal_tokens')
      .select(['kind', 'developer_id', 'email'])
      .where('token_hash', '=', hash)
      .where('kind', 'in', kinds)
      .where('used_at', 'is', null)
      .where('expires_at', '>', stamp)
      .executeTakeFirst();
    if (!row) return undefined;
    const used = await this.db
      .updateTable('portal_tokens')
      .set({ used_at: stamp })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? row : undefined;
  }

  /** The developer of an unused, unexpired token of `kind`, without using it (a sign-in's second step). */
  async tokenOwner(hash: string, kind: PortalTokenKind, now: Date): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('portal_tokens')
      .select('developer_id')
      .where('token_hash', '=', hash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row?.developer_id ?? undefined;
  }

  /** Spends every unused token of a kind of a developer (a newer reset link replaces older ones). */
  async spendTokens(developerId: number, kind: PortalTokenKind, now: Date): Promise<void> {
    await this.db
      .updateTable('portal_tokens')
      .set({ used_at: now.toISOString() })
      .where('developer_id', '=', developerId)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .execute();
  }
}
