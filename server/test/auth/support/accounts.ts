import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { LightMyRequestResponse } from 'fastify';
import { insertPasswordAccount, insertVerifiedUser } from '../../../src/modules/auth/repository.js';
import type { TestApp } from '../../helpers/app.js';

/** Creates an account with a confirmed address and a password, straight in the database. */
export async function passwordAccount(
  t: TestApp,
  email: string,
  password: string,
  options: { admin?: boolean; name?: string } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  await insertVerifiedUser(t.ctx.db, { id, email, name: options.name ?? 'Test', isAdmin: options.admin ?? false });
  await insertPasswordAccount(t.ctx.db, { id: randomUUID(), userId: id, hash: await hashPassword(password) });
  return { id, email };
}

/** The outbox folder of a test app. */
export function outboxOf(t: TestApp): string {
  return path.join(t.config.database.DATA_DIR, 'outbox');
}

/** A JSON POST through `inject` from a given client address (rate limits key on it). */
export function postFrom(t: TestApp, ip: string, url: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });
}

/** Number of accounts with an address. */
export async function countUsers(t: TestApp, email: string): Promise<number> {
  const rows = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
  return rows.length;
}
