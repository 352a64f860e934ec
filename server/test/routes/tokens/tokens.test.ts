import { describe, expect, it } from 'vitest';
import { hashTokenSecret } from '../../../src/modules/tokens/secrets.js';
import { verifyPublisherToken } from '../../../src/modules/tokens/verify.js';
import { buildTestApp } from '../../helpers/app.js';
import { denied, publisherWorld } from '../publishers/world.js';

const SECRET = /^crp_[A-Za-z0-9_-]{43}$/;

describe('POST /publishers/{id}/tokens', () => {
  it('answers 201 with the secret, and stores only its hash', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/tokens', { name: 'GitHub Actions', description: 'CI' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ token: expect.stringMatching(SECRET) });
    const { token } = res.json() as { token: string };
    const rows = await t.ctx.db.selectFrom('personal_access_tokens').selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        publisher_id: 'acme',
        name: 'GitHub Actions',
        description: 'CI',
        token_hash: hashTokenSecret(token),
        token_prefix: 'crp_',
        token_last_four: token.slice(-4),
        expires_at: null,
        node_ids: null,
        created_by: w.users.owner.id,
        last_used_at: null,
        created_at: expect.any(String),
      },
    ]);
  });

  it.each([
    ['no name', {}, "Invalid body: name must have required property 'name'"],
    ['an empty name', { name: '' }, 'Invalid body: name must NOT have fewer than 1 characters'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'Invalid body: name must NOT have more than 100 characters'],
    [
      'a long description',
      { name: 'ci', description: 'd'.repeat(1001) },
      'Invalid body: description must NOT have more than 1000 characters',
    ],
  ])('answers 400 for %s', async (_case, body, message) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/tokens', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message,
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it('answers 400 for a name of blanks', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/tokens', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Token name must be 1 to 100 characters',
      error: '',
      code: 'token.name_length',
      params: { max: 100 },
    });
  });

  it('answers 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.admin.post('/publishers/nobody/tokens', { name: 'ci' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Publisher not found', error: '' });
  });
});

describe('GET /publishers/{id}/tokens', () => {
  it('lists tokens masked to their first and last four characters, oldest first, with last use', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const first = (await w.client.owner.post('/publishers/acme/tokens', { name: 'first' })).json() as { token: string };
    const second = (
      await w.client.owner.post('/publishers/acme/tokens', { name: 'second', description: 'laptop' })
    ).json() as { token: string };
    await verifyPublisherToken(t.ctx.db, 'acme', first.token, 'any-pack');
    const res = await w.client.owner.get('/publishers/acme/tokens');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        name: 'first',
        description: '',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        lastFour: first.token.slice(-4),
        token: `crp_***${first.token.slice(-4)}`,
      },
      {
        id: expect.any(String),
        name: 'second',
        description: 'laptop',
        createdAt: expect.any(String),
        lastFour: second.token.slice(-4),
        token: `crp_***${second.token.slice(-4)}`,
      },
    ]);
    expect(res.body).not.toContain(first.token.slice(4, -4));
  });

  it('shows nothing of another publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const other = await t.factories.publisher({ id: 'other', owner: w.users.other });
    await (await t.as(w.users.other)).post(`/publishers/${other.id}/tokens`, { name: 'theirs' });
    expect((await w.client.owner.get('/publishers/acme/tokens')).json()).toEqual([]);
  });

  it('answers 403 to members and strangers, 401 anonymously', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    for (const client of [w.client.member, w.client.other]) {
      const res = await client.get('/publishers/acme/tokens');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(denied('acme'));
    }
    expect((await t.anon.get('/publishers/acme/tokens')).statusCode).toBe(401);
  });
});

describe('DELETE /publishers/{id}/tokens/{tokenId}', () => {
  it('revokes the token so it no longer verifies', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const { token } = (await w.client.owner.post('/publishers/acme/tokens', { name: 'ci' })).json() as {
      token: string;
    };
    const [listed] = (await w.client.owner.get('/publishers/acme/tokens')).json() as { id: string }[];
    const res = await w.client.owner.delete(`/publishers/acme/tokens/${listed?.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await verifyPublisherToken(t.ctx.db, 'acme', token, 'any-pack')).toBeNull();
    expect((await w.client.owner.get('/publishers/acme/tokens')).json()).toEqual([]);
  });

  it('answers 400 for a token id that is not a UUID', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.delete('/publishers/acme/tokens/not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid params: tokenId must match format "uuid"',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it("answers 404 for another publisher's token and for an unknown one, and keeps the token", async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'other', owner: w.users.other });
    await (await t.as(w.users.other)).post('/publishers/other/tokens', { name: 'theirs' });
    const row = await t.ctx.db.selectFrom('personal_access_tokens').select('id').executeTakeFirstOrThrow();
    for (const id of [row.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await w.client.owner.delete(`/publishers/acme/tokens/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Token not found', error: '', code: 'token.not_found', params: {} });
    }
    expect(await t.ctx.db.selectFrom('personal_access_tokens').select('id').execute()).toEqual([{ id: row.id }]);
  });
});

describe('verifyPublisherToken', () => {
  it('accepts the secret for its own publisher only and records when it was used', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'other' });
    const { token } = (await w.client.owner.post('/publishers/acme/tokens', { name: 'ci' })).json() as {
      token: string;
    };
    const row = await verifyPublisherToken(t.ctx.db, 'acme', token, 'any-pack');
    expect(row).toEqual(
      expect.objectContaining({ publisher_id: 'acme', name: 'ci', last_used_at: expect.any(String) }),
    );
    const stored = await t.ctx.db.selectFrom('personal_access_tokens').select('last_used_at').executeTakeFirstOrThrow();
    expect(stored.last_used_at).toBe(row?.last_used_at);
    expect(await verifyPublisherToken(t.ctx.db, 'other', token, 'any-pack')).toBeNull();
    expect(await verifyPublisherToken(t.ctx.db, 'acme', `${token}x`, 'any-pack')).toBeNull();
    expect(await verifyPublisherToken(t.ctx.db, 'acme', '', 'any-pack')).toBeNull();
  });
});
