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

  it('points the public URLs at the configured ports unless they are set', () => {
    const moved = loadConfig({ PORT: '9000', WEB_PORT: '9001' }).server;
    expect([moved.PUBLIC_API_URL, moved.PUBLIC_WEB_URL]).toEqual(['http://localhost:9000', 'http://localhost:9001']);
    const plain = loadConfig({}).server;
    expect([plain.PUBLIC_API_URL, plain.PUBLIC_WEB_URL]).toEqual(['http://localhost:8080', 'http://localhost:3000']);
    const set = loadConfig({ PORT: '9000', PUBLIC_API_URL: 'https://api.example', PUBLIC_WEB_URL: '' }).server;
    expect([set.PUBLIC_API_URL, set.PUBLIC_WEB_URL]).toEqual(['https://api.example', 'http://localhost:3000']);
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

  it('reads WORKERS as a whole number of processes, unset meaning one per core', () => {
    expect(loadConfig({}).cluster.WORKERS).toBeUndefined();
    expect(loadConfig({ WORKERS: '1' }).cluster.WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '4' }).cluster.WORKERS).toBe(4);
    for (const bad of ['0', '-2', 'two']) {
      expect(() => loadConfig({ WORKERS: bad })).toThrow(ConfigError);
      try {
        loadConfig({ WORKERS: bad });
      } catch (error) {
        expect((error as ConfigError).problems.map((p) => p.variable)).toEqual(['WORKERS']);
      }
    }
  });

  it('refuses a fraction or a hexadecimal number for a whole-number setting instead of rounding it', () => {
    for (const bad of ['1.5', '0x10', '1e3']) {
      let caught: unknown;
      try {
        loadConfig({ JOBS_LEASE_SECONDS: bad, PORT: '9090' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).problems).toEqual([
        { variable: 'JOBS_LEASE_SECONDS', message: `must be a whole number (got ${JSON.stringify(bad)})` },
      ]);
    }
    expect(loadConfig({ JOBS_LEASE_SECONDS: ' 30 ' }).jobs.JOBS_LEASE_SECONDS).toBe(30);
  });
});
