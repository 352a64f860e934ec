import { isFresh, REFRESH_MARGIN_MS, refreshDelay, setIdentityToken, storedIdentityToken } from './identity-token';

describe('token refresh timing', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('refreshes 5 minutes before expiry', () => {
    expect(REFRESH_MARGIN_MS).toBe(300_000);
    expect(refreshDelay(now + 60 * 60_000, now)).toBe(55 * 60_000);
  });

  it('refreshes at once when less than 5 minutes remain or the token expired', () => {
    expect(refreshDelay(now + 4 * 60_000, now)).toBe(0);
    expect(refreshDelay(now - 1000, now)).toBe(0);
  });

  it('treats a token as fresh until the refresh point', () => {
    expect(isFresh({ token: 't', expiresAt: now + 5 * 60_000 + 1 }, now)).toBe(true);
    expect(isFresh({ token: 't', expiresAt: now + 5 * 60_000 }, now)).toBe(false);
    expect(isFresh(null, now)).toBe(false);
  });
});

describe('token storage', () => {
  afterEach(() => setIdentityToken(null));

  it('keeps the token in session storage under idToken', () => {
    setIdentityToken({ token: 'abc', expiresAt: Date.parse('2030-01-01T00:00:00Z') });
    expect(sessionStorage.getItem('idToken')).toBe('abc');
    expect(storedIdentityToken()).toEqual({ token: 'abc', expiresAt: Date.parse('2030-01-01T00:00:00Z') });
  });

  it('forgets it on sign-out', () => {
    setIdentityToken({ token: 'abc', expiresAt: 1 });
    setIdentityToken(null);
    expect(sessionStorage.getItem('idToken')).toBeNull();
    expect(storedIdentityToken()).toBeNull();
  });

  it('reads a token left in session storage by an earlier page load', () => {
    sessionStorage.setItem('idToken', 'from-before');
    sessionStorage.setItem('idTokenExpiresAt', '2030-01-01T00:00:00.000Z');
    expect(storedIdentityToken()?.token).toBe('from-before');
  });
});
