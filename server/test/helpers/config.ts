import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/config/index.js';

/** A valid configuration for tests: defaults, a fresh temporary DATA_DIR, and the given variables. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_API_URL: 'http://registry.test',
    PUBLIC_WEB_URL: 'http://web.test',
    LOG_LEVEL: 'silent',
    // Each app stores its archives and temporary files apart, so parallel test files never share blobs.
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'registry-test-')),
    ...env,
  });
}
