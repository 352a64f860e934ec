import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { publisherWorld } from './world.js';

const acme = (members: unknown[]) => ({
  id: 'acme',
  name: 'ACME',
  description: '',
  website: '',
  support: '',
  source_code_repo: '',
  logo: '',
  createdAt: expect.any(String),
  members,
  status: 'PublisherStatusActive',
});

describe('GET /publishers/{id}', () => {
  it('shows members without e-mails to anonymous visitors and strangers', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const expected = acme([
      { id: `acme:${w.users.owner.id}`, user: { id: w.users.owner.id, name: 'Olive Owner' }, role: 'owner' },
      { id: `acme:${w.users.banned.id}`, user: { id: w.users.banned.id, name: 'Ben Banned' }, role: 'owner' },
      { id: `acme:${w.users.member.id}`, user: { id: w.users.member.id, name: 'Mia Member' }, role: 'member' },
      { id: `acme:${w.member2.id}`, user: { id: w.member2.id, name: 'Max Member' }, role: 'member' },
    ]);
    for (const client of [w.client.anonymous, w.client.other]) {
      const res = await client.get('/publishers/acme');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('shows member e-mails to members and admins', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    for (const client of [w.client.member, w.client.owner, w.client.admin]) {
      const res = await client.get('/publishers/acme');
      expect(res.statusCode).toBe(200);
      expect(res.json().members).toEqual([
        expect.objectContaining({ user: { id: w.users.owner.id, name: 'Olive Owner', email: 'owner@example.test' } }),
        expect.objectContaining({ user: { id: w.users.banned.id, name: 'Ben Banned', email: 'banned@example.test' } }),
        expect.objectContaining({ user: { id: w.users.member.id, name: 'Mia Member', email: 'member@example.test' } }),
        expect.objectContaining({ user: { id: w.member2.id, name: 'Max Member', email: 'member2@example.test' } }),
      ]);
    }
  });

  it('answers 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/publishers/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Publisher not found', error: '' });
  });

  it('answers 401 for a malformed identity token instead of reading anonymously', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    const res = await t.anon.get('/publishers/acme', { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid auth token', error: expect.any(String) });
  });
});

describe('GET /publishers', () => {
  it('lists every publisher by id, anonymously, with member names but never e-mails', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const zed = await t.factories.publisher({ id: 'zed', name: 'Zed', status: 'PublisherStatusBanned' });
    for (const client of [w.client.anonymous, w.client.admin]) {
      const res = await client.get('/publishers');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        acme([
          { id: `acme:${w.users.owner.id}`, user: { id: w.users.owner.id, name: 'Olive Owner' }, role: 'owner' },
          { id: `acme:${w.users.banned.id}`, user: { id: w.users.banned.id, name: 'Ben Banned' }, role: 'owner' },
          { id: `acme:${w.users.member.id}`, user: { id: w.users.member.id, name: 'Mia Member' }, role: 'member' },
          { id: `acme:${w.member2.id}`, user: { id: w.member2.id, name: 'Max Member' }, role: 'member' },
        ]),
        { ...acme([]), id: 'zed', name: 'Zed', createdAt: zed.created_at, status: 'PublisherStatusBanned' },
      ]);
    }
  });
});

describe('GET /publishers?search=', () => {
  it('finds publishers by part of their id or name, any case, those starting with it first', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'comfy-tools', name: 'Tools' });
    await t.factories.publisher({ id: 'zeta', name: 'My Comfy Nodes' });
    await t.factories.publisher({ id: 'acme-comfy', name: 'ACME' });
    await t.factories.publisher({ id: 'other', name: 'Other' });
    await t.factories.publisher({ id: 'under_score', name: '100% real' });
    const ids = async (query: string) => {
      const res = await t.anon.get(`/publishers?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((p: { id: string }) => p.id);
    };
    expect(await ids('search=COMFY')).toEqual(['comfy-tools', 'acme-comfy', 'zeta']);
    expect(await ids('search=comfy&limit=1')).toEqual(['comfy-tools']);
    // LIKE's wildcards are plain characters here.
    expect(await ids('search=_')).toEqual(['under_score']);
    expect(await ids('search=%25')).toEqual(['under_score']);
    expect(await ids('search=nobody')).toEqual([]);
    // Without a search, every publisher as before.
    expect(await ids('')).toHaveLength(5);
  });

  it('refuses a limit outside 1..50 with 400', async () => {
    const t = await buildTestApp();
    for (const limit of ['0', '51', 'x']) {
      const res = await t.anon.get(`/publishers?search=a&limit=${limit}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /users/publishers/', () => {
  it("lists the caller's publishers in any role", async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'beta', name: 'Beta', owner: w.users.member });
    await t.factories.publisher({ id: 'gamma', name: 'Gamma' });
    const res = await w.client.member.get('/users/publishers/');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: string }) => p.id)).toEqual(['acme', 'beta']);
    expect(res.json()[1]).toEqual({
      ...acme([
        { id: `beta:${w.users.member.id}`, user: { id: w.users.member.id, name: 'Mia Member' }, role: 'owner' },
      ]),
      id: 'beta',
      name: 'Beta',
    });
  });

  it('answers [] for an account without publishers and 401 without a token', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.other.get('/users/publishers/')).json()).toEqual([]);
    const res = await t.anon.get('/users/publishers/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'missing auth token',
      error: 'missing auth token for path: /users/publishers/',
    });
  });

  it('exists only with the trailing slash', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.owner.get('/users/publishers')).statusCode).toBe(404);
  });
});

describe('GET /publishers/{id}/permissions', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['member', false],
    ['other', false],
    ['banned', false],
  ] as const)('answers canEdit for %s: %s', async (role, canEdit) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client[role].get('/publishers/acme/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ canEdit });
  });

  it('answers canEdit false to the owner of a banned publisher, true to an admin', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.ctx.db.updateTable('publishers').set({ status: 'PublisherStatusBanned' }).execute();
    expect((await w.client.owner.get('/publishers/acme/permissions')).json()).toEqual({ canEdit: false });
    expect((await w.client.admin.get('/publishers/acme/permissions')).json()).toEqual({ canEdit: true });
  });

  it('answers 401 anonymously and 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await t.anon.get('/publishers/acme/permissions')).statusCode).toBe(401);
    const res = await w.client.owner.get('/publishers/nobody/permissions');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Publisher not found', error: '' });
  });
});
