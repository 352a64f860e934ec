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
 * owner (so a test shows the ban beats the role); plus a stranger and an admin. A `key` makes
 * a second, independent world in the same registry: publisher `acme-<key>`, e-mails `owner-<key>@...`.
 */
export async function publisherWorld(t: TestApp, key = ''): Promise<PublisherWorld> {
  const f = t.factories;
  const tag = key ? `-${key}` : '';
  const email = (local: string) => `${local}${tag}@example.test`;
  const owner = await f.user({ name: 'Olive Owner', email: email('owner') });
  const member = await f.user({ name: 'Mia Member', email: email('member') });
  const member2 = await f.user({ name: 'Max Member', email: email('member2') });
  const other = await f.user({ name: 'Otto Other', email: email('other') });
  const admin = await f.admin({ name: 'Ada Admin', email: email('admin') });
  const banned = await f.user({ name: 'Ben Banned', email: email('banned'), status: 'BANNED' });
  const publisher = await f.publisher({ id: `acme${tag}`, name: 'ACME' });
  const joined = (user: { id: string }, role: 'owner' | 'member', second: number) => ({
    publisher_id: publisher.id,
    user_id: user.id,
    role,
    created_at: `2025-01-01T00:00:0${second}.000Z`,
  });
  // Join times fix the members' order in answers: owners first, then by joining.
  await t.ctx.db
    .insertInto('publisher_members')
    .values([
      joined(owner, 'owner', 1),
      joined(member, 'member', 2),
      joined(member2, 'member', 3),
      joined(banned, 'owner', 4),
    ])
    .execute();
  const users = { owner, member, other, admin, banned };
  return {
    publisher,
    users,
    member2,
    client: {
      anonymous: t.anon,
      other: lazyClient(() => t.as(other)),
      member: lazyClient(() => t.as(member)),
      owner: lazyClient(() => t.as(owner)),
      admin: lazyClient(() => t.as(admin)),
      banned: lazyClient(() => t.as(banned)),
    },
  };
}

/** A client whose identity token is only signed when a test first uses it. */
function lazyClient(make: () => Promise<TestClient>): TestClient {
  let client: Promise<TestClient> | undefined;
  const ready = () => {
    client ??= make();
    return client;
  };
  return {
    inject: async (options) => (await ready()).inject(options),
    get: async (url, headers) => (await ready()).get(url, headers),
    post: async (url, body, headers) => (await ready()).post(url, body, headers),
    put: async (url, body, headers) => (await ready()).put(url, body, headers),
    delete: async (url, headers) => (await ready()).delete(url, headers),
  };
}

/** The answer every write by a banned account gets. */
export const BANNED = {
  message: 'user/publisher is banned',
  error: expect.any(String),
  code: 'access.user_banned',
  params: {},
};
/** The answer for a caller whose role in `publisherId` does not allow the action. */
export const denied = (publisherId: string) => ({
  message: 'Permission denied',
  error: '',
  code: 'access.denied',
  params: { publisherId },
});
/** The answer for a write to a banned publisher by one of its members. */
export const publisherBanned = (publisherId: string) => ({
  message: 'user/publisher is banned',
  error: `publisher ${publisherId} is banned`,
  code: 'access.publisher_banned',
  params: { publisherId },
});
/** The answer for a request without an identity token. */
export const NO_TOKEN = { message: 'missing auth token', error: expect.stringMatching(/^missing auth token for path/) };

/**
 * Adds `invitee` to a publisher the only way the API allows: `inviter` invites the address and
 * the invitee accepts. Returns the accept answer.
 */
export async function inviteAndAccept(
  t: TestApp,
  inviter: TestClient,
  publisherId: string,
  invitee: { id: string; email: string; name: string },
  role: 'owner' | 'member',
) {
  const invited = await inviter.post(`/publishers/${publisherId}/invitations`, { email: invitee.email, role });
  expect(invited.statusCode).toBe(201);
  return (await t.as(invitee)).post(`/users/invitations/${invited.json().id}/accept`);
}
