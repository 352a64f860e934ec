import type { Selectable } from 'kysely';
import { expect } from 'vitest';
import type { PublishersTable, UsersTable } from '../../../src/db/schema.js';
import type { TestApp, TestClient } from '../../helpers/app.js';

/** The callers every authorization test runs as. */
export type Role = 'anonymous' | 'other' | 'member' | 'owner' | 'admin' | 'banned';
export const ROLES: Role[] = ['anonymous', 'other', 'member', 'owner', 'admin', 'banned'];

export interface PublisherWorld {
  publisher: Selectable<PublishersTable>;
  users: Record<Exclude<Role, 'anonymous'>, Selectable<UsersTable>>;
  /** A second plain member, for member changes that must not target the caller. */
  member2: Selectable<UsersTable>;
  client: Record<Role, TestClient>;
}

/**
 * Publisher `acme` ("ACME") with an owner, two members, and a banned account that is also an
 * owner (so a test shows the ban beats the role); plus a stranger and an admin.
 */
export async function publisherWorld(t: TestApp): Promise<PublisherWorld> {
  const f = t.factories;
  const owner = await f.user({ name: 'Olive Owner', email: 'owner@example.test' });
  const member = await f.user({ name: 'Mia Member', email: 'member@example.test' });
  const member2 = await f.user({ name: 'Max Member', email: 'member2@example.test' });
  const other = await f.user({ name: 'Otto Other', email: 'other@example.test' });
  const admin = await f.admin({ name: 'Ada Admin', email: 'admin@example.test' });
  const banned = await f.user({ name: 'Ben Banned', email: 'banned@example.test', status: 'BANNED' });
  const publisher = await f.publisher({ id: 'acme', name: 'ACME' });
  // Join times fix the members' order in answers: owners first, then by joining.
  await t.ctx.db
    .insertInto('publisher_members')
    .values([
      { publisher_id: 'acme', user_id: owner.id, role: 'owner', created_at: '2025-01-01T00:00:01.000Z' },
      { publisher_id: 'acme', user_id: member.id, role: 'member', created_at: '2025-01-01T00:00:02.000Z' },
      { publisher_id: 'acme', user_id: member2.id, role: 'member', created_at: '2025-01-01T00:00:03.000Z' },
      { publisher_id: 'acme', user_id: banned.id, role: 'owner', created_at: '2025-01-01T00:00:04.000Z' },
    ])
    .execute();
  const users = { owner, member, other, admin, banned };
  return {
    publisher,
    users,
    member2,
    client: {
      anonymous: t.anon,
      other: await t.as(other),
      member: await t.as(member),
      owner: await t.as(owner),
      admin: await t.as(admin),
      banned: await t.as(banned),
    },
  };
}

/** The answer every write by a banned account gets. */
export const BANNED = { message: 'user/publisher is banned', error: expect.any(String) };
/** The answer for a caller whose role does not allow the action. */
export const DENIED = { message: 'Permission denied', error: '' };
/** The answer for a request without an identity token. */
export const NO_TOKEN = { message: 'missing auth token', error: expect.stringMatching(/^missing auth token for path/) };
