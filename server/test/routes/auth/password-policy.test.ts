import { describe, expect, it } from 'vitest';
import { outboxOf, passwordAccount } from '../../auth/support/accounts.js';
import { tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';

const roomy = { AUTH_RATE_LIMIT_SIGN_UP_PER_IP: '1000', AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '1000' };
let n = 0;
const signUp = (t: Awaited<ReturnType<typeof buildTestApp>>, password: string) =>
  t.anon.post('/api/auth/sign-up/email', { email: `p${++n}@example.com`, password, name: 'P' });

const rules = [
  { variable: 'PASSWORD_REQUIRE_LOWERCASE', rule: 'lowercase', bad: 'ABCDEF12!', good: 'ABCDEf12!' },
  { variable: 'PASSWORD_REQUIRE_UPPERCASE', rule: 'uppercase', bad: 'abcdef12!', good: 'abcdeF12!' },
  { variable: 'PASSWORD_REQUIRE_NUMERIC', rule: 'numeric', bad: 'abcdefGH!', good: 'abcdefGH!1' },
  { variable: 'PASSWORD_REQUIRE_NON_ALPHANUMERIC', rule: 'nonAlphanumeric', bad: 'abcdefGH1', good: 'abcdef GH1' },
] as const;

describe('password policy', () => {
  it('publishes the defaults: at least 6 characters, nothing else required', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/auth/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: [],
      passwordPolicy: {
        minLength: 6,
        maxLength: null,
        requireLowercase: false,
        requireUppercase: false,
        requireNumeric: false,
        requireNonAlphanumeric: false,
      },
      emailVerificationRequired: true,
    });
  });

  it('enforces the minimum length (default 6) and a configured one', async () => {
    const t = await buildTestApp(roomy);
    expect((await signUp(t, 'abcde')).json()).toEqual({
      code: 'WEAK_PASSWORD',
      rule: 'minLength',
      message: expect.any(String),
    });
    expect((await signUp(t, 'abcdef')).statusCode).toBe(200);
    const strict = await buildTestApp({ ...roomy, PASSWORD_MIN_LENGTH: '12' });
    expect((await signUp(strict, 'abcdefghijk')).json().rule).toBe('minLength');
    expect((await signUp(strict, 'abcdefghijkl')).statusCode).toBe(200);
  });

  it('refuses the most common passwords and passwords of only spaces, with a clear message', async () => {
    const t = await buildTestApp(roomy);
    for (const common of ['password', '123456789', 'qwerty123', 'iloveyou', 'Dragon', 'PASSWORD1']) {
      const res = await signUp(t, common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json(), common).toEqual({
        code: 'WEAK_PASSWORD',
        rule: 'common',
        message: expect.stringContaining('most commonly used passwords'),
      });
    }
    for (const blank of ['        ', '\t\t\t\t\t\t', '\u3000\u3000\u3000\u3000\u3000\u3000']) {
      const res = await signUp(t, blank);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'WEAK_PASSWORD',
        rule: 'whitespace',
        message: 'The password cannot be only spaces.',
      });
    }
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toEqual([]);
    // Spaces inside a password are fine, and so is a rare one.
    expect((await signUp(t, 'correct horse battery')).statusCode).toBe(200);
    expect((await signUp(t, 'comfy-registry-2026')).statusCode).toBe(200);
  });

  it('counts characters, not bytes: six emoji are six characters', async () => {
    const t = await buildTestApp({ ...roomy, PASSWORD_MAX_LENGTH: '6' });
    expect((await signUp(t, '🙂🙂🙂🙂🙂🙂')).statusCode).toBe(200);
  });

  it('enforces a maximum only when one is set', async () => {
    const open = await buildTestApp(roomy);
    expect((await signUp(open, 'x'.repeat(200))).statusCode).toBe(200);
    const capped = await buildTestApp({ ...roomy, PASSWORD_MAX_LENGTH: '10' });
    expect((await capped.anon.get('/auth/config')).json().passwordPolicy.maxLength).toBe(10);
    expect((await signUp(capped, 'x'.repeat(11))).json()).toEqual({
      code: 'WEAK_PASSWORD',
      rule: 'maxLength',
      message: expect.any(String),
    });
    expect((await signUp(capped, 'x'.repeat(10))).statusCode).toBe(200);
  });

  for (const { variable, rule, bad, good } of rules) {
    it(`${variable}: off accepts "${bad}", on refuses it with rule ${rule} and accepts "${good}"`, async () => {
      const off = await buildTestApp(roomy);
      expect((await signUp(off, bad)).statusCode).toBe(200);
      const on = await buildTestApp({ ...roomy, [variable]: 'true' });
      const config = (await on.anon.get('/auth/config')).json().passwordPolicy;
      expect(Object.values(config).filter((v) => v === true)).toHaveLength(1);
      const refused = await signUp(on, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'WEAK_PASSWORD', rule, message: expect.any(String) });
      expect((await signUp(on, good)).statusCode).toBe(200);
    });
  }

  it('applies to password resets and password changes too', async () => {
    const t = await buildTestApp({ ...roomy, PASSWORD_REQUIRE_NUMERIC: 'true' });
    await passwordAccount(t, 'ada@example.com', 'old-pass-1');
    await t.anon.post('/api/auth/request-password-reset', { email: 'ada@example.com' });
    const token = tokenOf((await waitForMail(outboxOf(t), 'ada@example.com', /Reset your/)).link);
    const weakReset = await t.anon.post('/api/auth/reset-password', { token, newPassword: 'no-digits-here' });
    expect(weakReset.json()).toEqual({ code: 'WEAK_PASSWORD', rule: 'numeric', message: expect.any(String) });

    const signIn = await t.anon.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'old-pass-1' });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const weakChange = await t.anon.post(
      '/api/auth/change-password',
      { currentPassword: 'old-pass-1', newPassword: 'still-no-digits' },
      { cookie, origin: 'http://web.test' },
    );
    expect(weakChange.json()).toEqual({ code: 'WEAK_PASSWORD', rule: 'numeric', message: expect.any(String) });
    // Neither refused attempt changed the password.
    const again = await t.anon.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'old-pass-1' });
    expect(again.statusCode).toBe(200);
  });
});
