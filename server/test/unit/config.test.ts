import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('loadConfig', () => {
  it('applies defaults and converts numbers and booleans', () => {
    const config = loadConfig({ PORT: '9090', TRUST_PROXY: 'true' });
    expect(config.server.PORT).toBe(9090);
    expect(config.server.WEB_PORT).toBe(3000);
    expect(config.server.TRUST_PROXY).toBe(true);
    expect(config.database.DATA_DIR).toBe('./data');
    expect(config.database.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).server.PORT).toBe(8080);
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const variables = (caught as ConfigError).problems.map((p) => p.variable).sort();
    expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'LOG_LEVEL', 'PORT']));
    expect((caught as ConfigError).message).toContain('PORT');
  });
});
