import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

const web = { origin: 'http://web.test' };

describe('GitHub and Google sign-in', () => {
  it('are offered only when their client id and secret are set', async () => {
    const none = await buildTestApp();
    expect((await none.anon.get('/auth/config')).json().providers).toEqual([]);
    const refused = await none.anon.post(
      '/api/auth/sign-in/social',
      { provider: 'github', callbackURL: 'http://web.test/' },
      web,
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().code).toBe('PROVIDER_NOT_FOUND');

    const t = await buildTestApp({
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    });
    expect((await t.anon.get('/auth/config')).json().providers).toEqual([
      { id: 'github', name: 'GitHub', type: 'social' },
      { id: 'google', name: 'Google', type: 'social' },
    ]);
    for (const [provider, host] of [
      ['github', 'github.com'],
      ['google', 'accounts.google.com'],
    ] as const) {
      const res = await t.anon.post(
        '/api/auth/sign-in/social',
        { provider, callbackURL: 'http://web.test/after' },
        web,
      );
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().url);
      expect(url.host).toBe(host);
      expect(url.searchParams.get('redirect_uri')).toBe(`http://registry.test/api/auth/callback/${provider}`);
      expect(url.searchParams.get('state')).toEqual(expect.any(String));
    }
  });
});
