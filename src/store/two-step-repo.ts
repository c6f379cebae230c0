import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A developer's two-step sign-in: the TOTP secret, the last step a code was taken for, recovery codes (hashes). */
export class TwoStepRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new secret waiting for its first code (totp_enabled_at stays null until then). */
  async setPending(developerId: number, secret: string): Promise<void> {
    await this.db
      .updateTable('developers')
      .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null })
      .where('id', '=', developerId)
      .execute();
  }

  /** Turns it on with its recovery codes' hashes, replacing any earlier codes, in one transaction. */
  async enable(developerId: number, step: number, codeHashes: string[], now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('developers')
        .set({ totp_enabled_at: now.toISOString(), totp_last_step: step })
        .where('id', '=', developerId)
        .execute();
      await trx.deleteFrom('recovery_codes').where('developer_id', '=', developerId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codeHashes.map((code_hash) => ({ developer_id: developerId, code_hash, used_at: null })))
        .execute();
    });
  }

  async disable(developerId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('developers')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', developerId)
        .execute();
      await trx.deleteFrom('recovery_codes').where('developer_id', '=', developerId).execute();
    });
  }

  /**
   * Takes the code of time step `step` when it is later than the last one taken: a code works once,
   * also when two requests race with it (the update's condition decides).
   */
  async takeStep(developerId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('developers')
      .set({ totp_last_step: step })
      .where('id', '=', developerId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Uses a recovery code once; false for an unknown or used one. */
  async takeRecoveryCode(developerId: number, codeHash: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now.toISOString() })
      .where('developer_id', '=', developerId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(developerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('developer_id', '=', developerId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
