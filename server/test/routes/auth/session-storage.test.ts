import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { up as hashStoredTokens } from '../../../src/db/migrations/0008_hashed_session_tokens.js';
import { resolveAuthSecret } from '../../../src/modules/auth/secret.js';
import { passwordAccount } from '../../auth/support/accounts.js';
import { Browser, listen } from '../../auth/support/browser.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const WEB = 'http://web.test';
const COOKIE = 'registry.session_token';

const sha256 = (text: string) => `sha256$${createHash('sha256').update(text).digest('hex')}`;

/** A session cookie for any value, signed the way better-auth signs its own. */
function signedCookie(t: TestApp, value: string): string {
  const { secret } = resolveAuthSecret(t.config.auth.AUTH_SECRET, t.config.database.DATA_DIR);
  return encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);
}

async function storedTokens(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.ctx.db.selectFrom('sessions').select('token').where('user_id', '=', userId).execute();
  return rows.map((row) => row.token).sort();
}

async function signIn(base: string, email: string, password: string) {
  const tab = new Browser(base, WEB);
  const response = await tab.post('/api/auth/sign-in/email', { email, password });
  expect(response.status).toBe(200);
  return { tab, token: (response.json as { token: string }).token };
}

const signedInAs = async (tab: Browser) =>
  ((await tab.get('/api/auth/get-session')).json as { user?: { email: string } } | null)?.user?.email ?? null;

describe('session tokens at rest', () => {
  it('stores only the SHA-256 of a session token; the cookie still signs the holder in', async () => {
    const t = await buildTestApp();
    const base = await listen(t);
    const user = await passwordAccount(t, 'ada@example.com', 'correct horse');
    const { tab, token } = await signIn(base, user.email, 'correct horse');

    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(await storedTokens(t, user.id)).toEqual([sha256(token)]);
    expect(await signedInAs(tab)).toBe('ada@example.com');
    // Refreshing the session (a later request) finds and updates the same row.
    expect(await storedTokens(t, user.id)).toEqual([sha256(token)]);
  });

  it('does not accept the stored value as a token, even in a correctly signed cookie', async () => {
    const t = await buildTestApp();
    const base = await listen(t);
    const user = await passwordAccount(t, 'ada@example.com', 'correct horse');
    const { token } = await signIn(base, user.email, 'correct horse');
    const [stored = ''] = await storedTokens(t, user.id);

    // The cookie is forged correctly: with the real token it signs in.
    const holder = new Browser(base, WEB);
    holder.cookies.set(COOKIE, signedCookie(t, token));
    expect(await signedInAs(holder)).toBe('ada@example.com');

    const thief = new Browser(base, WEB);
    thief.cookies.set(COOKIE, signedCookie(t, stored));
    expect(await signedInAs(thief)).toBeNull();
    expect((await thief.get('/auth/token')).status).toBe(401);
  });

  it('signs out one session, and ends the others on a password change that asks for it', async () => {
    const t = await buildTestApp();
    const base = await listen(t);
    const user = await passwordAccount(t, 'ada@example.com', 'correct horse');
    const laptop = await signIn(base, user.email, 'correct horse');
    const phone = await signIn(base, user.email, 'correct horse');
    const tablet = await signIn(base, user.email, 'correct horse');
    expect(await storedTokens(t, user.id)).toEqual([laptop, phone, tablet].map((s) => sha256(s.token)).sort());

    expect((await tablet.tab.post('/api/auth/sign-out')).status).toBe(200);
    expect(await signedInAs(tablet.tab)).toBeNull();
    expect(await storedTokens(t, user.id)).toEqual([laptop, phone].map((s) => sha256(s.token)).sort());

    const change = await laptop.tab.post('/api/auth/change-password', {
      currentPassword: 'correct horse',
      newPassword: 'battery staple',
      revokeOtherSessions: true,
    });
    expect(change.status).toBe(200);
    expect(await signedInAs(phone.tab)).toBeNull();
    expect(await signedInAs(laptop.tab)).toBe('ada@example.com');
    expect(await storedTokens(t, user.id)).toHaveLength(1);
    expect((await storedTokens(t, user.id))[0]).toMatch(/^sha256\$[0-9a-f]{64}$/);
  });

  it('hashes the tokens of sessions issued before the change, and their holders stay signed in', async () => {
    const t = await buildTestApp();
    const base = await listen(t);
    const user = await passwordAccount(t, 'ada@example.com', 'correct horse');
    const { tab, token } = await signIn(base, user.email, 'correct horse');
    // As an older release left it: the token itself in the row.
    await t.ctx.db.updateTable('sessions').set({ token }).where('user_id', '=', user.id).execute();

    await hashStoredTokens(t.ctx.db as never, t.ctx.dialect);
    await hashStoredTokens(t.ctx.db as never, t.ctx.dialect);

    expect(await storedTokens(t, user.id)).toEqual([sha256(token)]);
    expect(await signedInAs(tab)).toBe('ada@example.com');
  });
});
