import { type Kysely, sql } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

interface IdentityKeys {
  identity_keys: { kid: string; private_jwk: string; signs_until: string | null };
}

// The stored form as of this migration, written out so the migration never changes with the code.
const ERASED = 'erased';
const ENCRYPTED = 'enc1$';

/**
 * Identity signing keys rotate from now on: `signs_until` is when a key stops signing (it keeps
 * verifying until the tokens it signed have expired, then it is removed), and new private keys
 * are stored encrypted with the server secret (modules/auth/identity-tokens.ts).
 *
 * Keys made before this migration were stored in clear, so any copy of the database holds them.
 * The secret is not available to migrations, and encrypting them now would not help anyway: the
 * clear copies in earlier backups stay valid for as long as the server trusts these keys. They
 * stop signing at once and lose their private half; their public half still verifies the tokens
 * already issued until those expire, and the next key is generated (encrypted) on first use.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('identity_keys').addColumn('signs_until', t.timestamp).execute();
  await retireClearKeys(db, dialect);
}

/** Retires every key whose private half is stored in clear, and erases that half. */
export async function retireClearKeys(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const keys = db as unknown as Kysely<IdentityKeys>;
  const now = dialect === 'postgres' ? sql<string>`now()` : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await keys
    .updateTable('identity_keys')
    .set({ signs_until: now, private_jwk: ERASED })
    .where('private_jwk', 'not like', `${ENCRYPTED}%`)
    .where('private_jwk', '<>', ERASED)
    .execute();
}
