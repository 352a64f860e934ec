import { type Config, loadConfig } from '../../src/config/index.js';

/** A valid configuration for tests: defaults plus the given environment variables. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_API_URL: 'http://registry.test',
    PUBLIC_WEB_URL: 'http://web.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
}
