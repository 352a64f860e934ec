import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { logDestination } from '../../src/lib/log-format.js';

describe('LOG_FORMAT', () => {
  it('writes readable lines on an interactive terminal and JSON through a pipe, unless told', () => {
    expect(loadConfig({}).server.LOG_FORMAT).toBe('auto');
    // undefined is pino's own JSON on stdout.
    expect(logDestination('auto', false)).toBeUndefined();
    expect(logDestination('json', true)).toBeUndefined();
    const pretty = logDestination('auto', true);
    expect(pretty).toBeDefined();
    // One stream for every logger of the process, so lines never interleave mid-line.
    expect(logDestination('pretty', false)).toBe(pretty);
  });

  it('refuses a format it does not know', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
