import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

interface SessionTokens {
  sessions: { id: string; token: string };
}

// The stored form as of this migration, written out so the migration never changes with the code.
const PREFIX = 'sha256$';
const stored = (token: string) => `${PREFIX}${createHash('sha256').update(token).digest('hex')}`;

/**
 * Session tokens are stored as their SHA-256 from now on (modules/auth/hashed-sessions.ts): the
 * ones already issued are hashed in place, so their holders stay signed in.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const sessions = db as unknown as Kysely<SessionTokens>;
  const rows = await sessions.selectFrom('sessions').select(['id', 'token']).execute();
  for (const row of rows) {
    if (row.token.startsWith(PREFIX)) continue;
    await sessions
      .updateTable('sessions')
      .set({ token: stored(row.token) })
      .where('id', '=', row.id)
      .execute();
  }
}
