import { ApiError } from '../api/errors';
import { authErrorCodes, authErrorKey } from './auth-error-messages';

it('maps every identity error code to its own message', () => {
  for (const code of authErrorCodes) {
    expect(authErrorKey(new ApiError(400, 'x', code))).toBe(`auth.errors.${code}`);
  }
});

it('names the broken rule of a weak password', () => {
  const error = new ApiError(400, 'short', 'WEAK_PASSWORD', { code: 'WEAK_PASSWORD', rule: 'minLength' });
  expect(authErrorKey(error)).toBe('auth.errors.WEAK_PASSWORD_minLength');
});

it('falls back for unknown codes, rate limits and network failures', () => {
  expect(authErrorKey(new ApiError(500, 'x', 'INTERNAL'))).toBe('auth.errors.UNKNOWN');
  expect(authErrorKey(new ApiError(429, 'x'))).toBe('auth.errors.TOO_MANY_REQUESTS');
  expect(authErrorKey(new TypeError('Failed to fetch'))).toBe('auth.errors.NETWORK');
});
