import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { publisherWorld } from '../publishers/world.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /publishers/{id}/tokens with an expiry and a pack list', () => {
  it('stores the expiry and the packs in their stored spelling, and lists them', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'Hello-Pack', publisher_id: 'acme' });
    await t.factories.node({ id: 'other-pack', publisher_id: 'acme' });
    const before = Date.now();
    const res = await w.client.owner.post('/publishers/acme/tokens', {
      name: 'CI',
      expiresInDays: 30,
      nodeIds: ['other-pack', 'hello-pack'],
    });
    expect(res.statusCode).toBe(201);
    const { token } = res.json() as { token: string };
    const listed = (await w.client.owner.get('/publishers/acme/tokens')).json() as { expiresAt: string }[];
    expect(listed).toEqual([
      {
        id: expect.any(String),
        name: 'CI',
        description: '',
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        nodeIds: ['Hello-Pack', 'other-pack'],
        lastFour: token.slice(-4),
        token: `crp_***${token.slice(-4)}`,
      },
    ]);
    const expiresAt = Date.parse(listed[0]?.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it.each([
    ['a lifetime of 0 days', { expiresInDays: 0 }, 'Invalid body: expiresInDays must be >= 1'],
    ['a lifetime over a year', { expiresInDays: 366 }, 'Invalid body: expiresInDays must be <= 365'],
    ['a fractional lifetime', { expiresInDays: 1.5 }, 'Invalid body: expiresInDays must be integer'],
    ['an empty pack list', { nodeIds: [] }, 'Invalid body: nodeIds must NOT have fewer than 1 items'],
    ['an empty pack id', { nodeIds: [''] }, 'Invalid body: nodeIds.0 must NOT have fewer than 1 characters'],
  ])('answers 400 for %s and stores nothing', async (_case, extra, message) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/tokens', { name: 'ci', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message,
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
    expect(await t.ctx.db.selectFrom('personal_access_tokens').select('id').execute()).toEqual([]);
  });

  it("answers 400 naming packs that are not the publisher's, and stores nothing", async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'mine', publisher_id: 'acme' });
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'theirs', publisher_id: 'other' });
    const res = await w.client.owner.post('/publishers/acme/tokens', {
      name: 'ci',
      nodeIds: ['mine', 'theirs', 'nowhere'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Not a node of publisher acme: theirs, nowhere',
      error: '',
      code: 'token.unknown_packs',
      params: { publisherId: 'acme', nodeIds: 'theirs, nowhere' },
    });
    expect(await t.ctx.db.selectFrom('personal_access_tokens').select('id').execute()).toEqual([]);
  });
});
