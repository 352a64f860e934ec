import { defaultPasswordPolicy, passwordAcceptable, passwordChecks } from './password-policy';

it('checks only the minimum length under the default policy', () => {
  expect(passwordChecks('abc', defaultPasswordPolicy)).toEqual([{ rule: 'minLength', ok: false }]);
  expect(passwordAcceptable('abcdef', defaultPasswordPolicy)).toBe(true);
});

it('checks every rule the server turns on', () => {
  const policy = {
    minLength: 8,
    maxLength: 12,
    requireLowercase: true,
    requireUppercase: true,
    requireNumeric: true,
    requireNonAlphanumeric: true,
  };
  expect(passwordChecks('abcDEF12', policy)).toEqual([
    { rule: 'minLength', ok: true },
    { rule: 'maxLength', ok: true },
    { rule: 'lowercase', ok: true },
    { rule: 'uppercase', ok: true },
    { rule: 'numeric', ok: true },
    { rule: 'nonAlphanumeric', ok: false },
  ]);
  expect(passwordAcceptable('abcDEF12!', policy)).toBe(true);
  expect(passwordAcceptable('abcDEF12!xxxx', policy)).toBe(false);
});

it('counts characters as a person does (an emoji is one)', () => {
  expect(passwordChecks('😀😀😀😀😀😀', defaultPasswordPolicy)[0]?.ok).toBe(true);
});
