import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

describe('identity endpoints in the OpenAPI document', () => {
  it('are described with their operation ids and the error schema', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    const pairs = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [op.operationId, `${method.toUpperCase()} ${path}`] as const),
    );
    const operations = Object.fromEntries(pairs);
    const expected = {
      getAuthConfig: 'GET /auth/config',
      getIdentityToken: 'GET /auth/token',
      getJwks: 'GET /.well-known/jwks.json',
      getUser: 'GET /users',
      signUpEmail: 'POST /api/auth/sign-up/email',
      signInEmail: 'POST /api/auth/sign-in/email',
      signOut: 'POST /api/auth/sign-out',
      getSession: 'GET /api/auth/get-session',
      signInSocial: 'POST /api/auth/sign-in/social',
      signInOAuth2: 'POST /api/auth/sign-in/oauth2',
      requestPasswordReset: 'POST /api/auth/request-password-reset',
      resetPassword: 'POST /api/auth/reset-password',
      sendVerificationEmail: 'POST /api/auth/send-verification-email',
      verifyEmail: 'GET /api/auth/verify-email',
      changePassword: 'POST /api/auth/change-password',
      updateAuthUser: 'POST /api/auth/update-user',
    };
    expect(operations).toMatchObject(expected);
    // Generated clients need each operation id once.
    for (const id of Object.keys(expected))
      expect(
        pairs.filter(([op]) => op === id),
        id,
      ).toHaveLength(1);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['AuthErrorResponse', 'AuthConfig', 'User']),
    );
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth/') && p.includes('*'))).toEqual([]);
  });
});
