import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/lib/ids.js';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { type FakeGitHub, startFakeGitHub } from '../claims/fake-github.js';
import {
  BANNED,
  denied,
  NO_TOKEN,
  type PublisherWorld,
  publisherBanned,
  publisherWorld,
  ROLES,
  type Role,
} from './world.js';

/**
 * Every write (and every restricted read) of publishers, members, tokens, packs, versions,
 * reviews and claims, called by each kind of caller. Rows: endpoints; columns: anonymous, other,
 * member, owner, admin, banned (a banned account that owns the publisher). Each caller gets its
 * own independent publisher world, so one caller's success cannot change another's answer.
 */

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  github.tokens.set('gh-admin', { login: 'octo', repos: { 'acme/free': { admin: true } } });
});
afterAll(async () => {
  await github.close();
});

interface Fixtures {
  key: string;
  w: PublisherWorld;
  /** The publisher id, `acme-<key>`. */
  p: string;
  versionId: string;
  tokenId: string;
  /** An invitation of the publisher still waiting for `newbie-<key>`'s answer. */
  invitationId: string;
}

async function fixtures(t: TestApp, key: string): Promise<Fixtures> {
  const w = await publisherWorld(t, key);
  const p = w.publisher.id;
  await t.factories.user({ email: `newbie-${key}@example.test` });
  await t.factories.node({ id: `hello-${key}`, publisher_id: p });
  const version = await t.factories.version({ node_id: `hello-${key}` });
  await t.factories.node({
    id: `free-${key}`,
    publisher_id: UNCLAIMED_PUBLISHER_ID,
    repository_url: 'https://github.com/acme/free',
  });
  const tokenId = newId();
  await t.ctx.db
    .insertInto('personal_access_tokens')
    .values({ id: tokenId, publisher_id: p, name: 'ci', token_hash: tokenId, token_prefix: 'crp_' })
    .execute();
  const invitationId = newId();
  await t.ctx.db
    .insertInto('publisher_invitations')
    .values({
      id: invitationId,
      publisher_id: p,
      email: `invited-${key}@example.test`,
      invitee_user_id: null,
      role: 'member',
      invited_by: w.users.owner.id,
      status: 'pending',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      answered_at: null,
    })
    .execute();
  return { key, w, p, versionId: version.id, tokenId, invitationId };
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: Fixtures) => string;
  body?: (f: Fixtures) => object;
  /** Extra state a call needs to be able to succeed. */
  prepare?: (t: TestApp, f: Fixtures) => Promise<void>;
  /** The 403 body for a caller this call refuses for its own rule, when not "Permission denied". */
  forbidden?: unknown;
}

type Expected = Record<Role, number>;
const row = (anonymous: number, other: number, member: number, owner: number, admin: number, banned: number) => ({
  anonymous,
  other,
  member,
  owner,
  admin,
  banned,
});

const removePacks = async (t: TestApp, f: Fixtures) => {
  await t.ctx.db.deleteFrom('node_versions').where('node_id', '=', `hello-${f.key}`).execute();
  await t.ctx.db.deleteFrom('nodes').where('publisher_id', '=', f.p).execute();
};

const CALLS: [string, Call, Expected][] = [
  [
    'POST /publishers',
    { method: 'POST', url: () => '/publishers', body: (f) => ({ id: `new-${f.key}`, name: 'New' }) },
    row(401, 201, 201, 201, 201, 403),
  ],
  [
    'PUT /publishers/{p}',
    { method: 'PUT', url: (f) => `/publishers/${f.p}`, body: () => ({ description: 'x' }) },
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'DELETE /publishers/{p}',
    { method: 'DELETE', url: (f) => `/publishers/${f.p}`, prepare: removePacks },
    row(401, 403, 403, 204, 204, 403),
  ],
  [
    'GET /publishers/{p}/members',
    { method: 'GET', url: (f) => `/publishers/${f.p}/members` },
    row(401, 403, 200, 200, 200, 200),
  ],
  [
    'POST /publishers/{p}/invitations',
    {
      method: 'POST',
      url: (f) => `/publishers/${f.p}/invitations`,
      body: (f) => ({ email: `newbie-${f.key}@example.test`, role: 'member' }),
    },
    row(401, 403, 403, 201, 201, 403),
  ],
  [
    'DELETE /publishers/{p}/invitations/{i}',
    { method: 'DELETE', url: (f) => `/publishers/${f.p}/invitations/${f.invitationId}` },
    row(401, 403, 403, 204, 204, 403),
  ],
  [
    'PUT /publishers/{p}/members/{u}',
    { method: 'PUT', url: (f) => `/publishers/${f.p}/members/${f.w.member2.id}`, body: () => ({ role: 'owner' }) },
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'DELETE /publishers/{p}/members/{u}',
    { method: 'DELETE', url: (f) => `/publishers/${f.p}/members/${f.w.member2.id}` },
    row(401, 403, 403, 204, 204, 403),
  ],
  [
    'GET /publishers/{p}/tokens',
    { method: 'GET', url: (f) => `/publishers/${f.p}/tokens` },
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'POST /publishers/{p}/tokens',
    { method: 'POST', url: (f) => `/publishers/${f.p}/tokens`, body: () => ({ name: 'laptop' }) },
    row(401, 403, 403, 201, 201, 403),
  ],
  [
    'DELETE /publishers/{p}/tokens/{t}',
    { method: 'DELETE', url: (f) => `/publishers/${f.p}/tokens/${f.tokenId}` },
    row(401, 403, 403, 204, 204, 403),
  ],
  [
    'POST /publishers/{p}/nodes',
    { method: 'POST', url: (f) => `/publishers/${f.p}/nodes`, body: (f) => ({ id: `fresh-${f.key}` }) },
    row(401, 403, 201, 201, 201, 403),
  ],
  [
    'PUT /publishers/{p}/nodes/{n}',
    { method: 'PUT', url: (f) => `/publishers/${f.p}/nodes/hello-${f.key}`, body: () => ({ description: 'x' }) },
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'DELETE /publishers/{p}/nodes/{n}',
    { method: 'DELETE', url: (f) => `/publishers/${f.p}/nodes/hello-${f.key}` },
    row(401, 403, 204, 204, 204, 403),
  ],
  [
    'PUT /publishers/{p}/nodes/{n}/versions/{v}',
    {
      method: 'PUT',
      url: (f) => `/publishers/${f.p}/nodes/hello-${f.key}/versions/${f.versionId}`,
      body: () => ({ changelog: 'x' }),
    },
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'DELETE /publishers/{p}/nodes/{n}/versions/{v}',
    { method: 'DELETE', url: (f) => `/publishers/${f.p}/nodes/hello-${f.key}/versions/${f.versionId}` },
    row(401, 403, 204, 204, 204, 403),
  ],
  [
    'POST /nodes/{n}/reviews',
    {
      method: 'POST',
      url: (f) => `/nodes/hello-${f.key}/reviews?star=4`,
      // Ratings are for the people who use a pack, not for its own publisher's members.
      forbidden: {
        message: 'You cannot rate a pack of a publisher you belong to',
        error: 'ratings are for the people who use the pack',
        code: 'review.own_pack',
        params: {},
      },
    },
    row(401, 200, 403, 403, 200, 403),
  ],
  [
    'POST /publishers/{p}/nodes/{n}/claim-my-node',
    {
      method: 'POST',
      url: (f) => `/publishers/${f.p}/nodes/free-${f.key}/claim-my-node`,
      body: () => ({ GH_TOKEN: 'gh-admin' }),
    },
    row(401, 403, 204, 204, 204, 403),
  ],
];

/** A registry holding one independent world per caller key. */
async function registry(keys: readonly string[]) {
  const t = await buildTestApp({ GITHUB_API_URL: github.url });
  await t.factories.publisher({ id: UNCLAIMED_PUBLISHER_ID });
  const worlds = new Map<string, Fixtures>();
  for (const key of keys) worlds.set(key, await fixtures(t, key));
  return { t, worlds };
}

async function send(t: TestApp, f: Fixtures, role: Role, c: Call) {
  await c.prepare?.(t, f);
  return f.w.client[role].inject({ method: c.method, url: c.url(f), ...(c.body ? { payload: c.body(f) } : {}) });
}

/** The error body expected for a refused call. */
function refusal(role: Role, status: number, publisherId: string, c: Call): unknown {
  if (status === 401) return NO_TOKEN;
  if (status === 403) return role === 'banned' ? BANNED : (c.forbidden ?? denied(publisherId));
  return null;
}

describe('authorization matrix', () => {
  it.each(CALLS)('%s', async (_name, c, expected) => {
    const { t, worlds } = await registry(ROLES);
    const statuses: Record<string, number> = {};
    const refusals: Record<string, unknown> = {};
    const expectedRefusals: Record<string, unknown> = {};
    for (const role of ROLES) {
      const res = await send(t, worlds.get(role) as Fixtures, role, c);
      statuses[role] = res.statusCode;
      if (expected[role] >= 400) {
        refusals[role] = res.json();
        expectedRefusals[role] = refusal(role, expected[role], (worlds.get(role) as Fixtures).p, c);
      }
    }
    expect(statuses).toEqual(expected);
    expect(refusals).toEqual(expectedRefusals);
  });
});

describe('writes to a banned publisher', () => {
  // Everything scoped to one publisher that changes something.
  const writes = CALLS.filter(([name, c]) => c.method !== 'GET' && name.includes(' /publishers/{p}'));

  it.each(writes)('%s: refused for the owner and a member, allowed for an admin', async (_name, c, expected) => {
    const roles = ['owner', 'member', 'admin'] as const;
    const { t, worlds } = await registry(roles);
    await t.ctx.db.updateTable('publishers').set({ status: 'PublisherStatusBanned' }).execute();
    const answers: Record<string, unknown> = {};
    for (const role of roles) {
      const res = await send(t, worlds.get(role) as Fixtures, role, c);
      answers[role] = [res.statusCode, res.statusCode >= 400 ? res.json() : null];
    }
    expect(answers).toEqual({
      owner: [403, publisherBanned('acme-owner')],
      // A member meets the role check first where only owners may act.
      member: [403, expected.member === 403 ? denied('acme-member') : publisherBanned('acme-member')],
      admin: [expected.admin, null],
    });
  });
});
