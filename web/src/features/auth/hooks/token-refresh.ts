import {
  type IdentityToken,
  isFresh,
  refreshDelay,
  setIdentityToken,
  storedIdentityToken,
} from '../../../api/identity-token';
import { getIdentityToken } from '../api/get-identity-token';

/** Wait before trying again when fetching a token failed. */
const RETRY_AFTER_MS = 30_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<IdentityToken | null> | null = null;

function schedule(token: IdentityToken): void {
  clearTimeout(timer);
  timer = setTimeout(() => void refreshIdentityToken(), refreshDelay(token.expiresAt));
}

/** Fetches a new token now (one request at a time) and schedules the next refresh. */
export function refreshIdentityToken(): Promise<IdentityToken | null> {
  inflight ??= getIdentityToken()
    .then((token) => {
      setIdentityToken(token);
      schedule(token);
      return token;
    })
    .catch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshIdentityToken(), RETRY_AFTER_MS);
      return null;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Makes sure a signed-in session has a fresh token, reusing the stored one until 5 minutes before expiry. */
export function ensureIdentityToken(): Promise<IdentityToken | null> {
  const stored = storedIdentityToken();
  if (isFresh(stored)) {
    if (!inflight) schedule(stored);
    return Promise.resolve(stored);
  }
  return refreshIdentityToken();
}

/** Stops refreshing and forgets the token (signed out). */
export function stopIdentityToken(): void {
  clearTimeout(timer);
  setIdentityToken(null);
}

/**
 * The bearer token for an API call: waits for a refresh in flight, then uses the token the
 * signed-in user has (or the stored one), skipping it once expired.
 */
export async function currentBearerToken(): Promise<string | null> {
  if (inflight) await inflight;
  const token = storedIdentityToken();
  return token && token.expiresAt > Date.now() ? token.token : null;
}
