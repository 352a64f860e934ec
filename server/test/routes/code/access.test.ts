import { describe, expect, it } from 'vitest';
import type { NodeStatus, NodeVersionStatus } from '../../../src/db/schema.js';
import { AWAITING_REVIEW_REASON } from '../../../src/modules/catalogue/withheld.js';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

/** A pack `pack` of publisher `acme` (owner and a member) with version 1.0.0 in the given state. */
async function setUp(versionStatus: NodeVersionStatus, nodeStatus: NodeStatus, reason = '') {
  const t = await buildTestApp();
  const owner = await t.factories.user();
  const member = await t.factories.user();
  const stranger = await t.factories.user();
  const admin = await t.factories.admin();
  const publisher = await t.factories.publisher({ id: 'acme', owner });
  await t.ctx.db
    .insertInto('publisher_members')
    .values({ publisher_id: 'acme', user_id: member.id, role: 'member' })
    .execute();
  await seedPack(t, {
    id: 'pack',
    publisher,
    node: { status: nodeStatus },
    versions: [{ version: '1.0.0', status: versionStatus, status_reason: reason }],
  });
  return {
    anonymous: t.anon,
    stranger: await t.as(stranger),
    member: await t.as(member),
    owner: await t.as(owner),
    admin: await t.as(admin),
  };
}

type Role = 'anonymous' | 'stranger' | 'member' | 'owner' | 'admin';
const ROLES: Role[] = ['anonymous', 'stranger', 'member', 'owner', 'admin'];
const READS = [
  '/nodes/pack/versions/1.0.0/files',
  '/nodes/pack/versions/1.0.0/files/pyproject.toml',
  '/nodes/pack/versions/1.0.0/raw/pyproject.toml',
  '/nodes/pack/compare/1.0.0...1.0.0',
];

const open: Record<Role, number> = { anonymous: 200, stranger: 200, member: 200, owner: 200, admin: 200 };
const owned: Record<Role, number> = { anonymous: 401, stranger: 403, member: 200, owner: 200, admin: 200 };
const gone: Record<Role, number> = { anonymous: 404, stranger: 404, member: 404, owner: 404, admin: 404 };

/** The archive rule: installable versions for everyone, the others for their owners and admins. */
const cases: [string, NodeVersionStatus, NodeStatus, Record<Role, number>, string?][] = [
  ['an Active version', 'NodeVersionStatusActive', 'NodeStatusActive', open],
  ['a Pending version being processed', 'NodeVersionStatusPending', 'NodeStatusActive', open],
  [
    'a Pending version held for an administrator',
    'NodeVersionStatusPending',
    'NodeStatusActive',
    owned,
    AWAITING_REVIEW_REASON,
  ],
  ['a Flagged (held) version', 'NodeVersionStatusFlagged', 'NodeStatusActive', owned],
  ['a Banned version', 'NodeVersionStatusBanned', 'NodeStatusActive', owned],
  ['a Deleted (refused) version', 'NodeVersionStatusDeleted', 'NodeStatusActive', owned],
  ['an Active version of a banned pack', 'NodeVersionStatusActive', 'NodeStatusBanned', owned],
  ['an Active version of a deleted pack', 'NodeVersionStatusActive', 'NodeStatusDeleted', gone],
];

describe('who may browse and compare a version’s files', () => {
  it.each(cases)('%s (%s, %s)', async (_what, versionStatus, nodeStatus, expected, reason) => {
    const clients = await setUp(versionStatus, nodeStatus, reason);
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const role of ROLES) {
      for (const url of READS) {
        const res = await clients[role].get(url);
        seen.push(`${role} ${url} ${res.statusCode}`);
        wanted.push(`${role} ${url} ${expected[role]}`);
        if (res.statusCode === 200) {
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          const installable = expected.anonymous === 200;
          expect(res.headers['cache-control']).toBe(
            `${installable ? 'public' : 'private'}, max-age=31536000, immutable`,
          );
        }
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('refuses a stranger with the same message as the archive download, and says why to the anonymous', async () => {
    const clients = await setUp('NodeVersionStatusFlagged', 'NodeStatusActive');
    expect((await clients.stranger.get(READS[0] ?? '')).json()).toEqual({
      message: 'Permission denied',
      error: expect.any(String),
      code: 'access.denied',
      params: { publisherId: 'acme' },
    });
    expect((await clients.anonymous.get(READS[0] ?? '')).json()).toEqual({
      message: 'Sign in to see this version',
      error: expect.any(String),
      code: 'code.sign_in',
      params: {},
    });
  });

  it('compares only when both versions are readable', async () => {
    const t = await buildTestApp();
    const owner = await t.factories.user();
    const publisher = await t.factories.publisher({ id: 'acme', owner });
    await seedPack(t, {
      id: 'pack',
      publisher,
      versions: [
        { version: '1.0.0', status: 'NodeVersionStatusActive' },
        { version: '1.1.0', status: 'NodeVersionStatusFlagged' },
      ],
    });
    expect((await t.anon.get('/nodes/pack/compare/1.0.0...1.1.0')).statusCode).toBe(401);
    expect((await t.anon.get('/nodes/pack/compare/1.1.0...1.0.0')).statusCode).toBe(401);
    expect((await (await t.as(owner)).get('/nodes/pack/compare/1.0.0...1.1.0')).statusCode).toBe(200);
  });
});
