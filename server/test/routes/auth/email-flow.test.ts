import { describe, expect, it } from 'vitest';
import { outboxOf } from '../../auth/support/accounts.js';
import { Browser, listen } from '../../auth/support/browser.js';
import { tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { buildTestApp } from '../../helpers/app.js';

const WEB = 'http://web.test';

const anyUser = (fields: Record<string, unknown>) => ({
  id: expect.any(String),
  image: null,
  isAdmin: false,
  isApproved: false,
  status: 'ACTIVE',
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
  twoFactorEnabled: false,
  ...fields,
});

describe('e-mail and password, end to end over HTTP', () => {
  it('signs up, confirms, signs in, exchanges the session for a token, calls the API, signs out', async () => {
    const t = await buildTestApp({ IDENTITY_TOKEN_TTL_SECONDS: '2' });
    const base = await listen(t);
    const tab = new Browser(base, WEB);

    const signUp = await tab.post('/api/auth/sign-up/email', {
      email: 'Ada@Example.com',
      password: 'correct horse',
      name: 'Ada',
    });
    expect(signUp.status).toBe(200);
    expect(signUp.json).toEqual({
      token: null,
      user: anyUser({ email: 'ada@example.com', name: 'Ada', emailVerified: false }),
    });
    expect(tab.cookies.size).toBe(0);

    // Not confirmed yet: no session.
    const early = await tab.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'correct horse' });
    expect(early.status).toBe(403);
    expect(early.json).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: expect.any(String) });

    const mail = await waitForMail(outboxOf(t), 'ada@example.com', /Confirm your e-mail address/);
    expect(mail.link).toMatch(/^http:\/\/web\.test\/auth\/verify-email\?token=[\w.-]+$/);
    const verified = await tab.get(`/api/auth/verify-email?token=${tokenOf(mail.link)}`);
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ status: true, user: null });
    // Confirming signs the person in; they sign out to show that signing in with the password works.
    expect([...tab.cookies.keys()]).toEqual(['registry.session_token']);
    expect((await tab.get('/api/auth/get-session')).json).toEqual({
      session: expect.any(Object),
      user: anyUser({ email: 'ada@example.com', name: 'Ada', emailVerified: true }),
    });
    expect((await tab.post('/api/auth/sign-out')).status).toBe(200);

    const signIn = await tab.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'correct horse' });
    expect(signIn.status).toBe(200);
    expect(signIn.json).toEqual({
      redirect: false,
      token: expect.any(String),
      user: anyUser({ email: 'ada@example.com', name: 'Ada', emailVerified: true }),
    });
    expect([...tab.cookies.keys()]).toEqual(['registry.session_token']);

    const session = await tab.get('/api/auth/get-session');
    expect(session.json).toEqual({
      session: expect.objectContaining({ userId: (signIn.json as { user: { id: string } }).user.id }),
      user: anyUser({ email: 'ada@example.com', name: 'Ada', emailVerified: true }),
    });

    const exchange = await tab.get('/auth/token');
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('cache-control')).toBe('no-store');
    expect(exchange.json).toEqual({ token: expect.stringMatching(/^eyJ/), expiresAt: expect.any(String) });
    const { token, expiresAt } = exchange.json as { token: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(2000);

    const me = await fetch(`${base}/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: (signIn.json as { user: { id: string } }).user.id,
      email: 'ada@example.com',
      name: 'Ada',
      isApproved: false,
      isAdmin: false,
    });

    const signOut = await tab.post('/api/auth/sign-out');
    expect(signOut.status).toBe(200);
    expect(signOut.json).toEqual({ success: true });
    expect(tab.cookies.size).toBe(0);
    const sessions = await t.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toEqual([]);

    // The old cookie is dead on the server, not just forgotten by the browser.
    const stale = new Browser(base, WEB);
    stale.cookies.set('registry.session_token', (signIn.json as { token: string }).token);
    expect((await tab.get('/auth/token')).json).toEqual({ code: 'UNAUTHENTICATED', message: 'Not signed in.' });
    expect((await stale.get('/auth/token')).status).toBe(401);

    // An identity token issued before sign-out lives out its short lifetime, then is refused.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(expiresAt) - Date.now()) + 1100));
    const expired = await fetch(`${base}/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'invalid auth token', error: '' });
  });

  it('sets a host-only, HttpOnly, SameSite=Lax session cookie, not Secure on http', async () => {
    const t = await buildTestApp({ EMAIL_VERIFICATION_REQUIRED: 'false' });
    const tab = new Browser(await listen(t), WEB);
    const res = await tab.post('/api/auth/sign-up/email', {
      email: 'lin@example.com',
      password: 'secret-1',
      name: 'Lin',
    });
    expect(res.status).toBe(200);
    const cookie = tab.setCookies.find((c) => c.name === 'registry.session_token');
    expect(cookie?.attributes).toEqual(
      new Map([
        ['max-age', '604800'],
        ['path', '/'],
        ['httponly', ''],
        ['samesite', 'Lax'],
      ]),
    );
  });

  it('marks the cookie Secure (with the __Secure- prefix) when the API is served over https', async () => {
    const t = await buildTestApp({ PUBLIC_API_URL: 'https://registry.test', EMAIL_VERIFICATION_REQUIRED: 'false' });
    const res = await t.anon.post('/api/auth/sign-up/email', {
      email: 'lin@example.com',
      password: 'secret-1',
      name: 'Lin',
    });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Secure-registry\.session_token=/);
    expect(header).toMatch(/; Secure/);
  });

  it('lets the web app call with credentials across origins, and nobody else', async () => {
    const t = await buildTestApp({ EMAIL_VERIFICATION_REQUIRED: 'false' });
    const base = await listen(t);
    const preflight = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'OPTIONS',
      headers: {
        origin: WEB,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');

    const tab = new Browser(base, WEB);
    await tab.post('/api/auth/sign-up/email', { email: 'lin@example.com', password: 'secret-1', name: 'Lin' });
    const token = await tab.get('/auth/token');
    expect(token.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(token.headers.get('access-control-allow-credentials')).toBe('true');

    // Another site riding on the cookie: refused, and the session survives.
    const evil = new Browser(base, 'http://evil.test');
    evil.cookies.set('registry.session_token', [...tab.cookies.values()][0] ?? '');
    const forged = await evil.post('/api/auth/sign-out');
    expect(forged.status).toBe(403);
    expect(forged.json).toEqual({ code: 'INVALID_ORIGIN', message: expect.any(String) });
    expect(forged.headers.get('access-control-allow-origin')).not.toBe('http://evil.test');
    expect((await tab.get('/auth/token')).status).toBe(200);
  });
});
