import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('identity settings', () => {
  it('have working defaults', () => {
    const { auth, mail } = loadConfig({});
    expect(auth).toMatchObject({
      EMAIL_VERIFICATION_REQUIRED: true,
      PASSWORD_MIN_LENGTH: 6,
      IDENTITY_TOKEN_TTL_SECONDS: 3600,
      ADMIN_EMAILS: '',
    });
    expect(auth.AUTH_SECRET).toBeUndefined();
    expect(mail.SMTP_URL).toBeUndefined();
  });

  it('list every inconsistent or invalid identity variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PASSWORD_MIN_LENGTH: '12',
        PASSWORD_MAX_LENGTH: '8',
        GITHUB_CLIENT_ID: 'id-only',
        OIDC_CLIENT_ID: 'client-without-issuer',
        AUTH_SECRET: 'too-short',
        SMTP_URL: 'http://not-smtp',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).problems.map((p) => p.variable).sort();
    expect(variables).toEqual(
      ['AUTH_SECRET', 'GITHUB_CLIENT_SECRET', 'OIDC_ISSUER', 'PASSWORD_MAX_LENGTH', 'SMTP_URL'].sort(),
    );
  });
});
