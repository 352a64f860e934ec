import { dictionary } from '@zxcvbn-ts/language-common';
import { type AuthConfig, PASSWORD_HARD_MAX_LENGTH } from '../../config/auth.js';

/** How many of the most common passwords are refused. */
const COMMON_PASSWORD_COUNT = 10_000;

/**
 * The most common passwords of public breach corpora (zxcvbn's list, most common first), lower
 * case: the first ones guessed by anyone trying accounts (NIST SP 800-63B, 5.1.1.2).
 */
const commonPasswords = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

/** The password rules, as `GET /auth/config` publishes them. */
export interface PasswordPolicy {
  minLength: number;
  /** null: no policy maximum (the hard limit still applies). */
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

/** Which rule a password broke; the `rule` of a WEAK_PASSWORD error. */
export type PasswordRule =
  | 'minLength'
  | 'maxLength'
  | 'lowercase'
  | 'uppercase'
  | 'numeric'
  | 'nonAlphanumeric'
  | 'whitespace'
  | 'common';

/** The policy the configuration describes. */
export function passwordPolicy(auth: AuthConfig): PasswordPolicy {
  return {
    minLength: auth.PASSWORD_MIN_LENGTH,
    maxLength: auth.PASSWORD_MAX_LENGTH ?? null,
    requireLowercase: auth.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: auth.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: auth.PASSWORD_REQUIRE_NUMERIC,
    requireNonAlphanumeric: auth.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
  };
}

/**
 * Passwords are compared in NFKC form, so the same password typed on keyboards that produce
 * different but equivalent code points still matches (NIST SP 800-63B, 5.1.1.2).
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/**
 * The first rule a (normalised) password breaks, or null when it meets the policy. Lengths
 * count Unicode code points, so an emoji is one character, as a person would count it. Whatever
 * the configuration, a password of only spaces and one of the most common passwords (compared
 * ignoring case) are refused.
 */
export function brokenPasswordRule(policy: PasswordPolicy, password: string): PasswordRule | null {
  const length = [...password].length;
  if (length < policy.minLength) return 'minLength';
  if (length > (policy.maxLength ?? PASSWORD_HARD_MAX_LENGTH)) return 'maxLength';
  if (password.trim() === '') return 'whitespace';
  if (commonPasswords.has(password.toLowerCase())) return 'common';
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) return 'lowercase';
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return 'uppercase';
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) return 'numeric';
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) return 'nonAlphanumeric';
  return null;
}
