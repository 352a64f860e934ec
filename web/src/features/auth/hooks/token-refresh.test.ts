import { setIdentityToken, storedIdentityToken } from '../../../api/identity-token';
import { getIdentityToken } from '../api/get-identity-token';
import { currentBearerToken, ensureIdentityToken, stopIdentityToken } from './token-refresh';

vi.mock('../api/get-identity-token', () => ({ getIdentityToken: vi.fn() }));

const HOUR = 3_600_000;

describe('identity token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    stopIdentityToken();
    vi.useRealTimers();
  });

  it('fetches a token when none is stored, then refreshes it 5 minutes before it expires', async () => {
    const fetchToken = vi.mocked(getIdentityToken);
    fetchToken.mockResolvedValueOnce({ token: 'first', expiresAt: Date.now() + HOUR });
    await ensureIdentityToken();
    expect(storedIdentityToken()?.token).toBe('first');
    expect(sessionStorage.getItem('idToken')).toBe('first');

    fetchToken.mockResolvedValueOnce({ token: 'second', expiresAt: Date.now() + 2 * HOUR });
    await vi.advanceTimersByTimeAsync(55 * 60_000 - 1);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(await currentBearerToken()).toBe('second');
  });

  it('reuses a stored token that is still fresh', async () => {
    const fetchToken = vi.mocked(getIdentityToken);
    fetchToken.mockClear();
    setIdentityToken({ token: 'kept', expiresAt: Date.now() + 30 * 60_000 });
    expect((await ensureIdentityToken())?.token).toBe('kept');
    expect(fetchToken).not.toHaveBeenCalled();
  });

  it('does not send an expired token', async () => {
    setIdentityToken({ token: 'old', expiresAt: Date.now() - 1 });
    expect(await currentBearerToken()).toBeNull();
  });
});
