import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../src/modules/auth/secret.js';

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    expect(resolveAuthSecret('x'.repeat(40), dir)).toEqual({ secret: 'x'.repeat(40), generated: false });
  });

  it('otherwise generates one once, keeps it owner-readable in DATA_DIR, and reuses it', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'secret-')), 'data');
    const first = resolveAuthSecret(undefined, dir);
    expect(first.generated).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(undefined, dir)).toEqual({ secret: first.secret, generated: false });
  });
});
