import { describe, expect, it } from 'vitest';
import { passwordAccount } from '../../auth/support/accounts.js';
import { secretOf, totp } from '../../auth/support/totp.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const SIGN_IN = '/api/auth/sign-in/email';
const TF = '/api/auth/two-factor';
const web = { origin: 'http://web.test' };
const EMAIL = 'ada@example.com';
const PASSWORD = 'pass-word-1';
const STEP = 30_000;

/** The cookies a response sets (name=value), leaving out the ones it clears. */
function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** Signs Ada in, turns two-factor sign-in on and confirms it; returns the secret and recovery codes. */
async function enabled(t: TestApp) {
  await passwordAccount(t, EMAIL, PASSWORD, { name: 'Ada' });
  const cookie = cookiesOf(await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD }));
  const start = await t.anon.post(`${TF}/enable`, { password: PASSWORD }, { cookie, ...web });
  expect(start.statusCode).toBe(200);
  const { totpURI, backupCodes } = start.json() as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Comfy%20Registry:ada%40example\.com\?/);
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  const secret = secretOf(totpURI);
  // When the setup's code was taken: a later sign-in uses the next step's code (accepted one
  // step early), since each code works once.
  const at = Date.now();
  const confirm = await t.anon.post(`${TF}/verify-totp`, { code: totp(secret, at) }, { cookie, ...web });
  expect(confirm.statusCode).toBe(200);
  // Turning it on replaces the session; the new cookie is the one to keep.
  return { secret, backupCodes, cookie: cookiesOf(confirm), at };
}

/** The first step of a sign-in: the password is right and a two-factor cookie comes back. */
async function passwordStep(t: TestApp): Promise<string> {
  const res = await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  const cookie = cookiesOf(res);
  expect(cookie).toContain('registry.two_factor=');
  expect(cookie).not.toContain('registry.session_token=');
  return cookie;
}

const sessionOf = async (t: TestApp, cookie: string) => (await t.anon.get('/api/auth/get-session', { cookie })).json();

describe('two-factor sign-in', () => {
  it('is not on until a first code is confirmed, then sign-in needs a code before any session exists', async () => {
    const t = await buildTestApp();
    await passwordAccount(t, EMAIL, PASSWORD);
    const cookie = cookiesOf(await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD }));
    const start = await t.anon.post(`${TF}/enable`, { password: PASSWORD }, { cookie, ...web });
    expect(start.statusCode).toBe(200);
    // Unconfirmed: sign-in still works with the password alone.
    const plain = await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD });
    expect(plain.json()).toMatchObject({ token: expect.any(String) });

    const t2 = await buildTestApp();
    const { secret, at } = await enabled(t2);
    const pending = await passwordStep(t2);
    expect(await sessionOf(t2, pending)).toBeNull();
    // The identity token exchange needs a finished sign-in.
    expect((await t2.anon.get('/auth/token', { cookie: pending })).statusCode).toBe(401);

    // The code of the next step (accepted one step early); the setup used this step's code.
    const done = await t2.anon.post(
      `${TF}/verify-totp`,
      { code: totp(secret, at + STEP) },
      { cookie: pending, ...web },
    );
    expect(done.statusCode).toBe(200);
    const session = cookiesOf(done);
    expect(session).toContain('registry.session_token=');
    expect(await sessionOf(t2, session)).toMatchObject({ user: { email: EMAIL, twoFactorEnabled: true } });
    expect((await t2.anon.get('/auth/token', { cookie: session })).statusCode).toBe(200);
  });

  it('refuses a wrong code with INVALID_TWO_FACTOR_CODE and creates no session', async () => {
    const t = await buildTestApp();
    const { secret } = await enabled(t);
    const pending = await passwordStep(t);
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const res = await t.anon.post(`${TF}/verify-totp`, { code: wrong }, { cookie: pending, ...web });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_TWO_FACTOR_CODE', message: 'This code is wrong or has expired.' });
    expect(cookiesOf(res)).not.toContain('registry.session_token=');
    // Bad input is a 400, and without the two-factor cookie there is nothing to finish.
    expect((await t.anon.post(`${TF}/verify-totp`, { code: '' }, { cookie: pending, ...web })).statusCode).toBe(400);
    const noCookie = await t.anon.post(`${TF}/verify-totp`, { code: totp(secret) }, web);
    expect(noCookie.json()).toMatchObject({ code: 'TWO_FACTOR_EXPIRED' });
    const sessions = await t.ctx.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(1); // only the one made while turning it on
  });

  it('accepts a code once: a replay in its window and a racing second use are refused', async () => {
    const t = await buildTestApp();
    const { secret, cookie, at } = await enabled(t);
    // The setup's own code cannot finish a sign-in afterwards.
    const replayedSetup = await t.anon.post(
      `${TF}/verify-totp`,
      { code: totp(secret, at) },
      { cookie: await passwordStep(t), ...web },
    );
    expect(replayedSetup.statusCode).toBe(401);
    expect(replayedSetup.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect(cookiesOf(replayedSetup)).not.toContain('registry.session_token=');

    // Two sign-ins send the same fresh code at once: exactly one gets a session.
    const code = totp(secret, at + STEP);
    const [a, b] = await Promise.all([passwordStep(t), passwordStep(t)]);
    const answers = await Promise.all(
      [a, b].map((pending) => t.anon.post(`${TF}/verify-totp`, { code }, { cookie: pending, ...web })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // And later, within the window, once more: refused.
    const again = await t.anon.post(`${TF}/verify-totp`, { code }, { cookie: await passwordStep(t), ...web });
    expect(again.statusCode).toBe(401);
    // The signed-in session of the setup is untouched.
    expect(await sessionOf(t, cookie)).toMatchObject({ user: { email: EMAIL } });
  });

  it('lets a recovery code finish a sign-in exactly once', async () => {
    const t = await buildTestApp();
    const { backupCodes } = await enabled(t);
    const code = backupCodes[0] ?? '';
    const first = await t.anon.post(`${TF}/verify-backup-code`, { code }, { cookie: await passwordStep(t), ...web });
    expect(first.statusCode).toBe(200);
    expect(await sessionOf(t, cookiesOf(first))).toMatchObject({ user: { email: EMAIL } });

    const again = await t.anon.post(`${TF}/verify-backup-code`, { code }, { cookie: await passwordStep(t), ...web });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_RECOVERY_CODE' });
  });

  it('regenerates recovery codes (old ones stop working) and turns off with the password', async () => {
    const t = await buildTestApp();
    const { backupCodes, cookie } = await enabled(t);
    const wrongPassword = await t.anon.post(`${TF}/generate-backup-codes`, { password: 'nope' }, { cookie, ...web });
    expect(wrongPassword.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const fresh = await t.anon.post(`${TF}/generate-backup-codes`, { password: PASSWORD }, { cookie, ...web });
    expect(fresh.statusCode).toBe(200);
    const newCodes = (fresh.json() as { backupCodes: string[] }).backupCodes;
    expect(newCodes).not.toEqual(backupCodes);
    const old = await t.anon.post(
      `${TF}/verify-backup-code`,
      { code: backupCodes[0] },
      { cookie: await passwordStep(t), ...web },
    );
    expect(old.json()).toMatchObject({ code: 'INVALID_RECOVERY_CODE' });

    // Turning off: a wrong password changes nothing; no session is refused.
    expect((await t.anon.post(`${TF}/disable`, { password: 'nope' }, { cookie, ...web })).statusCode).toBe(400);
    expect((await t.anon.post(`${TF}/disable`, { password: PASSWORD }, web)).statusCode).toBe(401);
    expect((await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD })).json()).toMatchObject({
      twoFactorRedirect: true,
    });
    const off = await t.anon.post(`${TF}/disable`, { password: PASSWORD }, { cookie, ...web });
    expect(off.statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('two_factors').select('id').execute()).toEqual([]);
    const plain = await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD });
    expect(plain.json()).toMatchObject({ token: expect.any(String), user: { twoFactorEnabled: false } });
  });

  it('only the signed-in account can turn it on (401 without a session, 400 for a wrong password)', async () => {
    const t = await buildTestApp();
    await passwordAccount(t, EMAIL, PASSWORD);
    expect((await t.anon.post(`${TF}/enable`, { password: PASSWORD }, web)).statusCode).toBe(401);
    const cookie = cookiesOf(await t.anon.post(SIGN_IN, { email: EMAIL, password: PASSWORD }));
    const wrong = await t.anon.post(`${TF}/enable`, { password: 'nope' }, { cookie, ...web });
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const extra = await t.anon.post(`${TF}/enable`, { password: PASSWORD, method: 'otp' }, { cookie, ...web });
    expect(extra.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('two_factors').select('id').execute()).toEqual([]);
  });
});
