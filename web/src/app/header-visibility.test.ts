import { isHeaderHidden } from './header-visibility';

it.each([
  '/auth/login',
  '/auth/signup',
  '/auth/logout',
  '/auth/forgot-password',
  '/api/anything',
  '/_error',
  '/_app',
  '/_document',
])('hides the header on %s', (path) => {
  expect(isHeaderHidden(path)).toBe(true);
});

it.each(['/', '/nodes', '/admin', '/publishers/acme', '/discord'])('shows the header on %s', (path) => {
  expect(isHeaderHidden(path)).toBe(false);
});
