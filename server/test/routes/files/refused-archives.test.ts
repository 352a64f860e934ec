import { describe, expect, it } from 'vitest';
import type { NodeStatus, NodeVersionStatus } from '../../../src/db/schema.js';
import { buildTestApp } from '../../helpers/app.js';
import { sampleArchive, seedPack, storeArchive } from '../../helpers/catalogue.js';

const KEY = '/files/acme/pack/1.0.0/node.zip';
const PRIVATE = '/nodes/pack/versions/1.0.0/archive';

/** A pack `pack` of publisher `acme` (owner and member) with version 1.0.0 in the given state. */
async function setUp(versionStatus: NodeVersionStatus, nodeStatus: NodeStatus = 'NodeStatusActive') {
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
    versions: [{ version: '1.0.0', status: versionStatus }],
  });
  const clients = {
    anonymous: t.anon,
    stranger: await t.as(stranger),
    member: await t.as(member),
    owner: await t.as(owner),
    admin: await t.as(admin),
  };
  return { t, clients };
}

type Role = 'anonymous' | 'stranger' | 'member' | 'owner' | 'admin';
const ROLES: Role[] = ['anonymous', 'stranger', 'member', 'owner', 'admin'];

/** What `/files/{key}` answers for a version: the archive for installable ones, 404 otherwise. */
const publicCases: [string, NodeVersionStatus, NodeStatus, number][] = [
  ['an Active version', 'NodeVersionStatusActive', 'NodeStatusActive', 200],
  ['a Pending version', 'NodeVersionStatusPending', 'NodeStatusActive', 200],
  ['a Flagged version', 'NodeVersionStatusFlagged', 'NodeStatusActive', 404],
  ['a Banned version', 'NodeVersionStatusBanned', 'NodeStatusActive', 404],
  ['a Deleted (refused) version', 'NodeVersionStatusDeleted', 'NodeStatusActive', 404],
  ['an Active version of a banned pack', 'NodeVersionStatusActive', 'NodeStatusBanned', 404],
  ['an Active version of a deleted pack', 'NodeVersionStatusActive', 'NodeStatusDeleted', 404],
];

describe('GET /files/{key} serves only installable archives', () => {
  it.each(publicCases)(
    '%s (%s, %s): %i for everyone, signed in or not',
    async (_what, versionStatus, nodeStatus, expected) => {
      const { clients } = await setUp(versionStatus, nodeStatus);
      for (const role of ROLES) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await clients[role].inject({ method, url: KEY });
          expect({ role, method, status: res.statusCode }).toEqual({ role, method, status: expected });
          if (expected === 404 && method === 'GET')
            expect(res.json()).toEqual({ message: 'File not found', error: '' });
        }
      }
    },
  );

  it('does not serve a stored archive that no version refers to', async () => {
    const t = await buildTestApp();
    await storeArchive(t, 'acme/orphan/1.0.0/node.zip', sampleArchive());
    expect((await t.anon.get('/files/acme/orphan/1.0.0/node.zip')).statusCode).toBe(404);
  });
});

describe('GET /nodes/{id}/versions/{v}/archive: any status, for the publisher and admins', () => {
  const statuses: NodeVersionStatus[] = [
    'NodeVersionStatusActive',
    'NodeVersionStatusPending',
    'NodeVersionStatusFlagged',
    'NodeVersionStatusBanned',
    'NodeVersionStatusDeleted',
  ];
  const expected: Record<Role, number> = { anonymous: 401, stranger: 403, member: 200, owner: 200, admin: 200 };

  it.each(statuses)('%s: owner, member and admin get the bytes; strangers 403, anonymous 401', async (status) => {
    const { clients } = await setUp(status);
    const bytes = sampleArchive('pack', '1.0.0');
    for (const role of ROLES) {
      const res = await clients[role].get(PRIVATE);
      expect({ role, status: res.statusCode }).toEqual({ role, status: expected[role] });
      if (res.statusCode === 200) {
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.equals(bytes)).toBe(true);
      } else if (role === 'stranger') {
        // Coded, so the web app says it in the reader's language.
        expect(res.json()).toEqual({
          message: 'Permission denied',
          error: 'only members of the publisher and admins may download this archive',
          code: 'access.denied',
          params: { publisherId: 'acme' },
        });
      } else {
        expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
      }
    }
  });

  it('reaches the versions of a banned pack for its publisher and admins', async () => {
    const { clients } = await setUp('NodeVersionStatusActive', 'NodeStatusBanned');
    for (const role of ROLES) {
      expect({ role, status: (await clients[role].get(PRIVATE)).statusCode }).toEqual({ role, status: expected[role] });
    }
  });

  it('answers 404 for an unknown pack or version and 400 for a malformed version', async () => {
    const { clients } = await setUp('NodeVersionStatusFlagged');
    expect((await clients.admin.get('/nodes/nope/versions/1.0.0/archive')).statusCode).toBe(404);
    expect((await clients.admin.get('/nodes/pack/versions/2.0.0/archive')).statusCode).toBe(404);
    expect((await clients.admin.get('/nodes/pack/versions/not-a-version/archive')).statusCode).toBe(400);
  });
});
