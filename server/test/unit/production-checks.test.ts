import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

/** Everything a production start needs. */
const production = {
  REGISTRY_ENV: 'production',
  PUBLIC_API_URL: 'https://api.registry.example',
  PUBLIC_WEB_URL: 'https://registry.example',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  SMTP_URL: 'smtps://mailer:password@smtp.example:465',
};

/** The problems loadConfig refuses `env` with, or [] when it accepts it. */
function problems(env: Record<string, string>): { variable: string; message: string }[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('production checks (REGISTRY_ENV=production)', () => {
  it('accept a configuration with https URLs, a configured secret and mail', () => {
    expect(problems(production)).toEqual([]);
    expect(loadConfig(production).operations.REGISTRY_ENV).toBe('production');
  });

  it('refuse a public API URL that is not https', () => {
    expect(problems({ ...production, PUBLIC_API_URL: 'http://api.registry.example' })).toEqual([
      {
        variable: 'PUBLIC_API_URL',
        message: expect.stringContaining('must be an https:// URL in production (is http://api.registry.example)'),
      },
    ]);
  });

  it('refuse a web URL that is not https', () => {
    expect(problems({ ...production, PUBLIC_WEB_URL: 'http://registry.example' })).toEqual([
      { variable: 'PUBLIC_WEB_URL', message: expect.stringContaining('must be an https:// URL in production') },
    ]);
  });

  it('refuse the generated development secret (AUTH_SECRET unset)', () => {
    const { AUTH_SECRET: _unset, ...env } = production;
    expect(problems(env)).toEqual([
      { variable: 'AUTH_SECRET', message: expect.stringContaining('must be set in production') },
    ]);
  });

  it('refuse missing mail while sign-up needs e-mail verification, and accept it when verification is off', () => {
    const { SMTP_URL: _unset, ...env } = production;
    expect(problems(env)).toEqual([
      { variable: 'SMTP_URL', message: expect.stringContaining('EMAIL_VERIFICATION_REQUIRED') },
    ]);
    expect(problems({ ...env, EMAIL_VERIFICATION_REQUIRED: 'false' })).toEqual([]);
  });

  it('list every problem at once, together with ordinary bad values', () => {
    expect(problems({ REGISTRY_ENV: 'production', PORT: 'eighty' }).map((p) => p.variable)).toEqual([
      'PORT',
      'PUBLIC_API_URL',
      'PUBLIC_WEB_URL',
      'AUTH_SECRET',
      'SMTP_URL',
    ]);
  });

  it('leave development alone: the zero-configuration defaults start as before', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ REGISTRY_ENV: 'development' })).toEqual([]);
    expect(new Set(problems({ REGISTRY_ENV: 'staging' }).map((p) => p.variable))).toEqual(new Set(['REGISTRY_ENV']));
  });

  it('refuse metrics tokens too short to resist guessing', () => {
    expect(problems({ METRICS_TOKEN: 'short' }).map((p) => p.variable)).toEqual(['METRICS_TOKEN']);
  });
});
