import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { newPack } from '../packs/expected.js';

describe('POST /nodes/{nodeId}/reviews', () => {
  it('answers the pack with its rating; a second review by the same user replaces the first', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', name: 'hello', publisher_id: 'acme' });
    const alice = await t.as(await t.factories.user());
    const bob = await t.as(await t.factories.user());
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));

    const first = await alice.post('/nodes/hello/reviews?star=5');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(newPack({ rating: 5 }));
    expect((await bob.post('/nodes/hello/reviews?star=2')).json()).toEqual(newPack({ rating: 3.5 }));
    expect((await alice.post('/nodes/hello/reviews?star=3')).json()).toEqual(newPack({ rating: 2.5 }));

    const totals = await t.ctx.db.selectFrom('nodes').select(['total_star', 'total_review']).executeTakeFirstOrThrow();
    expect(totals).toEqual({ total_star: 5, total_review: 2 });
    expect(await t.ctx.db.selectFrom('reviews').select('star').orderBy('star').execute()).toEqual([
      { star: 2 },
      { star: 3 },
    ]);
    expect(announced).toEqual([['hello'], ['hello'], ['hello']]);
  });

  it("refuses the owners and members of the pack's publisher, and says so before they try", async () => {
    const t = await buildTestApp();
    const ownerUser = await t.factories.user();
    const memberUser = await t.factories.user();
    await t.factories.publisher({ id: 'acme', owner: ownerUser });
    await t.ctx.db
      .insertInto('publisher_members')
      .values({ publisher_id: 'acme', user_id: memberUser.id, role: 'member' })
      .execute();
    await t.factories.node({ id: 'hello', name: 'hello', publisher_id: 'acme' });
    for (const user of [ownerUser, memberUser]) {
      const client = await t.as(user);
      expect((await client.get('/nodes/hello/reviews')).json()).toMatchObject({ can_rate: false });
      const res = await client.post('/nodes/hello/reviews?star=5');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'review.own_pack' });
    }
    const totals = await t.ctx.db.selectFrom('nodes').select(['total_star', 'total_review']).executeTakeFirstOrThrow();
    expect(totals).toEqual({ total_star: 0, total_review: 0 });
    // Anyone else still rates it.
    expect((await (await t.as(await t.factories.user())).post('/nodes/hello/reviews?star=4')).statusCode).toBe(200);
  });

  it('finds the pack by its id in any case', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'Hello', name: 'Hello', publisher_id: 'acme' });
    const res = await (await t.as(await t.factories.user())).post('/nodes/hello/reviews?star=4');
    expect(res.json()).toEqual(newPack({ id: 'Hello', name: 'Hello', rating: 4 }));
  });

  it.each([
    ['star=0', 'star=0', 'Invalid query: star must be >= 1'],
    ['star=6', 'star=6', 'Invalid query: star must be <= 5'],
    ['star=2.5', 'star=2.5', 'Invalid query: star must be integer'],
    ['star=many', 'star=many', 'Invalid query: star must be integer'],
    ['no star', '', "Invalid query: star must have required property 'star'"],
  ])('answers 400 for %s', async (_case, query, message) => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const res = await (await t.as(await t.factories.user())).post(`/nodes/hello/reviews?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message,
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it('answers 404 for an unknown or deleted pack and 403 for a banned one', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'gone', publisher_id: 'acme', status: 'NodeStatusDeleted' });
    await t.factories.node({ id: 'bad', publisher_id: 'acme', status: 'NodeStatusBanned' });
    const client = await t.as(await t.factories.user());
    for (const id of ['missing', 'gone']) {
      const res = await client.post(`/nodes/${id}/reviews?star=1`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Node not found', error: '' });
    }
    const banned = await client.post('/nodes/bad/reviews?star=1');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({ message: 'Node Banned', error: '' });
    expect(await t.ctx.db.selectFrom('reviews').selectAll().execute()).toEqual([]);
  });

  it('answers 401 anonymously and 403 to a banned account', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const anon = await t.anon.post('/nodes/hello/reviews?star=5');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({
      message: 'missing auth token',
      error: 'missing auth token for path: /nodes/hello/reviews',
    });
    const banned = await (await t.as(await t.factories.user({ status: 'BANNED' }))).post('/nodes/hello/reviews?star=5');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({
      message: 'user/publisher is banned',
      error: '',
      code: 'access.user_banned',
      params: {},
    });
  });
});

describe('GET /nodes/{nodeId}/reviews', () => {
  it("answers the rating, the count and the caller's own review", async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const alice = await t.as(await t.factories.user());
    const bob = await t.as(await t.factories.user());

    expect((await t.anon.get('/nodes/hello/reviews')).json()).toEqual({
      rating: 0,
      count: 0,
      mine: null,
      can_rate: true,
    });
    await alice.post('/nodes/hello/reviews?star=4');
    await bob.post('/nodes/hello/reviews?star=1');

    const anon = await t.anon.get('/nodes/hello/reviews');
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ rating: 2.5, count: 2, mine: null, can_rate: true });
    expect((await alice.get('/nodes/Hello/reviews')).json()).toEqual({
      rating: 2.5,
      count: 2,
      mine: { star: 4, updated_at: expect.any(String) },
      can_rate: true,
    });
  });

  it('answers 404 for an unknown or deleted pack and 403 for a banned one', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'gone', publisher_id: 'acme', status: 'NodeStatusDeleted' });
    await t.factories.node({ id: 'bad', publisher_id: 'acme', status: 'NodeStatusBanned' });
    for (const id of ['missing', 'gone']) {
      const res = await t.anon.get(`/nodes/${id}/reviews`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Node not found', error: '' });
    }
    const banned = await t.anon.get('/nodes/bad/reviews');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({ message: 'Node Banned', error: '' });
  });

  it('answers 400 for an id that is too long', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get(`/nodes/${'x'.repeat(201)}/reviews`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid params: nodeId must NOT have more than 200 characters',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });
});

describe('DELETE /nodes/{nodeId}/reviews', () => {
  it('withdraws only the caller’s review and answers the pack with its new rating', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', name: 'hello', publisher_id: 'acme' });
    const alice = await t.as(await t.factories.user());
    const bob = await t.as(await t.factories.user());
    await alice.post('/nodes/hello/reviews?star=5');
    await bob.post('/nodes/hello/reviews?star=2');
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));

    const res = await alice.delete('/nodes/hello/reviews');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(newPack({ rating: 2 }));
    expect((await alice.get('/nodes/hello/reviews')).json()).toEqual({
      rating: 2,
      count: 1,
      mine: null,
      can_rate: true,
    });
    expect(announced).toEqual([['hello']]);

    const again = await alice.delete('/nodes/hello/reviews');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Review not found', error: '' });
  });

  it('answers 401 anonymously, 403 to a banned account and for a banned pack, 404 for an unknown pack', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    await t.factories.node({ id: 'bad', publisher_id: 'acme', status: 'NodeStatusBanned' });
    const anon = await t.anon.delete('/nodes/hello/reviews');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({
      message: 'missing auth token',
      error: 'missing auth token for path: /nodes/hello/reviews',
    });
    const bannedUser = await (await t.as(await t.factories.user({ status: 'BANNED' }))).delete('/nodes/hello/reviews');
    expect(bannedUser.statusCode).toBe(403);
    const client = await t.as(await t.factories.user());
    expect((await client.delete('/nodes/bad/reviews')).json()).toEqual({ message: 'Node Banned', error: '' });
    const missing = await client.delete('/nodes/missing/reviews');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Node not found', error: '' });
  });
});
