import { describe, expect, it } from 'vitest';
import { outboxOf, passwordAccount } from '../../auth/support/accounts.js';
import { readOutbox, tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';

const SIGN_IN = '/api/auth/sign-in/email';
const web = { origin: 'http://web.test' };

async function cookieOf(res: { headers: Record<string, unknown> }): Promise<string> {
  return String(res.headers['set-cookie']).split(';')[0] ?? '';
}

describe('password reset', () => {
  it('mails a single-use link; the new password works, the old one and every session stop working', async () => {
    const t = await buildTestApp();
    await passwordAccount(t, 'ada@example.com', 'old-pass');
    const session = await cookieOf(await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'old-pass' }));
    expect((await t.anon.get('/auth/token', { cookie: session })).statusCode).toBe(200);

    const ask = await t.anon.post('/api/auth/request-password-reset', { email: 'Ada@Example.com' });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toEqual({ status: true, message: expect.any(String) });
    const mail = await waitForMail(outboxOf(t), 'ada@example.com', /Reset your Comfy Registry password/);
    expect(mail.link).toMatch(/^http:\/\/web\.test\/auth\/reset-password\?token=\w+$/);
    const token = tokenOf(mail.link);
    // Only a hash of the token is stored.
    const stored = await t.ctx.db.selectFrom('verifications').select(['identifier', 'value']).execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = await t.anon.post('/api/auth/reset-password', { token, newPassword: 'new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });
    expect((await t.anon.get('/auth/token', { cookie: session })).statusCode).toBe(401);
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'old-pass' })).statusCode).toBe(401);
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'new-pass' })).statusCode).toBe(200);

    // Replaying the link changes nothing.
    const replay = await t.anon.post('/api/auth/reset-password', { token, newPassword: 'attacker-pass' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'attacker-pass' })).statusCode).toBe(401);
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'new-pass' })).statusCode).toBe(200);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const t = await buildTestApp();
    const res = await t.anon.post('/api/auth/request-password-reset', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: expect.any(String) });
    await new Promise((r) => setTimeout(r, 200));
    expect(await readOutbox(outboxOf(t))).toEqual([]);
  });

  it('refuses made-up, empty and oversized tokens with INVALID_TOKEN or INVALID_REQUEST', async () => {
    const t = await buildTestApp();
    const madeUp = await t.anon.post('/api/auth/reset-password', { token: 'x'.repeat(24), newPassword: 'new-pass' });
    expect(madeUp.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
    expect((await t.anon.post('/api/auth/reset-password', { token: '', newPassword: 'new-pass' })).json().code).toBe(
      'INVALID_REQUEST',
    );
    expect(
      (await t.anon.post('/api/auth/reset-password', { token: 'x'.repeat(600), newPassword: 'new-pass' })).json().code,
    ).toBe('INVALID_REQUEST');
  });

  it('keeps the link usable after a refused weak password', async () => {
    const t = await buildTestApp({ PASSWORD_MIN_LENGTH: '8' });
    await passwordAccount(t, 'ada@example.com', 'old-pass-1');
    await t.anon.post('/api/auth/request-password-reset', { email: 'ada@example.com' });
    const token = tokenOf((await waitForMail(outboxOf(t), 'ada@example.com', /Reset/)).link);
    expect((await t.anon.post('/api/auth/reset-password', { token, newPassword: 'short' })).json().rule).toBe(
      'minLength',
    );
    expect((await t.anon.post('/api/auth/reset-password', { token, newPassword: 'long-enough' })).statusCode).toBe(200);
  });

  it('confirms the address of an unconfirmed account (the link proved the mailbox)', async () => {
    const t = await buildTestApp();
    await t.anon.post('/api/auth/sign-up/email', { email: 'ada@example.com', password: 'first-pass', name: 'Ada' });
    await t.anon.post('/api/auth/request-password-reset', { email: 'ada@example.com' });
    const token = tokenOf((await waitForMail(outboxOf(t), 'ada@example.com', /Reset/)).link);
    expect((await t.anon.post('/api/auth/reset-password', { token, newPassword: 'second-pass' })).statusCode).toBe(200);
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'second-pass' })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password: a wrong one is WRONG_PASSWORD and changes nothing', async () => {
    const t = await buildTestApp();
    await passwordAccount(t, 'ada@example.com', 'old-pass');
    const cookie = await cookieOf(await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'old-pass' }));
    const wrong = await t.anon.post(
      '/api/auth/change-password',
      { currentPassword: 'not-it', newPassword: 'new-pass' },
      { cookie, ...web },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'WRONG_PASSWORD', message: 'The current password is wrong.' });
    const right = await t.anon.post(
      '/api/auth/change-password',
      { currentPassword: 'old-pass', newPassword: 'new-pass' },
      { cookie, ...web },
    );
    expect(right.statusCode).toBe(200);
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'new-pass' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const t = await buildTestApp();
    const res = await t.anon.post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'new-pass' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
