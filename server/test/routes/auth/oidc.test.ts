import { OAuth2Server } from 'oauth2-mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordAccount } from '../../auth/support/accounts.js';
import { Browser, listen } from '../../auth/support/browser.js';
import { secretOf, totp } from '../../auth/support/totp.js';
import { buildTestApp } from '../../helpers/app.js';

const WEB = 'http://web.test';
let provider: OAuth2Server | null = null;

afterEach(async () => {
  await provider?.stop();
  provider = null;
});

/** A real OpenID Connect provider on 127.0.0.1 whose user has the given claims. */
async function startProvider(claims: Record<string, unknown>): Promise<string> {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  return provider.issuer.url ?? '';
}

const grace = {
  sub: 'grace-1',
  email: 'Grace@Example.com',
  email_verified: true,
  name: 'Grace',
  picture: 'https://img.test/g.png',
};

async function appWithProvider(claims: Record<string, unknown>, env: Record<string, string> = {}) {
  const issuer = await startProvider(claims);
  const t = await buildTestApp({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'registry',
    OIDC_CLIENT_SECRET: 'provider-secret',
    OIDC_NAME: 'Company SSO',
    ...env,
  });
  return { t, tab: new Browser(await listen(t), WEB) };
}

/**
 * The browser's side of the authorization-code flow: start, follow the provider's redirect,
 * come back to the registry's callback (the callback host in the configuration is not
 * reachable here, so the path is replayed against the test server).
 */
async function signInThroughProvider(tab: Browser) {
  const start = await tab.post('/api/auth/sign-in/oauth2', { providerId: 'oidc', callbackURL: `${WEB}/after` });
  expect(start.status).toBe(200);
  expect(start.json).toEqual({ url: expect.stringContaining('/authorize?'), redirect: true });
  const authorize = new URL((start.json as { url: string }).url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://registry.test/api/auth/callback/oidc');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') ?? '');
  return tab.get(`${back.pathname}${back.search}`);
}

describe('OpenID Connect sign-in', () => {
  it('is offered by /auth/config and completes the authorization-code flow to an identity token', async () => {
    const { t, tab } = await appWithProvider(grace);
    expect((await tab.get('/auth/config')).json).toMatchObject({
      providers: [{ id: 'oidc', name: 'Company SSO', type: 'oidc' }],
    });

    const callback = await signInThroughProvider(tab);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${WEB}/after`);
    expect(tab.cookies.has('registry.session_token')).toBe(true);

    const token = await tab.get('/auth/token');
    expect(token.status).toBe(200);
    const me = await fetch(`${tab.baseUrl}/users`, {
      headers: { authorization: `Bearer ${(token.json as { token: string }).token}` },
    });
    expect(await me.json()).toEqual({
      id: expect.any(String),
      email: 'grace@example.com',
      name: 'Grace',
      isApproved: false,
      isAdmin: false,
    });
    const [account] = await t.ctx.db.selectFrom('accounts').selectAll().execute();
    expect(account).toMatchObject({ provider_id: 'oidc', account_id: 'grace-1', password: null });
    // Provider tokens are stored encrypted.
    expect(account?.access_token).not.toMatch(/^eyJ/);

    // Signing in again finds the same account.
    const again = new Browser(tab.baseUrl, WEB);
    expect((await signInThroughProvider(again)).status).toBe(302);
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('also starts through sign-in/social with the provider id', async () => {
    const { tab } = await appWithProvider(grace);
    const start = await tab.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: `${WEB}/after` });
    expect(start.status).toBe(200);
    expect((start.json as { url: string }).url).toContain('/authorize?');
  });

  it('promotes a provider-verified address listed in ADMIN_EMAILS', async () => {
    const { tab } = await appWithProvider(grace, { ADMIN_EMAILS: 'grace@example.com' });
    await signInThroughProvider(tab);
    const token = (await tab.get('/auth/token')).json as { token: string };
    const me = await fetch(`${tab.baseUrl}/users`, { headers: { authorization: `Bearer ${token.token}` } });
    expect(((await me.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
  });

  it('sends a banned account back to the web app with USER_DISABLED and no session', async () => {
    const { t, tab } = await appWithProvider(grace);
    await signInThroughProvider(tab);
    await t.ctx.db.updateTable('users').set({ status: 'BANNED' }).execute();
    const other = new Browser(tab.baseUrl, WEB);
    const callback = await signInThroughProvider(other);
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${WEB}/auth/login`);
    expect(location.searchParams.get('error')).toBe('USER_DISABLED');
    expect(other.cookies.has('registry.session_token')).toBe(false);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const { t, tab } = await appWithProvider(grace);
    const start = await tab.post('/api/auth/sign-in/oauth2', { providerId: 'oidc', callbackURL: `${WEB}/after` });
    const atProvider = await fetch((start.json as { url: string }).url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const stranger = new Browser(tab.baseUrl, WEB);
    const callback = await stranger.get(`${back.pathname}${back.search}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toContain('error=');
    expect(stranger.cookies.has('registry.session_token')).toBe(false);
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('answers an unknown provider with PROVIDER_NOT_FOUND and untrusted callbacks with INVALID_ORIGIN', async () => {
    const { tab } = await appWithProvider(grace);
    const unknown = await tab.post('/api/auth/sign-in/oauth2', { providerId: 'nope', callbackURL: `${WEB}/after` });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect((unknown.json as { code: string }).code).toBe('PROVIDER_NOT_FOUND');
    const evil = await tab.post('/api/auth/sign-in/oauth2', { providerId: 'oidc', callbackURL: 'https://evil.test/' });
    expect(evil.status).toBe(403);
    expect((evil.json as { code: string }).code).toBe('INVALID_ORIGIN');
  });

  describe('of an account with two-factor sign-in on', () => {
    const PASSWORD = 'pass-word-1';
    const STEP = 30_000;

    /** Grace's account with a password and a confirmed authenticator. */
    async function twoFactorAccount(tab: Browser, t: Awaited<ReturnType<typeof appWithProvider>>['t']) {
      await passwordAccount(t, 'grace@example.com', PASSWORD, { name: 'Grace' });
      const signIn = await tab.post('/api/auth/sign-in/email', { email: 'grace@example.com', password: PASSWORD });
      expect(signIn.status).toBe(200);
      const start = await tab.post('/api/auth/two-factor/enable', { password: PASSWORD });
      const { totpURI, backupCodes } = start.json as { totpURI: string; backupCodes: string[] };
      const secret = secretOf(totpURI);
      // Each code works once: later steps use the next step's code (accepted a step early).
      const at = Date.now();
      expect((await tab.post('/api/auth/two-factor/verify-totp', { code: totp(secret, at) })).status).toBe(200);
      await tab.post('/api/auth/sign-out');
      return { secret, backupCodes, next: totp(secret, at + STEP) };
    }

    const oidcLinks = (t: Awaited<ReturnType<typeof appWithProvider>>['t']) =>
      t.ctx.db.selectFrom('accounts').select('user_id').where('provider_id', '=', 'oidc').execute();

    it('asks for the code before any session, and links the provider only once the code is right', async () => {
      const { t, tab } = await appWithProvider(grace);
      const { next, backupCodes } = await twoFactorAccount(tab, t);

      const attacker = new Browser(tab.baseUrl, WEB);
      const callback = await signInThroughProvider(attacker);
      expect(callback.status).toBe(302);
      const location = new URL(callback.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(`${WEB}/auth/login`);
      expect(location.searchParams.get('secondFactor')).toBe('1');
      expect(location.searchParams.get('fromUrl')).toBe('/after');
      expect(attacker.cookies.has('registry.session_token')).toBe(false);
      expect(attacker.cookies.has('registry.two_factor')).toBe(true);
      expect((await attacker.get('/api/auth/get-session')).json).toBeNull();
      expect((await attacker.get('/auth/token')).status).toBe(401);
      // Not linked while the code is missing: giving up leaves the account as it was.
      expect(await oidcLinks(t)).toEqual([]);
      const wrong = String((Number(next) + 500_000) % 1_000_000).padStart(6, '0');
      const refused = await attacker.post('/api/auth/two-factor/verify-totp', { code: wrong });
      expect(refused.status).toBe(401);
      expect(attacker.cookies.has('registry.session_token')).toBe(false);
      expect(await oidcLinks(t)).toEqual([]);

      // The owner, with the authenticator, finishes the same step.
      const owner = new Browser(tab.baseUrl, WEB);
      await signInThroughProvider(owner);
      const done = await owner.post('/api/auth/two-factor/verify-totp', { code: next });
      expect(done.status).toBe(200);
      expect(owner.cookies.has('registry.session_token')).toBe(true);
      expect((await owner.get('/auth/token')).status).toBe(200);
      const [user] = await t.ctx.db.selectFrom('users').select('id').execute();
      expect(await oidcLinks(t)).toEqual([{ user_id: user?.id }]);

      // Linked now, the provider alone still does not sign in.
      const later = new Browser(tab.baseUrl, WEB);
      const again = await signInThroughProvider(later);
      expect(new URL(again.headers.get('location') ?? '').searchParams.get('secondFactor')).toBe('1');
      expect(later.cookies.has('registry.session_token')).toBe(false);
      const recovery = await later.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
      expect(recovery.status).toBe(200);
      expect(await oidcLinks(t)).toHaveLength(1);
    });
  });
});
