import { describe, expect, it } from 'vitest';
import { passwordAccount } from '../../auth/support/accounts.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const SIGN_IN = '/api/auth/sign-in/email';
const DELETE = '/api/auth/delete-user';
const web = { origin: 'http://web.test' };

function cookieOf(res: { headers: Record<string, unknown> }): string {
  return String(res.headers['set-cookie']).split(';')[0] ?? '';
}

/**
 * Ada owns `solo` alone (one pack, a token made by Ada and one made by nobody), co-owns `shared`
 * with Bob (a token each), and is a plain member of `team` (owned by Bob).
 */
async function world(t: TestApp) {
  const ada = await passwordAccount(t, 'ada@example.com', 'pass-word-1', { name: 'Ada' });
  const bob = await passwordAccount(t, 'bob@example.com', 'pass-word-2', { name: 'Bob' });
  const adaUser = { ...ada, name: 'Ada' };
  const bobUser = { ...bob, name: 'Bob' };
  await t.factories.publisher({ id: 'solo', name: 'Solo', owner: ada });
  await t.factories.node({ id: 'solo-pack', publisher_id: 'solo' });
  await t.factories.publisher({ id: 'shared', name: 'Shared', owner: ada });
  await t.ctx.db
    .insertInto('publisher_members')
    .values({ publisher_id: 'shared', user_id: bob.id, role: 'owner' })
    .execute();
  await t.factories.publisher({ id: 'team', name: 'Team', owner: bob });
  await t.ctx.db
    .insertInto('publisher_members')
    .values({ publisher_id: 'team', user_id: ada.id, role: 'member' })
    .execute();
  const asAda = await t.as(adaUser);
  const asBob = await t.as(bobUser);
  for (const publisher of ['solo', 'shared']) {
    expect((await asAda.post(`/publishers/${publisher}/tokens`, { name: `ada-${publisher}` })).statusCode).toBe(201);
  }
  expect((await asBob.post('/publishers/shared/tokens', { name: 'bob-shared' })).statusCode).toBe(201);
  await t.factories.token('solo');
  return { ada, bob, asAda };
}

const tokenNames = async (t: TestApp) =>
  (await t.ctx.db.selectFrom('personal_access_tokens').select(['publisher_id', 'name']).orderBy('name').execute()).map(
    (row) => `${row.publisher_id}:${row.name}`,
  );

describe('GET /users/account-deletion', () => {
  it('names the publishers owned alone (with their pack counts) and the shared ones', async () => {
    const t = await buildTestApp();
    const { asAda } = await world(t);
    const res = await asAda.get('/users/account-deletion');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      soleOwned: [{ id: 'solo', name: 'Solo', packs: 1 }],
      shared: [
        { id: 'shared', name: 'Shared', role: 'owner' },
        { id: 'team', name: 'Team', role: 'member' },
      ],
    });
    expect((await t.anon.get('/users/account-deletion')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/delete-user', () => {
  it('with the password: the account goes, its packs stay, and publishing stops where it was the last owner', async () => {
    const t = await buildTestApp();
    const { ada, bob } = await world(t);
    const cookie = cookieOf(await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'pass-word-1' }));
    const res = await t.anon.post(DELETE, { password: 'pass-word-1' }, { cookie, ...web });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted' });

    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', ada.id).execute()).toEqual([]);
    expect((await t.anon.get('/nodes/solo-pack')).statusCode).toBe(200);
    expect((await t.anon.get('/publishers/solo')).statusCode).toBe(200);
    // Bob's token in the shared publisher keeps working; Ada's tokens and all of solo's are gone.
    expect(await tokenNames(t)).toEqual(['shared:bob-shared']);
    const members = await t.ctx.db.selectFrom('publisher_members').select(['publisher_id', 'user_id']).execute();
    expect(members).toEqual(
      expect.arrayContaining([
        { publisher_id: 'shared', user_id: bob.id },
        { publisher_id: 'team', user_id: bob.id },
      ]),
    );
    expect(members).toHaveLength(2);
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'pass-word-1' })).statusCode).toBe(401);
    expect((await t.anon.get('/auth/token', { cookie })).statusCode).toBe(401);
  });

  it('refuses a wrong password (400 WRONG_PASSWORD), unknown fields (400) and callers without a session (401), changing nothing', async () => {
    const t = await buildTestApp();
    const { ada } = await world(t);
    const before = await tokenNames(t);
    const cookie = cookieOf(await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'pass-word-1' }));
    const wrong = await t.anon.post(DELETE, { password: 'not-it' }, { cookie, ...web });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 400,
      body: { code: 'WRONG_PASSWORD', message: expect.any(String) },
    });
    const extra = await t.anon.post(DELETE, { password: 'pass-word-1', token: 'x' }, { cookie, ...web });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.any(String) });
    expect((await t.anon.post(DELETE, { password: 'pass-word-1' }, web)).statusCode).toBe(401);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', ada.id).execute()).toEqual([
      { id: ada.id },
    ]);
    expect(await tokenNames(t)).toEqual(before);
  });
});
