import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { pendingMigrations } from '../../db/migrate.js';

/** One readiness condition and whether it holds. */
export interface ReadinessCheck {
  name: 'database' | 'migrations' | 'search';
  ok: boolean;
  /** What is wrong, in words an operator can act on; empty when fine. */
  message: string;
}

/** Whether this instance should get traffic: every check, in a fixed order. */
export async function checkReadiness(ctx: AppContext): Promise<ReadinessCheck[]> {
  const database = await check('database', async () => {
    await sql`select 1`.execute(ctx.db);
    return '';
  });
  // Without a database the next check could only repeat the same error.
  const migrations = database.ok
    ? await check('migrations', async () => {
        const pending = await pendingMigrations(ctx.db);
        return pending.length === 0 ? '' : `migrations not applied: ${pending.join(', ')}`;
      })
    : { name: 'migrations' as const, ok: false, message: 'database unreachable' };
  const search = ctx.search.stats().built
    ? { name: 'search' as const, ok: true, message: '' }
    : { name: 'search' as const, ok: false, message: 'the search index is still being built' };
  return [database, migrations, search];
}

async function check(name: ReadinessCheck['name'], run: () => Promise<string>): Promise<ReadinessCheck> {
  try {
    const message = await run();
    return { name, ok: message === '', message };
  } catch (error) {
    return { name, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
