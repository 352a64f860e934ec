import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createAdminCommand } from '../../../src/cli/commands/create-admin.js';
import { createContext } from '../../../src/context.js';
import { openDatabase, sqlitePathFor } from '../../../src/db/database.js';
import { createOrPromoteAdmin } from '../../../src/modules/auth/admins.js';
import { outboxOf, passwordAccount } from '../../auth/support/accounts.js';
import { tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';
import { testConfig } from '../../helpers/config.js';
import { createPostgresTestDatabase, testPostgresUrl } from '../../helpers/database.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** Signs in with a password and reads `isAdmin` from `GET /users` with the identity token. */
async function isAdminAfterSignIn(app: App['app'], email: string, password: string): Promise<boolean> {
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  expect(signIn.statusCode).toBe(200);
  const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
  const token = (await app.inject({ method: 'GET', url: '/auth/token', headers: { cookie } })).json().token as string;
  const me = await app.inject({ method: 'GET', url: '/users', headers: { authorization: `Bearer ${token}` } });
  return me.json().isAdmin as boolean;
}

/** A database the command can open by configuration, and a way to open it again afterwards. */
async function commandDatabase(): Promise<{
  env: Record<string, string>;
  reopen: () => ReturnType<typeof openDatabase>;
  drop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-admin-'));
  if (!testPostgresUrl) {
    return {
      env: { DATA_DIR: dataDir },
      reopen: () => openDatabase({ sqlitePath: sqlitePathFor(dataDir) }),
      drop: async () => {},
    };
  }
  const database = await createPostgresTestDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    reopen: () => openDatabase({ databaseUrl: database.url, poolSize: 2 }),
    drop: () => database.drop(),
  };
}

describe('registry create-admin', () => {
  it('creates a confirmed admin account that signs in with the password, which is never printed', async () => {
    const target = await commandDatabase();
    const config = testConfig(target.env);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    const code = await createAdminCommand.run(['--email', 'Root@Example.com', '--password', 'admin-pass-1'], {
      config,
      io,
    });
    expect(code).toBe(0);
    expect(out.join('')).toMatch(/^Created admin root@example\.com \([0-9a-f-]{36}\)\n$/);
    expect(`${out.join('')}${err.join('')}`).not.toContain('admin-pass-1');

    const database = target.reopen();
    try {
      const app = await buildApp(createContext(config, database));
      await app.ready();
      expect(await isAdminAfterSignIn(app, 'root@example.com', 'admin-pass-1')).toBe(true);
      await app.close();
    } finally {
      await database.destroy();
      await target.drop();
    }
  });

  it('refuses bad arguments and weak passwords without creating anything', async () => {
    const target = await commandDatabase();
    const config = testConfig(target.env);
    const err: string[] = [];
    const io = { out: () => {}, err: (s: string) => err.push(s) };
    await expect(createAdminCommand.run([], { config, io })).rejects.toThrow('--email');
    expect(await createAdminCommand.run(['--email', 'not-an-address'], { config, io })).toBe(1);
    expect(await createAdminCommand.run(['--email', 'root@example.com', '--password', 'abc'], { config, io })).toBe(1);
    expect(err.join('')).toContain('too short');
    const database = target.reopen();
    try {
      expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    } finally {
      await database.destroy();
      await target.drop();
    }
  });

  it('promotes an existing account and leaves its password alone', async () => {
    const t = await buildTestApp();
    const user = await passwordAccount(t, 'ada@example.com', 'own-pass');
    expect(await isAdminAfterSignIn(t.app, 'ada@example.com', 'own-pass')).toBe(false);
    const result = await createOrPromoteAdmin(t.ctx.db, t.config.auth, {
      email: 'ADA@example.com',
      password: 'ignored-1',
    });
    expect(result).toEqual({ userId: user.id, email: 'ada@example.com', created: false, passwordSet: false });
    expect(await isAdminAfterSignIn(t.app, 'ada@example.com', 'own-pass')).toBe(true);
  });
});

describe('ADMIN_EMAILS', () => {
  it('promotes listed accounts when they sign in, and nobody else', async () => {
    const t = await buildTestApp({ ADMIN_EMAILS: ' Boss@Example.com , not-an-address ' });
    await passwordAccount(t, 'boss@example.com', 'boss-pass');
    await passwordAccount(t, 'staff@example.com', 'staff-pass');
    expect(await isAdminAfterSignIn(t.app, 'boss@example.com', 'boss-pass')).toBe(true);
    expect(await isAdminAfterSignIn(t.app, 'staff@example.com', 'staff-pass')).toBe(false);
  });

  it('waits until the address is confirmed', async () => {
    const t = await buildTestApp({ ADMIN_EMAILS: 'boss@example.com', EMAIL_VERIFICATION_REQUIRED: 'false' });
    const signUp = await t.anon.post('/api/auth/sign-up/email', {
      email: 'boss@example.com',
      password: 'boss-pass',
      name: 'B',
    });
    expect(signUp.statusCode).toBe(200);
    expect(await isAdminAfterSignIn(t.app, 'boss@example.com', 'boss-pass')).toBe(false);
    const link = (await waitForMail(outboxOf(t), 'boss@example.com', /Confirm/)).link;
    expect((await t.anon.get(`/api/auth/verify-email?token=${tokenOf(link)}`)).statusCode).toBe(200);
    expect(await isAdminAfterSignIn(t.app, 'boss@example.com', 'boss-pass')).toBe(true);
  });
});
