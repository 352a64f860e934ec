import { describe, expect, it } from 'vitest';
import { passwordAccount, postFrom } from '../../auth/support/accounts.js';
import { buildTestApp } from '../../helpers/app.js';

const SIGN_IN = '/api/auth/sign-in/email';
const A = '203.0.113.1';
const B = '203.0.113.2';

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, max: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(max);
}

describe('identity rate limits', () => {
  it('caps sign-in attempts per client address, leaving other addresses alone', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_SIGN_IN_PER_IP: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' });
    for (let i = 0; i < 3; i++) {
      expect((await postFrom(t, A, SIGN_IN, { email: `x${i}@example.com`, password: 'nope' })).statusCode).toBe(401);
    }
    expectTooMany(await postFrom(t, A, SIGN_IN, { email: 'y@example.com', password: 'nope' }), 600);
    expect((await postFrom(t, B, SIGN_IN, { email: 'y@example.com', password: 'nope' })).statusCode).toBe(401);
  });

  it("does not let one account's failed sign-ins lock everyone else out of a shared address", async () => {
    // Everyone behind one proxy or NAT comes from the same address.
    const t = await buildTestApp();
    await passwordAccount(t, 'bob@example.com', 'bobs-pass');
    for (let i = 0; i < 50; i++) {
      const res = await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: `guess-${i}` });
      expect([401, 429]).toContain(res.statusCode);
    }
    expect((await postFrom(t, A, SIGN_IN, { email: 'bob@example.com', password: 'bobs-pass' })).statusCode).toBe(200);
  });

  it('caps sign-in attempts per account and address below the per-address ceiling', async () => {
    const t = await buildTestApp({
      AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT_AND_IP: '2',
      AUTH_RATE_LIMIT_SIGN_IN_PER_IP: '4',
      AUTH_LOCKOUT_THRESHOLD: '100',
    });
    for (let i = 0; i < 2; i++) {
      expect((await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: 'nope' })).statusCode).toBe(401);
    }
    expectTooMany(await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: 'nope' }), 900);
    // Another account from that address, and that account from elsewhere, may still try ...
    expect((await postFrom(t, A, SIGN_IN, { email: 'bob@example.com', password: 'nope' })).statusCode).toBe(401);
    expect((await postFrom(t, B, SIGN_IN, { email: 'ada@example.com', password: 'nope' })).statusCode).toBe(401);
    // ... until the address's ceiling for all accounts is reached.
    expectTooMany(await postFrom(t, A, SIGN_IN, { email: 'carol@example.com', password: 'nope' }), 900);
  });

  it('caps sign-ups per client address', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_SIGN_UP_PER_IP: '2' });
    for (let i = 0; i < 2; i++) {
      const res = await postFrom(t, A, '/api/auth/sign-up/email', {
        email: `s${i}@example.com`,
        password: 'secret-1',
        name: 'S',
      });
      expect(res.statusCode).toBe(200);
    }
    const third = await postFrom(t, A, '/api/auth/sign-up/email', {
      email: 's9@example.com',
      password: 'secret-1',
      name: 'S',
    });
    expectTooMany(third, 900);
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('caps reset e-mails per address, whoever asks', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '2' });
    const reset = (ip: string) => postFrom(t, ip, '/api/auth/request-password-reset', { email: 'ada@example.com' });
    expect((await reset(A)).statusCode).toBe(200);
    expect((await reset(B)).statusCode).toBe(200);
    expectTooMany(await reset('203.0.113.3'), 900);
  });

  it('backs off failed sign-ins per account and address, for a while only, without locking the owner out', async () => {
    const t = await buildTestApp({ AUTH_LOCKOUT_THRESHOLD: '2', AUTH_LOCKOUT_MAX_SECONDS: '1' });
    await passwordAccount(t, 'ada@example.com', 'right-pass');
    for (let i = 0; i < 2; i++) {
      expect((await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: 'wrong' })).statusCode).toBe(401);
    }
    // Locked for the attacker's address, even with the right password ...
    expectTooMany(await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: 'right-pass' }), 1);
    // ... but the owner elsewhere signs in, and other accounts from that address are unaffected.
    expect((await postFrom(t, B, SIGN_IN, { email: 'ada@example.com', password: 'right-pass' })).statusCode).toBe(200);
    expect((await postFrom(t, A, SIGN_IN, { email: 'other@example.com', password: 'x' })).statusCode).toBe(401);
    // The backoff ends by itself.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: 'right-pass' })).statusCode).toBe(200);
  });

  it('stops distributed guessing of one account, while addresses that signed in before still may', async () => {
    const t = await buildTestApp({ AUTH_ACCOUNT_FAILURES_PER_WINDOW: '3' });
    await passwordAccount(t, 'ada@example.com', 'right-pass');
    const home = '198.51.100.7';
    expect((await postFrom(t, home, SIGN_IN, { email: 'ada@example.com', password: 'right-pass' })).statusCode).toBe(
      200,
    );
    for (const ip of ['203.0.113.11', '203.0.113.12', '203.0.113.13']) {
      expect((await postFrom(t, ip, SIGN_IN, { email: 'ada@example.com', password: 'guess' })).statusCode).toBe(401);
    }
    expectTooMany(
      await postFrom(t, '203.0.113.14', SIGN_IN, { email: 'ada@example.com', password: 'right-pass' }),
      900,
    );
    expect((await postFrom(t, home, SIGN_IN, { email: 'ada@example.com', password: 'right-pass' })).statusCode).toBe(
      200,
    );
  });

  it('keys on the connection address: a forged X-Forwarded-For does not reset the budget', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_SIGN_IN_PER_IP: '2' });
    const attempt = (forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email: 'ada@example.com', password: 'nope' },
        remoteAddress: A,
        headers: { 'x-forwarded-for': forwarded, 'x-registry-client-ip': forwarded },
      });
    expect((await attempt('198.51.100.1')).statusCode).toBe(401);
    expect((await attempt('198.51.100.2')).statusCode).toBe(401);
    expect((await attempt('198.51.100.3')).statusCode).toBe(429);
  });

  it('trusts X-Forwarded-For behind a proxy when TRUST_PROXY is set', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_SIGN_IN_PER_IP: '1', TRUST_PROXY: 'true' });
    const attempt = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: SIGN_IN,
        payload: { email: 'ada@example.com', password: 'nope' },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expect((await attempt(A)).statusCode).toBe(401);
    expect((await attempt(B)).statusCode).toBe(401);
    expect((await attempt(A)).statusCode).toBe(429);
  });

  it('keeps no e-mail or IP address in the counters', async () => {
    const t = await buildTestApp();
    await postFrom(t, A, SIGN_IN, { email: 'ada@example.com', password: 'nope' });
    const rows = await t.ctx.db.selectFrom('auth_rate_limits').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
