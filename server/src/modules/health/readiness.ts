import { randomUUID } from 'node:crypto';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { pendingMigrations } from '../../db/migrate.js';

/** One readiness condition and whether it holds. */
export interface ReadinessCheck {
  name: 'database' | 'migrations' | 'search' | 'disk' | 'storage';
  ok: boolean;
  /** What is wrong, in words an operator can act on; empty when fine. */
  message: string;
}

/** Longest a check may take before it counts as failing: a hung disk or bucket must not hang /ready. */
const CHECK_TIMEOUT_MS = 5000;

const MIB = 1024 * 1024;

/** Whether this instance should get traffic: every check, in a fixed order. */
export async function checkReadiness(ctx: AppContext): Promise<ReadinessCheck[]> {
  const [database, disk, storage] = await Promise.all([
    check('database', async () => {
      await sql`select 1`.execute(ctx.db);
      return '';
    }),
    check('disk', () => checkDataDir(ctx)),
    check('storage', async () => {
      await ctx.storage.check();
      return '';
    }),
  ]);
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
  return [database, migrations, search, disk, storage];
}

/**
 * DATA_DIR has READY_MIN_FREE_BYTES free and takes a write (uploads spool into its `tmp`, the
 * SQLite database and a local blob store live there): a full or read-only disk fails here
 * before it fails publishes.
 */
async function checkDataDir(ctx: AppContext): Promise<string> {
  const dataDir = ctx.config.database.DATA_DIR;
  const minimum = ctx.config.operations.READY_MIN_FREE_BYTES;
  const { bavail, bsize } = await statfs(dataDir);
  const free = Number(bavail) * Number(bsize);
  if (free < minimum) {
    return `DATA_DIR ${dataDir} has ${(free / MIB).toFixed(1)} MiB free, less than READY_MIN_FREE_BYTES (${(minimum / MIB).toFixed(1)} MiB)`;
  }
  const tmp = path.join(dataDir, 'tmp');
  const probe = path.join(tmp, `ready-${randomUUID()}.upload`);
  try {
    await mkdir(tmp, { recursive: true });
    await writeFile(probe, 'ready');
  } catch (error) {
    return `cannot write in ${tmp}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
  return '';
}

async function check(name: ReadinessCheck['name'], run: () => Promise<string>): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`), CHECK_TIMEOUT_MS);
  });
  try {
    const message = await Promise.race([run(), timeout]);
    return { name, ok: message === '', message };
  } catch (error) {
    return { name, ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
