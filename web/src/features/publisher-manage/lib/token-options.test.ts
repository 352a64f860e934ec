import { describe, expect, it } from 'vitest';
import { canSubmit, hasExpired, tokenBody } from './token-options';

describe('tokenBody', () => {
  it('leaves out the expiry for "never" and the pack list for "every pack"', () => {
    expect(tokenBody({ name: ' CI ', description: '', expiry: null, packs: null })).toEqual({
      name: 'CI',
      description: '',
    });
  });

  it('sends the lifetime in days and the chosen packs', () => {
    expect(tokenBody({ name: 'CI', description: ' x ', expiry: 30, packs: ['a', 'b'] })).toEqual({
      name: 'CI',
      description: 'x',
      expiresInDays: 30,
      nodeIds: ['a', 'b'],
    });
  });
});

describe('canSubmit', () => {
  it('needs a name, and a pack when limited to chosen packs', () => {
    expect(canSubmit({ name: ' ', description: '', expiry: 90, packs: null })).toBe(false);
    expect(canSubmit({ name: 'CI', description: '', expiry: 90, packs: [] })).toBe(false);
    expect(canSubmit({ name: 'CI', description: '', expiry: 90, packs: ['a'] })).toBe(true);
  });
});

describe('hasExpired', () => {
  it('is true from the expiry on, never without one', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    expect(hasExpired('2026-01-02T00:00:00Z', now)).toBe(true);
    expect(hasExpired('2026-01-03T00:00:00Z', now)).toBe(false);
    expect(hasExpired(undefined, now)).toBe(false);
  });
});
