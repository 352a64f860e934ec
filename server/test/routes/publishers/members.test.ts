import { describe, expect, it } from 'vitest';
import { outboxOf } from '../../auth/support/accounts.js';
import { waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { denied, publisherWorld } from './world.js';

describe('GET /publishers/{id}/members', () => {
  it('lists members with e-mails, owners first, to members', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.member.get('/publishers/acme/members');
    expect(res.statusCode).toBe(200);
    const entry = (user: { id: string; name: string; email: string }, role: string) => ({
      id: `acme:${user.id}`,
      user: { id: user.id, name: user.name, email: user.email },
      role,
    });
    expect(res.json()).toEqual([
      entry(w.users.owner, 'owner'),
      entry(w.users.banned, 'owner'),
      entry(w.users.member, 'member'),
      entry(w.member2, 'member'),
    ]);
  });

  it('answers 403 to strangers, 401 anonymously and 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.other.get('/publishers/acme/members')).json()).toEqual(denied('acme'));
    expect((await t.anon.get('/publishers/acme/members')).statusCode).toBe(401);
    expect((await w.client.admin.get('/publishers/nobody/members')).statusCode).toBe(404);
  });
});

const invitation = (email: string, role: string) => ({
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  email,
  role,
  createdAt: expect.any(String),
  expiresAt: expect.any(String),
});

/** The audit actions recorded for a publisher, oldest first. */
const auditedActions = async (t: TestApp, publisherId: string) =>
  (
    await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', publisherId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.action);

describe('invitations: nobody joins a publisher without accepting', () => {
  it('invites by e-mail (any case); the invitee is e-mailed and joins only on accepting', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/invitations', {
      email: 'Other@Example.TEST',
      role: 'member',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(invitation('other@example.test', 'member'));
    const { id, createdAt, expiresAt } = res.json();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(7 * 86_400_000);

    // Pending: not a member anywhere, visible to the owners and to the invitee only.
    const names = async () =>
      (await t.anon.get('/publishers/acme')).json().members.map((m: { user: { name: string } }) => m.user.name);
    expect(await names()).not.toContain('Otto Other');
    expect((await w.client.other.get('/users/publishers/')).json()).toEqual([]);
    expect((await w.client.other.get('/publishers/acme/permissions')).json()).toEqual({ canEdit: false });
    expect((await w.client.owner.get('/publishers/acme/invitations')).json()).toEqual([res.json()]);
    expect((await w.client.member.get('/publishers/acme/invitations')).statusCode).toBe(403);
    expect((await w.client.other.get('/users/invitations')).json()).toEqual([
      {
        id,
        publisher: { id: 'acme', name: 'ACME' },
        role: 'member',
        invitedBy: { name: 'Olive Owner' },
        createdAt,
        expiresAt,
      },
    ]);
    const mail = await waitForMail(outboxOf(t), 'other@example.test', /Invitation to the publisher ACME/);
    expect(mail.text).toContain('Olive Owner invited you to join the publisher "ACME" (acme) as a member.');
    expect(mail.link).toBe(`${t.config.server.PUBLIC_WEB_URL.replace(/\/+$/, '')}/nodes#invitations`);

    // Someone else cannot answer it.
    expect((await w.client.member.post(`/users/invitations/${id}/accept`)).statusCode).toBe(404);
    const accepted = await w.client.other.post(`/users/invitations/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().members).toContainEqual({
      id: `acme:${w.users.other.id}`,
      user: { id: w.users.other.id, name: 'Otto Other', email: 'other@example.test' },
      role: 'member',
    });
    expect((await w.client.other.get('/users/publishers/')).json().map((p: { id: string }) => p.id)).toEqual(['acme']);
    expect((await w.client.other.get('/users/invitations')).json()).toEqual([]);
    expect((await w.client.owner.get('/publishers/acme/invitations')).json()).toEqual([]);
    expect((await w.client.other.post(`/users/invitations/${id}/accept`)).json()).toMatchObject({
      code: 'invitation.answered',
    });
    expect(await auditedActions(t, 'acme')).toEqual(['publisher.invite', 'publisher.invitation_accept']);
  });

  it('answers the same for an address with and without an account; the victim is not listed and can still create a publisher', async () => {
    const t = await buildTestApp({ MAX_PUBLISHERS_PER_USER: '2' });
    const attacker = await t.factories.user({ name: 'Mallory' });
    const victim = await t.factories.user({ name: 'Victor Victim', email: 'victim@example.test' });
    const asAttacker = await t.as(attacker);
    const shape = (res: { statusCode: number; json(): Record<string, unknown> }) => {
      const { id: _id, createdAt: _c, expiresAt: _e, email: _m, ...rest } = res.json();
      return { status: res.statusCode, rest, keys: Object.keys(res.json()) };
    };
    for (const id of ['pub-a', 'pub-b', 'pub-c']) {
      await t.factories.publisher({ id, name: id, owner: attacker });
      const known = await asAttacker.post(`/publishers/${id}/invitations`, { email: victim.email, role: 'owner' });
      const unknown = await asAttacker.post(`/publishers/${id}/invitations`, {
        email: 'ghost@example.test',
        role: 'owner',
      });
      expect(shape(known)).toEqual(shape(unknown));
      expect(known.json()).toEqual(invitation(victim.email, 'owner'));
      expect(unknown.json()).toEqual(invitation('ghost@example.test', 'owner'));
      const listed = (await t.anon.get(`/publishers/${id}`)).json().members;
      expect(listed.map((m: { user: { name: string } }) => m.user.name)).toEqual(['Mallory']);
    }
    const asVictim = await t.as(victim);
    expect((await asVictim.get('/users/publishers/')).json()).toEqual([]);
    // Someone who signed up with another person's address, never confirming it, gets nothing.
    const squatter = await t.factories.user({ email: 'colleague@example.test', email_verified: false });
    const toSquatter = await asAttacker.post('/publishers/pub-a/invitations', {
      email: 'colleague@example.test',
      role: 'owner',
    });
    expect(shape(toSquatter)).toEqual(
      shape(await asAttacker.post('/publishers/pub-a/invitations', { email: 'x@example.test', role: 'owner' })),
    );
    expect((await (await t.as(squatter)).get('/users/invitations')).json()).toEqual([]);
    expect((await asVictim.post('/publishers', { id: 'victims-own', name: 'Mine' })).statusCode).toBe(201);
  });

  it('counts only accepted memberships against MAX_PUBLISHERS_PER_USER, refusing to accept at the cap', async () => {
    const t = await buildTestApp({ MAX_PUBLISHERS_PER_USER: '1' });
    const w = await publisherWorld(t);
    const invited = await w.client.owner.post('/publishers/acme/invitations', {
      email: w.users.other.email,
      role: 'member',
    });
    expect((await w.client.other.post('/publishers', { id: 'others', name: 'Others' })).statusCode).toBe(201);
    const refused = await w.client.other.post(`/users/invitations/${invited.json().id}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'User has reached the maximum number of publishers.',
      error: 'limit is 1',
      code: 'publisher.limit_reached',
      params: { max: 1 },
    });
    expect((await w.client.other.get('/users/invitations')).json()).toHaveLength(1);
  });

  it('lets the invitee decline and an owner revoke; answered and expired invitations cannot be accepted', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const invite = async (email: string) =>
      (await w.client.owner.post('/publishers/acme/invitations', { email, role: 'owner' })).json().id as string;
    const declined = await invite(w.users.other.email);
    expect((await w.client.other.post(`/users/invitations/${declined}/decline`)).statusCode).toBe(204);
    expect((await w.client.other.post(`/users/invitations/${declined}/accept`)).json()).toEqual({
      message: 'Invitation already answered',
      error: 'it was declined',
      code: 'invitation.answered',
      params: { status: 'declined' },
    });
    const revoked = await invite(w.users.admin.email);
    expect((await w.client.member.delete(`/publishers/acme/invitations/${revoked}`)).statusCode).toBe(403);
    expect((await w.client.owner.delete(`/publishers/acme/invitations/${revoked}`)).statusCode).toBe(204);
    expect((await w.client.admin.post(`/users/invitations/${revoked}/accept`)).statusCode).toBe(409);
    expect((await w.client.owner.delete(`/publishers/acme/invitations/${revoked}`)).statusCode).toBe(409);

    const expired = await invite(w.member2.email);
    await t.ctx.db
      .updateTable('publisher_invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', expired)
      .execute();
    const asMember2 = await t.as(w.member2);
    expect((await asMember2.get('/users/invitations')).json()).toEqual([]);
    const late = await asMember2.post(`/users/invitations/${expired}/accept`);
    expect([late.statusCode, late.json().code]).toEqual([410, 'invitation.expired']);
    expect((await w.client.other.get('/users/publishers/')).json()).toEqual([]);
    expect((await w.client.admin.get('/users/publishers/')).json()).toEqual([]);
    expect(await auditedActions(t, 'acme')).toEqual([
      'publisher.invite',
      'publisher.invitation_decline',
      'publisher.invite',
      'publisher.invitation_revoke',
      'publisher.invite',
    ]);
  });

  it('limits invitations per publisher and per inviter a day with 429 and Retry-After; asking again for an open one is free', async () => {
    const t = await buildTestApp({ PUBLISHER_INVITATIONS_PER_DAY: '2' });
    const w = await publisherWorld(t);
    const invite = (email: string) => w.client.owner.post('/publishers/acme/invitations', { email, role: 'member' });
    const first = await invite('one@example.test');
    expect((await invite('one@example.test')).json().id).toBe(first.json().id);
    expect((await invite('two@example.test')).statusCode).toBe(201);
    const third = await invite('three@example.test');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(third.json()).toEqual({
      message: 'A publisher can send at most 2 invitations a day',
      error: '',
      code: 'invitation.limit',
      params: { limit: 2 },
    });
    // Revoking does not give the invitation back.
    await w.client.owner.delete(`/publishers/acme/invitations/${first.json().id}`);
    expect((await invite('three@example.test')).statusCode).toBe(429);
    // The same owner cannot go on from another publisher: the limit is also per inviting account.
    await t.factories.publisher({ id: 'acme-two', owner: w.users.owner });
    const elsewhere = await w.client.owner.post('/publishers/acme-two/invitations', {
      email: 'three@example.test',
      role: 'member',
    });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([429, 'You can send at most 2 invitations a day']);
  });

  it.each([
    ['an unknown role', { email: 'other@example.test', role: 'boss' }],
    ['no e-mail', { role: 'member' }],
    ['no e-mail address', { email: 'other', role: 'member' }],
  ])('answers 400 for %s', async (_case, body) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/invitations', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Invalid body: /),
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });
});

describe('PUT /publishers/{id}/members/{userId}', () => {
  it('promotes a member to owner', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.put(`/publishers/acme/members/${w.users.member.id}`, { role: 'owner' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: `acme:${w.users.member.id}`,
      user: { id: w.users.member.id, name: 'Mia Member', email: 'member@example.test' },
      role: 'owner',
    });
    expect((await w.client.member.get('/publishers/acme/permissions')).json()).toEqual({ canEdit: true });
  });

  it('refuses to demote the last owner (409) but demotes one of two', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    // `banned` is the second owner; demote it first, then the remaining owner cannot go.
    expect(
      (await w.client.owner.put(`/publishers/acme/members/${w.users.banned.id}`, { role: 'member' })).statusCode,
    ).toBe(200);
    const res = await w.client.owner.put(`/publishers/acme/members/${w.users.owner.id}`, { role: 'member' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A publisher must keep at least one owner.',
      error: 'make another member an owner first',
    });
  });

  it('answers 404 for an account that is not a member', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.put(`/publishers/acme/members/${w.users.other.id}`, { role: 'member' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Member not found', error: '' });
  });
});

describe('DELETE /publishers/{id}/members/{userId}', () => {
  it('removes a member', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.delete(`/publishers/acme/members/${w.users.member.id}`);
    expect(res.statusCode).toBe(204);
    expect((await w.client.member.get('/users/publishers/')).json()).toEqual([]);
  });

  it('lets a member leave on their own', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.member.delete(`/publishers/acme/members/${w.users.member.id}`)).statusCode).toBe(204);
    expect((await w.client.member.get('/users/publishers/')).json()).toEqual([]);
  });

  it('refuses to remove the last owner, even when they leave themselves', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.owner.delete(`/publishers/acme/members/${w.users.banned.id}`)).statusCode).toBe(204);
    const res = await w.client.owner.delete(`/publishers/acme/members/${w.users.owner.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A publisher must keep at least one owner.',
      error: 'make another member an owner first, or delete the publisher',
    });
    expect((await w.client.admin.delete(`/publishers/acme/members/${w.users.owner.id}`)).statusCode).toBe(409);
  });

  it('answers 404 for a non-member, also when a stranger tries to leave', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.owner.delete(`/publishers/acme/members/${w.users.other.id}`)).json()).toEqual({
      message: 'Member not found',
      error: '',
    });
    expect((await w.client.other.delete(`/publishers/acme/members/${w.users.other.id}`)).statusCode).toBe(404);
  });
});
