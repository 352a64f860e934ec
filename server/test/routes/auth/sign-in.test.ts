import { describe, expect, it } from 'vitest';
import { outboxOf, passwordAccount } from '../../auth/support/accounts.js';
import { waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';

const SIGN_IN = '/api/auth/sign-in/email';

describe('POST /api/auth/sign-in/email', () => {
  it('answers a wrong password and an unknown address with the same INVALID_CREDENTIAL', async () => {
    const t = await buildTestApp();
    await passwordAccount(t, 'ada@example.com', 'right-pass');
    const wrong = await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'wrong-pass' });
    const unknown = await t.anon.post(SIGN_IN, { email: 'nobody@example.com', password: 'wrong-pass' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIAL', message: 'Wrong e-mail address or password.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts the address in any case and compatibility form, and the password in NFKC form', async () => {
    const t = await buildTestApp();
    await passwordAccount(t, 'ada@example.com', 'café-ﬁne');
    const res = await t.anon.post(SIGN_IN, { email: 'ＡＤＡ@Example.com', password: 'cafe\u0301-fine' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unconfirmed address and sends a fresh confirmation link', async () => {
    const t = await buildTestApp();
    await t.anon.post('/api/auth/sign-up/email', { email: 'ada@example.com', password: 'secret-1', name: 'Ada' });
    const res = await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'secret-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: expect.any(String) });
    await waitForMail(outboxOf(t), 'ada@example.com', /Confirm your e-mail/, 2);
  });

  it('refuses a banned account with USER_DISABLED and creates no session', async () => {
    const t = await buildTestApp();
    const user = await passwordAccount(t, 'ada@example.com', 'secret-1');
    await t.ctx.db.updateTable('users').set({ status: 'BANNED' }).where('id', '=', user.id).execute();
    const res = await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'secret-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'USER_DISABLED', message: 'This account has been disabled.' });
    expect(await t.ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('answers a malformed address, a missing or empty password and an oversized body with clear 4xx', async () => {
    const t = await buildTestApp();
    expect((await t.anon.post(SIGN_IN, { email: 'not-an-address', password: 'x' })).json().code).toBe('INVALID_EMAIL');
    const missing = await t.anon.post(SIGN_IN, { email: 'ada@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('INVALID_REQUEST');
    expect((await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: '' })).statusCode).toBe(400);
    const huge = await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'a'.repeat(1_000_000) });
    expect(huge.statusCode).toBe(413);
    const long = await t.anon.post(SIGN_IN, { email: 'ada@example.com', password: 'a'.repeat(10_000) });
    expect(long.json().code).toBe('INVALID_CREDENTIAL');
  });
});
