import { describe, expect, it } from 'vitest';
import {
  compareVersionsDesc,
  normalizeVersion,
  pickHighestVersion,
} from '../../src/modules/catalogue/latest-version.js';

describe('normalizeVersion', () => {
  it.each([
    ['1.0.0', '1.0.0'],
    ['v1.0.0', '1.0.0'],
    ['1.2', '1.2.0'],
    ['v2', '2.0.0'],
    [' 1.0.0 ', '1.0.0'],
    ['1.0.0-beta.1', '1.0.0-beta.1'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normalizeVersion(input)).toBe(expected);
  });

  it.each(['', 'latest', 'nightly', 'abc 1 def', '1.0.0.0.0', '../1.0.0', 'x'.repeat(100)])('rejects %j', (input) => {
    expect(normalizeVersion(input)).toBeNull();
  });
});

describe('version order', () => {
  it('orders by semver, not text: 1.0.10 above 1.0.9', () => {
    const rows = ['1.0.9', '1.0.10', '1.0.2', '0.9.0'].map((version) => ({ version }));
    expect([...rows].sort(compareVersionsDesc).map((r) => r.version)).toEqual(['1.0.10', '1.0.9', '1.0.2', '0.9.0']);
    expect(pickHighestVersion(rows)?.version).toBe('1.0.10');
  });

  it('ranks a release above its pre-release', () => {
    expect(pickHighestVersion([{ version: '2.0.0-rc.1' }, { version: '2.0.0' }])?.version).toBe('2.0.0');
  });
});
