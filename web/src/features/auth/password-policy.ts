import type { PasswordPolicy } from './api/types';

/** One rule of the password policy. */
export type PasswordRule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

/** A rule that applies under the policy, and whether the password meets it. */
export interface PasswordCheck {
  rule: PasswordRule;
  ok: boolean;
}

/** The policy the server uses when it has not said otherwise. */
export const defaultPasswordPolicy: PasswordPolicy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

/** Checks a password against every rule the policy turns on, in a fixed order. */
export function passwordChecks(password: string, policy: PasswordPolicy): PasswordCheck[] {
  const length = Array.from(password).length;
  const checks: PasswordCheck[] = [{ rule: 'minLength', ok: length >= policy.minLength }];
  if (policy.maxLength !== null) checks.push({ rule: 'maxLength', ok: length <= policy.maxLength });
  if (policy.requireLowercase) checks.push({ rule: 'lowercase', ok: /\p{Ll}/u.test(password) });
  if (policy.requireUppercase) checks.push({ rule: 'uppercase', ok: /\p{Lu}/u.test(password) });
  if (policy.requireNumeric) checks.push({ rule: 'numeric', ok: /\p{Nd}/u.test(password) });
  if (policy.requireNonAlphanumeric) checks.push({ rule: 'nonAlphanumeric', ok: /[^\p{L}\p{N}]/u.test(password) });
  return checks;
}

/** Whether a password meets the whole policy. */
export function passwordAcceptable(password: string, policy: PasswordPolicy): boolean {
  return passwordChecks(password, policy).every((c) => c.ok);
}
