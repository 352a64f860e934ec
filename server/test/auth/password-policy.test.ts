import { describe, expect, it } from 'vitest';
import { brokenPasswordRule, type PasswordPolicy } from '../../src/modules/auth/password-policy.js';

const open: PasswordPolicy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

describe('brokenPasswordRule', () => {
  it('reports the first rule broken, or null', () => {
    const all: PasswordPolicy = {
      ...open,
      maxLength: 20,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    };
    expect(brokenPasswordRule(all, 'aB1!')).toBe('minLength');
    expect(brokenPasswordRule(all, 'aB1!'.repeat(6))).toBe('maxLength');
    expect(brokenPasswordRule(all, 'ABCDEF1!')).toBe('lowercase');
    expect(brokenPasswordRule(all, 'abcdef1!')).toBe('uppercase');
    expect(brokenPasswordRule(all, 'abcDEF!!')).toBe('numeric');
    expect(brokenPasswordRule(all, 'abcDEF12')).toBe('nonAlphanumeric');
    expect(brokenPasswordRule(all, 'abcDEF1!')).toBeNull();
  });

  it('understands letters and digits beyond ASCII', () => {
    const cased = { ...open, requireLowercase: true, requireUppercase: true, requireNumeric: true };
    expect(brokenPasswordRule(cased, 'ÄÖÜäöü٣')).toBeNull();
    expect(brokenPasswordRule({ ...open, requireNonAlphanumeric: true }, 'пароль日本')).toBe('nonAlphanumeric');
  });

  it('always refuses more than the hard limit of 4096 characters', () => {
    expect(brokenPasswordRule(open, 'a'.repeat(4096))).toBeNull();
    expect(brokenPasswordRule(open, 'a'.repeat(4097))).toBe('maxLength');
  });
});
