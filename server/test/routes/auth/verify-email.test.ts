import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../../src/modules/auth/secret.js';
import { outboxOf } from '../../auth/support/accounts.js';
import { tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';

async function signedUp(t: Awaited<ReturnType<typeof buildTestApp>>) {
  await t.anon.post('/api/auth/sign-up/email', { email: 'ada@example.com', password: 'secret-1', name: 'Ada' });
  return tokenOf((await waitForMail(outboxOf(t), 'ada@example.com', /Confirm/)).link);
}

async function verified(t: Awaited<ReturnType<typeof buildTestApp>>): Promise<boolean> {
  const row = await t.ctx.db.selectFrom('users').select('email_verified').executeTakeFirstOrThrow();
  return row.email_verified === true || row.email_verified === 1;
}

describe('GET /api/auth/verify-email', () => {
  it('refuses forged, wrongly signed and expired links with INVALID_TOKEN and confirms nothing', async () => {
    const t = await buildTestApp();
    const good = await signedUp(t);
    const claims = { email: 'ada@example.com' };
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const [header, payload] = good.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ email: 'eve@example.com', exp: 9_999_999_999 })).toString('base64url')}.${good.split('.')[2]}`;
    const { secret } = resolveAuthSecret(undefined, t.config.database.DATA_DIR);
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    for (const token of ['garbage', otherSecret, none, tampered, expired]) {
      const res = await t.anon.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
    }
    expect((await t.anon.get('/api/auth/verify-email')).json().code).toBe('INVALID_REQUEST');
    expect(await verified(t)).toBe(false);
  });

  it('confirms once; opening the link again answers 200 and changes nothing', async () => {
    const t = await buildTestApp();
    const token = await signedUp(t);
    expect((await t.anon.get(`/api/auth/verify-email?token=${token}`)).json()).toEqual({ status: true, user: null });
    expect(await verified(t)).toBe(true);
    const again = await t.anon.get(`/api/auth/verify-email?token=${token}`);
    expect(again.statusCode).toBe(200);
    expect(await verified(t)).toBe(true);
  });
});
