import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { countUsers, outboxOf } from '../../auth/support/accounts.js';
import { waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';

const SIGN_UP = '/api/auth/sign-up/email';
const roomy = { AUTH_RATE_LIMIT_SIGN_UP_PER_IP: '1000', AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '1000' };

async function userCount(t: Awaited<ReturnType<typeof buildTestApp>>): Promise<number> {
  return (await t.ctx.db.selectFrom('users').select('id').execute()).length;
}

describe('POST /api/auth/sign-up/email', () => {
  it('answers a second sign-up for an address like a first one, and tells the owner by e-mail', async () => {
    const t = await buildTestApp(roomy);
    const first = await t.anon.post(SIGN_UP, { email: 'ada@example.com', password: 'first-pass', name: 'Ada' });
    const second = await t.anon.post(SIGN_UP, { email: 'ada@example.com', password: 'other-pass', name: 'Eve' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(second.json().token).toBeNull();
    expect(await countUsers(t, 'ada@example.com')).toBe(1);
    const notice = await waitForMail(outboxOf(t), 'ada@example.com', /already have a Comfy Registry account/);
    expect(notice.link).toBe('http://web.test/auth/login');
  });

  it('answers 409 EMAIL_ALREADY_IN_USE when addresses need no confirmation (sign-up signs in at once)', async () => {
    const t = await buildTestApp({ ...roomy, EMAIL_VERIFICATION_REQUIRED: 'false' });
    const first = await t.anon.post(SIGN_UP, { email: 'ada@example.com', password: 'first-pass', name: 'Ada' });
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    const again = await t.anon.post(SIGN_UP, { email: 'ADA@example.com', password: 'other-pass', name: 'Eve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_ALREADY_IN_USE', message: expect.any(String) });
  });

  it.each([
    'plain',
    'a@b',
    '@example.com',
    'a@',
    'a..b@example.com',
    '.a@example.com',
    'a@example..com',
    'a b@example.com',
    `${'x'.repeat(250)}@example.com`,
    '',
  ])('refuses the malformed address %j with 400 INVALID_EMAIL', async (email) => {
    const t = await buildTestApp(roomy);
    const res = await t.anon.post(SIGN_UP, { email, password: 'secret-1', name: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_EMAIL', message: expect.any(String) });
    expect(await userCount(t)).toBe(0);
  });

  it('folds compatibility forms and case, so full-width spelling finds the same account', async () => {
    const t = await buildTestApp({ ...roomy, EMAIL_VERIFICATION_REQUIRED: 'false' });
    await t.anon.post(SIGN_UP, { email: 'ada@example.com', password: 'secret-1', name: 'Ada' });
    const wide = await t.anon.post(SIGN_UP, {
      email: 'ＡＤＡ@ｅｘａｍｐｌｅ.ｃｏｍ',
      password: 'secret-2',
      name: 'Eve',
    });
    expect(wide.statusCode).toBe(409);
    expect(wide.json().code).toBe('EMAIL_ALREADY_IN_USE');
    const kelvin = await t.anon.post(SIGN_UP, { email: ' \u212Aate@Example.COM ', password: 'secret-3', name: 'K' });
    expect(kelvin.statusCode).toBe(200);
    expect(kelvin.json().user.email).toBe('kate@example.com');
    expect(await userCount(t)).toBe(2);
  });

  it.each([
    ['a Cyrillic look-alike letter', '\u0430da@example.com'],
    ['a zero-width space', 'ad\u200Ba@example.com'],
    ['a right-to-left override', 'ada\u202E@example.com'],
    ['a non-ASCII domain', 'ada@exämple.com'],
  ])('refuses an address with %s instead of making a look-alike account', async (_what, email) => {
    const t = await buildTestApp(roomy);
    const res = await t.anon.post(SIGN_UP, { email, password: 'secret-1', name: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_EMAIL');
    expect(await userCount(t)).toBe(0);
  });

  it('refuses fields that would grant privileges', async () => {
    const t = await buildTestApp(roomy);
    for (const extra of [{ isAdmin: true }, { is_admin: true }, { status: 'ACTIVE' }, { emailVerified: true }]) {
      const res = await t.anon.post(SIGN_UP, { email: 'eve@example.com', password: 'secret-1', name: 'Eve', ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.stringContaining('additional') });
    }
    expect(await userCount(t)).toBe(0);
  });

  it('refuses a 1 MB password with 413 before hashing anything', async () => {
    const t = await buildTestApp(roomy);
    const res = await t.anon.post(SIGN_UP, {
      email: 'eve@example.com',
      password: 'a'.repeat(1024 * 1024),
      name: 'Eve',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect(await userCount(t)).toBe(0);
  });

  it('refuses an empty password as too short, and a name with control characters', async () => {
    const t = await buildTestApp(roomy);
    const empty = await t.anon.post(SIGN_UP, { email: 'eve@example.com', password: '', name: 'Eve' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'WEAK_PASSWORD', rule: 'minLength', message: expect.any(String) });
    const name = await t.anon.post(SIGN_UP, { email: 'eve@example.com', password: 'secret-1', name: 'Eve\u0000' });
    expect(name.statusCode).toBe(400);
    expect(name.json().code).toBe('INVALID_REQUEST');
    expect(await userCount(t)).toBe(0);
  });

  it('answers bad JSON, a missing field and a wrong type with 400 INVALID_REQUEST', async () => {
    const t = await buildTestApp(roomy);
    const badJson = await t.anon.inject({
      method: 'POST',
      url: SIGN_UP,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('INVALID_REQUEST');
    const missing = await t.anon.post(SIGN_UP, { email: 'eve@example.com', name: 'Eve' });
    expect(missing.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.stringContaining('password') });
    const wrongType = await t.anon.post(SIGN_UP, { email: ['a'], password: 'secret-1', name: 'Eve' });
    expect(wrongType.statusCode).toBe(400);
    expect(await userCount(t)).toBe(0);
  });

  it('sends no mail for refused sign-ups', async () => {
    const t = await buildTestApp(roomy);
    await t.anon.post(SIGN_UP, { email: 'bad', password: 'secret-1', name: 'X' });
    await t.anon.post(SIGN_UP, { email: 'eve@example.com', password: 'x', name: 'Eve' });
    await new Promise((r) => setTimeout(r, 200));
    await expect(readdir(outboxOf(t))).rejects.toThrow();
  });
});
