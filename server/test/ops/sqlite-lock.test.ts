import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createContext } from '../../src/context.js';
import { openDatabase, sqlitePathFor } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { afterThisTest } from '../helpers/cleanup.js';
import { testConfig } from '../helpers/config.js';
import { testDialect } from '../helpers/database.js';
import { factoriesFor } from '../helpers/factories.js';

/** A registry on a SQLite file, and a second connection to that file (a CLI command, `sqlite3`). */
async function registryOnFile(busyRetryMs: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-lock-'));
  const file = sqlitePathFor(dataDir);
  const database = openDatabase({ sqlitePath: file, busyRetryMs });
  await migrateToLatest(database.db);
  const ctx = createContext(testConfig({ DATA_DIR: dataDir }), database);
  const app = await buildApp(ctx);
  await app.ready();
  const other = new SQLite(file);
  afterThisTest(async () => {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, ctx, other };
}

describe.skipIf(testDialect !== 'sqlite')('a SQLite write lock held by another connection', () => {
  it('leaves the process answering while a write waits for the lock, and the write lands once it is free', async () => {
    const { app, ctx, other } = await registryOnFile(30_000);
    other.exec('begin immediate');
    let written = false;
    const write = factoriesFor(ctx)
      .user({ email: 'waiting@example.com' })
      .then(() => {
        written = true;
      });
    // The write is waiting for the lock; the event loop is not: /health is answered meanwhile.
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(written).toBe(false);

    other.exec('commit');
    await write;
    const row = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'waiting@example.com')
      .executeTakeFirst();
    expect(row?.email).toBe('waiting@example.com');
  });

  it('answers a write that cannot get the lock in time with 503 and Retry-After, not 500', async () => {
    const { app, ctx } = await registryOnFile(200);
    const owner = await factoriesFor(ctx).user();
    const { token } = await ctx.identity.sign({ uid: owner.id, email: owner.email, name: owner.name, picture: null });
    const { other } = await (async () => ({ other: new SQLite(sqlitePathFor(ctx.config.database.DATA_DIR)) }))();
    afterThisTest(() => {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    });
    other.exec('begin immediate');
    const answer = await app.inject({
      method: 'POST',
      url: '/publishers',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: 'locked-out', name: 'Locked out' },
    });
    expect(answer.statusCode).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.json()).toEqual({
      message: 'Database busy',
      error: 'another process holds the database; try again shortly',
    });
    other.exec('rollback');
    const again = await app.inject({
      method: 'POST',
      url: '/publishers',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: 'locked-out', name: 'Locked out' },
    });
    expect(again.statusCode).toBe(201);
  });
});
