import { describe, expect, it } from 'vitest';
import { outboxOf, passwordAccount } from '../../auth/support/accounts.js';
import { readOutbox, tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const SIGN_IN = '/api/auth/sign-in/email';
const CHANGE = '/api/auth/change-email';
const web = { origin: 'http://web.test' };

function cookieOf(res: { headers: Record<string, unknown> }): string {
  return String(res.headers['set-cookie']).split(';')[0] ?? '';
}

async function signedIn(t: TestApp, email: string, password: string): Promise<string> {
  return cookieOf(await t.anon.post(SIGN_IN, { email, password }));
}

async function emailOf(t: TestApp, id: string): Promise<string> {
  return (await t.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
}

describe('POST /api/auth/change-email', () => {
  it('mails a link to the new address; the address changes only when it is opened', async () => {
    const t = await buildTestApp();
    const ada = await passwordAccount(t, 'ada@example.com', 'pass-word-1');
    const cookie = await signedIn(t, 'ada@example.com', 'pass-word-1');
    const res = await t.anon.post(CHANGE, { newEmail: ' Ada.New@Example.com ' }, { cookie, ...web });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const mail = await waitForMail(outboxOf(t), 'ada.new@example.com', /Confirm/);
    expect(mail.link).toMatch(/^http:\/\/web\.test\/auth\/verify-email\?token=[\w.-]+$/);
    // Nothing changes before the new mailbox's owner opens the link.
    expect(await emailOf(t, ada.id)).toBe('ada@example.com');

    const verify = await t.anon.get(`/api/auth/verify-email?token=${tokenOf(mail.link)}`, { cookie });
    expect(verify.statusCode).toBe(200);
    expect(await emailOf(t, ada.id)).toBe('ada.new@example.com');
    expect((await t.anon.post(SIGN_IN, { email: 'ada.new@example.com', password: 'pass-word-1' })).statusCode).toBe(
      200,
    );
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'pass-word-1' })).statusCode).toBe(401);
  });

  it('answers the same for an address that has an account, mails nothing and changes nothing', async () => {
    const t = await buildTestApp();
    const ada = await passwordAccount(t, 'ada@example.com', 'pass-word-1');
    await passwordAccount(t, 'bob@example.com', 'pass-word-2');
    const cookie = await signedIn(t, 'ada@example.com', 'pass-word-1');
    const res = await t.anon.post(CHANGE, { newEmail: 'bob@example.com' }, { cookie, ...web });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readOutbox(outboxOf(t))).filter((m) => m.to.includes('bob@example.com'))).toEqual([]);
    expect(await emailOf(t, ada.id)).toBe('ada@example.com');
  });

  it('refuses a malformed address (400 INVALID_EMAIL), unknown fields (400) and callers without a session (401)', async () => {
    const t = await buildTestApp();
    const ada = await passwordAccount(t, 'ada@example.com', 'pass-word-1');
    const cookie = await signedIn(t, 'ada@example.com', 'pass-word-1');
    const bad = await t.anon.post(CHANGE, { newEmail: 'not an address' }, { cookie, ...web });
    expect({ status: bad.statusCode, body: bad.json() }).toEqual({
      status: 400,
      body: { code: 'INVALID_EMAIL', message: expect.any(String) },
    });
    const extra = await t.anon.post(CHANGE, { newEmail: 'x@example.com', email: 'y@example.com' }, { cookie, ...web });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.any(String) });
    const anonymous = await t.anon.post(CHANGE, { newEmail: 'x@example.com' }, web);
    expect(anonymous.statusCode).toBe(401);
    expect(await emailOf(t, ada.id)).toBe('ada@example.com');
  });
});

describe('confirming a new account', () => {
  it('signs the person in and keeps the page they started from in the link', async () => {
    const t = await buildTestApp();
    await t.anon.post('/api/auth/sign-up/email', {
      email: 'cy@example.com',
      password: 'pass-word-3',
      name: 'Cy',
      callbackURL: 'http://web.test/auth/verify-email?fromUrl=%2Fpublishers%2Fcreate',
    });
    const mail = await waitForMail(outboxOf(t), 'cy@example.com', /Confirm/);
    expect(new URL(mail.link ?? '').searchParams.get('fromUrl')).toBe('/publishers/create');
    const verify = await t.anon.get(`/api/auth/verify-email?token=${tokenOf(mail.link)}`);
    expect(verify.statusCode).toBe(200);
    const session = await t.anon.get('/api/auth/get-session', { cookie: cookieOf(verify) });
    expect(session.json()).toEqual(
      expect.objectContaining({ user: expect.objectContaining({ email: 'cy@example.com', emailVerified: true }) }),
    );
    // Opening the link again confirms nothing new and signs nobody in.
    const again = await t.anon.get(`/api/auth/verify-email?token=${tokenOf(mail.link)}`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('drops a return path that leaves the site', async () => {
    const t = await buildTestApp();
    await t.anon.post('/api/auth/sign-up/email', {
      email: 'dee@example.com',
      password: 'pass-word-4',
      name: 'Dee',
      callbackURL: 'http://web.test/auth/verify-email?fromUrl=%2F%2Fevil.example',
    });
    const mail = await waitForMail(outboxOf(t), 'dee@example.com', /Confirm/);
    expect(new URL(mail.link ?? '').searchParams.get('fromUrl')).toBeNull();
  });
});
