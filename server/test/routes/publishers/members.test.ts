import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
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

describe('POST /publishers/{id}/members', () => {
  it('adds an existing account by e-mail, ignoring case', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/members', { email: 'Other@Example.TEST', role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: `acme:${w.users.other.id}`,
      user: { id: w.users.other.id, name: 'Otto Other', email: 'other@example.test' },
      role: 'member',
    });
    expect((await w.client.other.get('/users/publishers/')).json().map((p: { id: string }) => p.id)).toEqual(['acme']);
  });

  it('answers 404 for an unknown e-mail and 409 for an existing member', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const unknown = await w.client.owner.post('/publishers/acme/members', {
      email: 'nobody@example.test',
      role: 'owner',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'User not found',
      error: 'no account uses this e-mail address; they must sign up first',
    });
    const twice = await w.client.owner.post('/publishers/acme/members', {
      email: 'member@example.test',
      role: 'owner',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'User is already a member of this publisher',
      error: `change their role with PUT .../members/${w.users.member.id}`,
    });
  });

  it.each([
    ['an unknown role', { email: 'other@example.test', role: 'boss' }],
    ['no e-mail', { role: 'member' }],
  ])('answers 400 for %s', async (_case, body) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/members', body);
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
